import type { SpecListOptions } from '../../../common/urlListState';

/**
 * The incoming list's URL state (page 1, size 10, submitted descending; filters submitted__from / submitted__to, status as
 * comma-separated statuses, assignee me | none | a uid, follow_up__from / follow_up__to).
 */
export const INCOMING_URL_STATE: SpecListOptions = {
  defaultSort: { field: 'submitted', order: 'DESC' },
  defaultPageSize: 10,
  sortFields: ['submitted', 'follow_up'],
  filters: { submitted: ['from', 'to'], status: [], assignee: [], follow_up: ['from', 'to'] },
};
