import type { AuditEventResponse } from '../../contracts/audit';
import type { HttpClient } from './httpClient';
import { dayRange } from './kit/dayRange';
import { pagedListResource } from './kit/pagedList';
import { resourceProvider } from './kit/resourceProvider';

export const AUDIT_RESOURCE = 'auditEvents';

/** One event of the audit trail as GET /api/audit/events/ answers it. */
export type AuditEvent = AuditEventResponse;

/**
 * The audit service: the events in the paged dialect, filters {time: local day range, action, actor: uid, target_type}
 * and the search `q` (query); one event at GET /events/{id}/.
 */
export function createAuditProvider(auditUrl: string, httpClient: HttpClient) {
  const paged = pagedListResource<AuditEvent>(httpClient, {
    url: `${auditUrl}/events/`,
    filters: { time: dayRange, action: true, actor: true, target_type: true },
    defaultSort: { field: 'time', order: 'DESC' },
    getId: (item) => item.id,
    itemUrl: (id) => `${auditUrl}/events/${encodeURIComponent(String(id))}/`,
  });
  return resourceProvider(paged);
}
