import type { GetListParams, GetListResult } from 'react-admin';
import type { AuditEventResponse } from '../../server/audit/schemas';
import type { HttpClient } from './httpClient';
import { dayRange } from './kit/dayRange';
import { pagedListResource } from './kit/pagedList';
import { resourceProvider } from './kit/resourceProvider';

export const AUDIT_RESOURCE = 'auditEvents';

/** One event of the audit trail as GET /api/audit/events/ answers it. */
export type AuditEvent = AuditEventResponse;

/** The largest page the service answers; a longer page (the CSV export) is read page by page. */
export const AUDIT_PAGE_SIZE_LIMIT = 100;

/**
 * The audit service: the events in the paged dialect, filters {time: local day range, action, actor: uid, target_type}
 * and the search `q` (query); one event at GET /events/{id}/. A getList asking for more than 100 rows reads consecutive
 * pages of 100 (the export asks for all rows the filter selects, up to its cap).
 */
export function createAuditProvider(auditUrl: string, httpClient: HttpClient) {
  const paged = pagedListResource<AuditEvent>(httpClient, {
    url: `${auditUrl}/events/`,
    filters: { time: dayRange, action: true, actor: true, target_type: true },
    defaultSort: { field: 'time', order: 'DESC' },
    getId: (item) => item.id,
    itemUrl: (id) => `${auditUrl}/events/${encodeURIComponent(String(id))}/`,
  });

  const readInPages = async (resource: string, params: GetListParams): Promise<GetListResult<AuditEvent>> => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: AUDIT_PAGE_SIZE_LIMIT };
    const first = (Math.max(1, page) - 1) * perPage;
    const rows: AuditEvent[] = [];
    let apiPage = Math.floor(first / AUDIT_PAGE_SIZE_LIMIT) + 1;
    let skip = first % AUDIT_PAGE_SIZE_LIMIT;
    let total = 0;
    for (;;) {
      const result = await paged.getList(resource, { ...params, pagination: { page: apiPage, perPage: AUDIT_PAGE_SIZE_LIMIT } });
      total = result.total ?? 0;
      rows.push(...result.data.slice(skip, skip + perPage - rows.length));
      skip = 0;
      if (rows.length >= perPage || !result.pageInfo?.hasNextPage || result.data.length === 0) break;
      apiPage += 1;
    }
    return { data: rows, total, pageInfo: { hasPreviousPage: first > 0, hasNextPage: first + rows.length < total } };
  };

  return resourceProvider({
    ...paged,
    getList: (resource: string, params: GetListParams) =>
      (params.pagination?.perPage ?? 0) > AUDIT_PAGE_SIZE_LIMIT ? readInPages(resource, params) : paged.getList(resource, params),
  });
}
