import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { CareStatus } from '../../../../contracts/care-workflow';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import type { WorkflowState } from '../../../dataProviders/careRequests/workflow';

const RESOURCE = CARE_REQUEST_RESOURCES.incoming;

/** The workflow panel's own state of a request (GET …/workflow/, or the list's row to start with). */
export const workflowKey = (uid: string) => ['careRequestWorkflow', uid];

/** The `meta` a board column asks its list with: such a list holds exactly the requests of that status. */
export interface BoardColumnMeta {
  boardColumn: CareStatus;
}

interface CachedPage {
  data?: Incoming[];
  total?: number;
}

interface ListParams {
  pagination?: { perPage?: number };
  sort?: { field?: string; order?: string };
  meta?: Partial<BoardColumnMeta>;
}

const cachedLists = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ queryKey: [RESOURCE, 'getList'] });
const rowsOf = (data: unknown) => (data as CachedPage | undefined)?.data;

/** The request as the cached incoming lists show it (the newest version there), or null. */
export function findCachedRequest(queryClient: QueryClient, uid: string): Incoming | null {
  let found: Incoming | null = null;
  for (const query of cachedLists(queryClient)) {
    const row = rowsOf(query.state.data)?.find((candidate) => candidate.uid === uid);
    if (row && (!found || row.version > found.version)) found = row;
  }
  return found;
}

const compare = (a: unknown, b: unknown) =>
  a === b
    ? 0
    : a === null || a === undefined
      ? 1
      : b === null || b === undefined
        ? -1
        : (a as number) < (b as number)
          ? -1
          : 1;

/** Where `row` goes in `rows` sorted as the list asked; -1 after the last. */
function positionOf(rows: Incoming[], row: Incoming, sort: ListParams['sort']) {
  const field = (sort?.field ?? 'submitted') as keyof Incoming;
  const direction = sort?.order === 'ASC' ? 1 : -1;
  return rows.findIndex((other) => compare(row[field], other[field]) * direction < 0);
}

/** A board column's first page with the request moved in or out of it, counted. */
function placeInColumn(page: CachedPage, row: Incoming, column: CareStatus, params: ListParams): CachedPage {
  const rows = page.data ?? [];
  const total = page.total ?? rows.length;
  const shown = rows.some((candidate) => candidate.uid === row.uid);
  if (row.status !== column)
    return shown ? { ...page, data: rows.filter((candidate) => candidate.uid !== row.uid), total: total - 1 } : page;
  if (shown) return { ...page, data: rows.map((candidate) => (candidate.uid === row.uid ? row : candidate)) };
  const perPage = params.pagination?.perPage ?? Number.POSITIVE_INFINITY;
  const at = positionOf(rows, row, params.sort);
  // past the last row of a full page: it belongs to a later page
  if (at === -1 && rows.length >= perPage) return { ...page, total: total + 1 };
  const data = at === -1 ? [...rows, row] : [...rows.slice(0, at), row, ...rows.slice(at)];
  return { ...page, data: data.slice(0, perPage), total: total + 1 };
}

const inPlace = (page: CachedPage, state: WorkflowState): CachedPage =>
  page.data?.some((row) => row.uid === state.uid && row.version <= state.version)
    ? {
        ...page,
        data: page.data.map((row) =>
          row.uid === state.uid && row.version <= state.version ? { ...row, ...state } : row,
        ),
      }
    : page;

/**
 * Puts a request's workflow state (an expected one, an answer, or the one to go back to) wherever the panel keeps it: in place
 * in every cached incoming list page (rows do not move, so nothing moves under the pointer), on the board into the column of
 * its status and out of the others, and into the workflow panel's own state. A newer version already shown stays.
 */
export function placeWorkflowState(queryClient: QueryClient, state: WorkflowState) {
  const cached = findCachedRequest(queryClient, state.uid);
  const row = cached && cached.version <= state.version ? { ...cached, ...state } : null;
  for (const query of cachedLists(queryClient)) {
    const params = (query.queryKey[2] ?? {}) as ListParams;
    const column = params.meta?.boardColumn;
    queryClient.setQueryData<CachedPage>(query.queryKey, (page) => {
      if (!page || !Array.isArray(page.data)) return page;
      return column ? (row ? placeInColumn(page, row, column, params) : page) : inPlace(page, state);
    });
  }
  const own = queryClient.getQueryData<WorkflowState>(workflowKey(state.uid));
  if (own && own.version <= state.version) queryClient.setQueryData(workflowKey(state.uid), state);
}

/** The request as the cached incoming lists show it now, kept current. */
export function useCachedRequest(uid: string | null): Incoming | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => (uid === null ? null : findCachedRequest(queryClient, uid)));
}

/**
 * The request a dialog shows: as the cached lists show it now or, once no list shows it any more (a reload took it off the
 * page, a move into a column not loaded), as it was last shown, so that a live update never closes the dialog.
 */
export function useOpenedRequest(uid: string | null): Incoming | null {
  const cached = useCachedRequest(uid);
  const [last, setLast] = useState<Incoming | null>(null);
  if (cached && cached !== last) setLast(cached);
  if (uid === null) return null;
  return cached ?? (last?.uid === uid ? last : null);
}
