import type { SortPayload } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../common/ListPagination';

/** The user list's starting parameters; the layout loads the list with the same ones, so the list finds it cached. */
export const USERS_LIST_DEFAULTS = {
  pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE },
  sort: { field: 'publicName', order: 'ASC' } as SortPayload,
  filter: {},
};
