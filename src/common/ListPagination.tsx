import { Pagination } from 'react-admin';

/** Every list of the panel starts with 10 rows per page and offers these page sizes. */
export const DEFAULT_PAGE_SIZE = 10;
const PAGE_SIZES = [10, 25, 50, 100];

/** The lists' pager with the panel's page sizes. */
export const ListPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;
