import { UserSearch } from '../../contracts/auth';
import { pageReader } from '../shared/paging';

/** What this service reads out of a request beyond its wire shape (contracts/auth.ts): the users list's paged request, defaults applied. */
export const readUserSearchDefaults = pageReader(UserSearch);
export type UserSearchRequest = ReturnType<typeof readUserSearchDefaults>;
