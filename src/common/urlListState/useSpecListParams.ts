import { useMemo, useState } from 'react';
import type { FilterPayload, SortPayload } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { parseSpecListQuery, type SpecListOptions } from './specListQuery';

interface SpecListProps {
  disableSyncWithLocation: true;
  /** No params in react-admin's (local storage) store: the URL is the only source. */
  storeKey: false;
  sort: SortPayload;
  perPage: number;
  filterDefaultValues: FilterPayload;
}

/**
 * The List props that start the list on the URL's state (sort, page size, search and filters; the page follows at once
 * through UrlStateSync), so that a reload or a shared link does not first load the default view. Read once on mount.
 */
export function useSpecListParams(options: SpecListOptions): SpecListProps {
  const location = useLocation();
  const [initial] = useState(() => parseSpecListQuery(location.search, options));
  return useMemo(
    () => ({
      disableSyncWithLocation: true,
      storeKey: false,
      sort: initial.sort,
      perPage: initial.perPage,
      filterDefaultValues: initial.filter,
    }),
    [initial],
  );
}
