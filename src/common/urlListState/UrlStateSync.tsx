import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useListContext } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useListFilters } from '../listFilters';
import { parseSpecListQuery, type SpecListOptions, toSpecListQuery } from './specListQuery';

/**
 * Keeps a react-admin list (rendered with disableSyncWithLocation) and its URL query (docs/panel.md, List state in the URL) in step. Render it inside
 * the List. URL -> list on mount and on every location change (back/forward button, shared link, reload); list -> URL
 * as a new history entry (push) whenever the user changes page, page size, sort, search or a filter. Following the URL
 * never adds an entry, so Back after a reload goes to the previous page.
 */
export const UrlStateSync = ({ options }: { options: SpecListOptions }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const { page, perPage, sort, setSort, setPerPage, setPage } = useListContext();
  const filters = useListFilters();

  const urlState = useMemo(() => parseSpecListQuery(location.search, options), [location.search, options]);
  const urlKey = toSpecListQuery(urlState, options);
  const listKey = toSpecListQuery({ page, perPage, sort, filter: filters.values }, options);

  // URL -> list, whenever the URL's state changes (not when the list does)
  const followUrl = useEffectEvent(() => {
    if (listKey === urlKey) return;
    setSort(urlState.sort);
    filters.replace(urlState.filter);
    setPerPage(urlState.perPage);
    setPage(urlState.page); // last: sort, filter and page size changes reset the page to 1
  });
  useEffect(() => followUrl(), [urlKey]);

  // list -> URL, only when the list itself changed: a change that leaves a list in step with the URL is the user's
  // (a new history entry); a list that was still catching up with the URL (mount, Back) never pushes, and a correction
  // that moves it elsewhere replaces the entry.
  const previousListKey = useRef(listKey);
  const followList = useEffectEvent((listKey: string) => {
    const wasInStep = previousListKey.current === urlKey;
    const changed = previousListKey.current !== listKey;
    previousListKey.current = listKey;
    if (!changed || listKey === urlKey) return;
    void navigate({ pathname: location.pathname, search: `?${listKey}` }, { replace: !wasInStep });
  });
  useEffect(() => followList(listKey), [listKey]);

  return null;
};
