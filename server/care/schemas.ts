import { CareRequestList } from '../../contracts/care';
import { pageReader } from '../shared/paging';

/** What this service reads out of a request beyond its wire shape (contracts/care.ts): the care lists' paged request, defaults applied. */
export const readCareList = pageReader(CareRequestList);
export type CareListRequest = ReturnType<typeof readCareList>;
