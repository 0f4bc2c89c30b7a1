import { FileSearch } from '../../contracts/files';
import { pageReader } from '../shared/paging';

/** What this service reads out of a request beyond its wire shape (contracts/files.ts): the file search's paged request, defaults applied. */
export const readFileSearch = pageReader(FileSearch);
export type FileSearchRequest = ReturnType<typeof readFileSearch>;
