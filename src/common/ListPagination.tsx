import { useState } from 'react';
import { Box, Button, type TablePaginationProps } from '@mui/material';
import {
  Pagination,
  type PaginationProps,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { EXACT_TOTAL_META, type PagedListMeta } from '../dataProviders/kit/pagedList';
import { useListFilters } from './listFilters';

/** Every list of the panel starts with 10 rows per page and offers these page sizes. */
export const DEFAULT_PAGE_SIZE = 10;
const PAGE_SIZES = [10, 25, 50, 100];

/**
 * The lists' pager with the panel's page sizes. A paged service counts at most past 1,000 matches (meta.totalIsLowerBound,
 * src/dataProviders/kit/pagedList.ts): the pager then says "of more than 1,000" and offers to count them all, once, for the
 * current search and filters.
 */
export const ListPagination = () => {
  const list = useListContext();
  const { total } = list;
  const meta: unknown = list.meta;
  const exactTotal = useExactTotal();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lowerBound = (meta as Partial<PagedListMeta> | undefined)?.totalIsLowerBound === true && total != null;
  if (!lowerBound) return <Pagination rowsPerPageOptions={PAGE_SIZES} />;

  const number = (value: number) => value.toLocaleString(locale);
  // the service's lower bound is one past what it counted for sure
  const shownTotal =
    exactTotal.value != null
      ? number(exactTotal.value)
      : translate('caredesk.list.more_than', { count: number(total - 1) });
  // Pagination passes these on to MUI's TablePagination; its own props do not declare them
  const tableProps: Partial<TablePaginationProps> = {
    labelDisplayedRows: ({ from, to }) =>
      translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: shownTotal }),
    ...(exactTotal.value != null && { count: exactTotal.value }),
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {exactTotal.value == null && (
        <Button size="small" onClick={exactTotal.count} disabled={exactTotal.counting}>
          {translate(exactTotal.counting ? 'caredesk.list.counting' : 'caredesk.list.count_all')}
        </Button>
      )}
      <Pagination rowsPerPageOptions={PAGE_SIZES} {...(tableProps as PaginationProps)} />
    </Box>
  );
};

/** The exact total of the list's current search and filters, asked for on request; forgotten when they change. */
function useExactTotal() {
  const { resource, sort } = useListContext();
  const filterValues = useListFilters().values;
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const key = JSON.stringify([resource, filterValues]);
  const [state, setState] = useState<{ key: string; value?: number; counting: boolean }>({ key, counting: false });
  const current = state.key === key ? state : { key, counting: false };
  const count = () => {
    setState({ key, counting: true });
    dataProvider
      .getList(resource, { filter: filterValues, sort, pagination: { page: 1, perPage: 1 }, meta: EXACT_TOTAL_META })
      .then(
        (result) =>
          setState((previous) => (previous.key === key ? { key, value: result.total, counting: false } : previous)),
        () => {
          setState((previous) => (previous.key === key ? { key, counting: false } : previous));
          notify('caredesk.list.count_failed', { type: 'error' });
        },
      );
  };
  return { value: current.value, counting: current.counting, count };
}
