import type { SpecListOptions } from '../../../common/urlListState';

/**
 * The mail log's URL state: newest requested first, 10 per page; the state chips as state=failed,retrying (one value,
 * the states separated by commas) and the requested range as requested__from / requested__to (days).
 */
export const MAIL_LOG_URL_STATE: SpecListOptions = {
  defaultSort: { field: 'requested_time', order: 'DESC' },
  defaultPageSize: 10,
  sortFields: ['requested_time', 'state', 'sender', 'subject'],
  filters: { state: [], requested: ['from', 'to'] },
};
