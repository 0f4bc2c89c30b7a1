import { MailLogSearch } from '../../contracts/mail';
import { pageReader } from '../shared/paging';

/** What this service reads out of a request beyond its wire shape (contracts/mail.ts): the mail log's paged request, defaults applied. */
export const readMailLogSearch = pageReader(MailLogSearch);
export type MailLogRequest = ReturnType<typeof readMailLogSearch>;
