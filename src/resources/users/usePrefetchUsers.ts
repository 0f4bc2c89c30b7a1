import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type SortPayload, useDataProvider } from 'react-admin';
import { DEFAULT_PAGE_SIZE } from '../../common/ListPagination';

/** The user list's default parameters; the prefetch uses the same ones so that the list finds its data cached. */
export const USERS_LIST_DEFAULTS = {
  pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE },
  sort: { field: 'publicName', order: 'ASC' } as SortPayload,
  filter: {},
};

/** Loads the user list when the layout opens (into react-admin's query cache, under the list's query key). */
export function usePrefetchUsers(): void {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = { ...USERS_LIST_DEFAULTS, meta: undefined };
    queryClient
      .prefetchQuery({
        queryKey: ['users', 'getList', params],
        queryFn: () =>
          dataProvider.getList('users', params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
      })
      .catch(() => undefined);
  }, [dataProvider, queryClient]);
}
