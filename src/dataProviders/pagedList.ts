/**
 * pagedList: react-admin getList params <-> the services' paged search dialect (file service GET /search/, care lists, ...).
 *
 * Usage (one config per resource):
 *
 *   const files = pagedListResource<FileItem, FileRecord>({
 *     url: () => `${config.filesUrl}/search/`,
 *     filters: {                                   // only these keys of params.filter go into `filters` (JSON object string)
 *       uploaded: (range) => toSecondsRange(range), // a function converts the value (undefined drops the key) ...
 *       reference_kind: true,                      // ... true copies it as it is
 *     },
 *     sortFields: { uploaded: 'uploaded', size: 'size' }, // record field -> sort_by (unlisted fields are sent unchanged)
 *     getId: (item) => item.uid,                   // how a record id is taken from an item
 *     toRecord: (item, id) => ({ ...item, id }),   // optional, default {...item, id}
 *   });
 *   getList: (_resource, params) => files.getList(httpClient, params)
 *
 * Request:  ?page=<n>&page_size=<perPage>&sort_by=<field>&ordering=asc|des&query=<filter.q>&filters=<JSON object>
 *           (query and filters are left out when empty).
 * Response: {items, previous_page, next_page, total} -> {data, total, pageInfo: {hasPreviousPage, hasNextPage}}.
 * The pure helpers toPagedQuery and fromPage can be used on their own.
 */
import type { GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from './httpClient';

/** The services' page envelope. */
export interface Page<T> {
  items: T[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
}

export type FilterConverter = true | ((value: unknown) => unknown);

export interface PagedListConfig<TItem, TRecord extends RaRecord = TItem & RaRecord> {
  /** The search endpoint (absolute or base-relative), or a function returning it. */
  url: string | (() => string);
  /** The filter keys the service knows, each copied (true) or converted (a function; undefined/null/'' drops it). */
  filters?: Record<string, FilterConverter>;
  /** The react-admin filter key of the free-text search, sent as `query` (default 'q'). */
  searchKey?: string;
  /** Record field -> the service's sort_by value; fields not listed are sent unchanged. */
  sortFields?: Record<string, string>;
  /** Used when params.sort has no field. */
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  getId: (item: TItem) => Identifier;
  toRecord?: (item: TItem, id: Identifier) => TRecord;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** The `filters` JSON object of the paged dialect, or undefined when no known filter is set. */
export function toPagedFilters(filter: Record<string, unknown> | undefined, converters: Record<string, FilterConverter> = {}) {
  const result: Record<string, unknown> = {};
  for (const [key, converter] of Object.entries(converters)) {
    const raw = filter?.[key];
    if (isEmpty(raw)) continue;
    const value = converter === true ? raw : converter(raw);
    if (!isEmpty(value)) result[key] = value;
  }
  return Object.keys(result).length ? result : undefined;
}

/** react-admin getList params -> the paged dialect's query parameters. */
export function toPagedQuery(
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
  config: Pick<PagedListConfig<unknown>, 'filters' | 'searchKey' | 'sortFields' | 'defaultSort'> = {},
): URLSearchParams {
  const query = new URLSearchParams();
  const page = Math.max(1, Math.floor(params.pagination?.page ?? 1));
  query.set('page', String(page));
  query.set('page_size', String(Math.max(1, Math.floor(params.pagination?.perPage ?? 10))));
  const sort = params.sort?.field ? params.sort : config.defaultSort;
  if (sort?.field) {
    query.set('sort_by', config.sortFields?.[sort.field] ?? sort.field);
    query.set('ordering', sort.order === 'ASC' ? 'asc' : 'des');
  }
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  const search = filter[config.searchKey ?? 'q'];
  if (typeof search === 'string' && search.trim() !== '') query.set('query', search.trim());
  const filters = toPagedFilters(filter, config.filters);
  if (filters) query.set('filters', JSON.stringify(filters));
  return query;
}

/** The paged dialect's page -> react-admin's {data, total, pageInfo}. */
export function fromPage<TItem, TRecord extends RaRecord>(
  page: Page<TItem>,
  config: Pick<PagedListConfig<TItem, TRecord>, 'getId' | 'toRecord'>,
): GetListResult<TRecord> {
  const items = Array.isArray(page?.items) ? page.items : [];
  const toRecord = config.toRecord ?? ((item: TItem, id: Identifier) => ({ ...(item as object), id }) as unknown as TRecord);
  return {
    data: items.map((item) => toRecord(item, config.getId(item))),
    total: typeof page?.total === 'number' ? page.total : items.length,
    pageInfo: { hasPreviousPage: page?.previous_page != null, hasNextPage: page?.next_page != null },
  };
}

/** A resource's paged getList over the panel's http client. */
export function pagedListResource<TItem, TRecord extends RaRecord = TItem & RaRecord>(config: PagedListConfig<TItem, TRecord>) {
  return {
    config,
    query: (params: Partial<GetListParams>) => toPagedQuery(params, config),
    async getList(httpClient: HttpClient, params: Partial<GetListParams>): Promise<GetListResult<TRecord>> {
      const url = typeof config.url === 'function' ? config.url() : config.url;
      const { json } = await httpClient(`${url}?${toPagedQuery(params, config)}`, { signal: params.signal });
      return fromPage(json as Page<TItem>, config);
    },
  };
}
