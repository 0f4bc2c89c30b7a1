import { useEffect, useMemo, useRef } from 'react';
import { useListContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseSpecListQuery, type SpecListOptions, toSpecListQuery } from './specListQuery';

/**
 * Keeps a react-admin list (rendered with disableSyncWithLocation) and the spec's URL query in step. Render it inside
 * the List. URL -> list on mount and on every location change (back/forward button, shared link); list -> URL as a new
 * history entry (push) whenever the user changes page, page size, sort, search or a filter.
 */
export const UrlStateSync = ({ options }: { options: SpecListOptions }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const { page, perPage, sort, filterValues, displayedFilters, setSort, setFilters, setPerPage, setPage } = useListContext();

  const urlState = useMemo(() => parseSpecListQuery(location.search, options), [location.search, options]);
  const urlKey = toSpecListQuery(urlState, options);
  const listKey = toSpecListQuery({ page, perPage, sort, filter: filterValues ?? {} }, options);

  const latest = useRef({ urlKey, listKey, pathname: location.pathname });
  latest.current = { urlKey, listKey, pathname: location.pathname };

  // URL -> list
  useEffect(() => {
    if (latest.current.listKey === urlKey) return;
    setSort(urlState.sort);
    setFilters(urlState.filter, displayedFilters, false);
    setPerPage(urlState.perPage);
    setPage(urlState.page); // last: sort, filter and page size changes reset the page to 1
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);

  // list -> URL (not on mount: then the URL is the source)
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (listKey === latest.current.urlKey) return;
    navigate({ pathname: latest.current.pathname, search: `?${listKey}` });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listKey]);

  return null;
};
