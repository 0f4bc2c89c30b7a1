import { EventSearch } from '../../contracts/audit';
import { pageReader } from '../shared/paging';

/** What this service reads out of a request beyond its wire shape (contracts/audit.ts): the audit trail's paged request, defaults applied. */
export const readEventSearch = pageReader(EventSearch);
export type EventSearchRequest = ReturnType<typeof readEventSearch>;
