import type { SpecListOptions } from '../../common/urlListState';

/** The file search's URL state (default sort uploaded descending, 10 per page). */
export const FILES_URL_STATE: SpecListOptions = {
  defaultSort: { field: 'uploaded', order: 'DESC' },
  defaultPageSize: 10,
  sortFields: ['name', 'size', 'content_type', 'description', 'uploaded'],
  filters: { uploaded: ['from', 'to'], reference: ['kind'] },
};
