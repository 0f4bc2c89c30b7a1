import type { SpecListOptions } from '../../common/urlListState';

/** The audit list's URL state: newest first, 25 per page; filters time__from/time__to, action, actor, target_type. */
export const AUDIT_URL_STATE: SpecListOptions = {
  defaultSort: { field: 'time', order: 'DESC' },
  defaultPageSize: 25,
  sortFields: ['time', 'action', 'actor'],
  filters: { time: ['from', 'to'], action: [], actor: [], target_type: [] },
};

export const AUDIT_PATH = '/audit/';
export const auditEventPath = (id: string | number) => `${AUDIT_PATH}${encodeURIComponent(String(id))}/`;
