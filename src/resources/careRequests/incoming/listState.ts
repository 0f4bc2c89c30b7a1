import type { SpecListOptions } from '../../../common/urlListState';

/** The incoming list's URL state (page 1, size 10, submitted descending; filter submitted__from / submitted__to). */
export const INCOMING_URL_STATE: SpecListOptions = {
  defaultSort: { field: 'submitted', order: 'DESC' },
  defaultPageSize: 10,
  sortFields: ['submitted'],
  filters: { submitted: ['from', 'to'] },
};
