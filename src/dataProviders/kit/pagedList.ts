/**
 * pagedList: react-admin's list parameters <-> the services' paged search dialect (the file search, the care lists).
 *
 * Request:  ?page=<n>&page_size=<perPage>&sort_by=<field>&ordering=asc|des&query=<filter.q>&filters=<JSON object>
 *           (query and filters are left out when empty).
 *           exact_total=true when params.meta.exactTotal (the pagination's "count all").
 * Response: {items, previous_page, next_page, total, total_is_lower_bound?} -> {data, total, pageInfo: {hasPreviousPage, hasNextPage},
 *           meta: {totalIsLowerBound}}: a capped total (more than 1,000 matches) is a lower bound, which ListPagination shows so.
 */
import type { GetListParams, GetListResult, GetManyParams, GetOneParams, Identifier, RaRecord } from 'react-admin';
import type { HttpClient } from '../httpClient';

/** The services' page envelope. */
interface Page<T> {
  items: T[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
  total_is_lower_bound?: boolean;
}

/** What a paged getList answers in `meta`, and what ListPagination reads from the list context. */
export interface PagedListMeta {
  /** The service counted only up to a cap: `total` is a lower bound. */
  totalIsLowerBound: boolean;
}

/** getList's `meta` asking for an exact total (slower on a broad search). */
export const EXACT_TOTAL_META = { exactTotal: true } as const;

type Convert = (value: unknown) => unknown;

/**
 * How one key of react-admin's filter goes into `filters`: copied (true), converted (a function), or under another
 * key, converted or not ({key, convert}). A converted value that is undefined, null, '' or {} is left out.
 */
type FilterRule = true | Convert | { key: string; convert?: Convert };

export interface PagedListConfig<TItem, TRecord extends RaRecord = TItem & RaRecord> {
  /** The search endpoint. */
  url: string;
  /** The filter keys the service knows, in the order they are sent. */
  filters?: Record<string, FilterRule>;
  /** The react-admin filter key of the free-text search, sent as `query` (default 'q'). */
  searchKey?: string;
  /** Record field -> the service's sort_by value; fields not listed are sent unchanged. */
  sortFields?: Record<string, string>;
  /** Used when params.sort has no field. */
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  getId: (item: TItem) => Identifier;
  toRecord?: (item: TItem, id: Identifier) => TRecord;
  /** Where one item is read (getOne, getMany); without it the resource only lists. */
  itemUrl?: (id: Identifier) => string;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

/** The `filters` JSON object of the paged dialect, or undefined when no known filter is set. */
function toPagedFilters(filter: Record<string, unknown> | undefined, rules: Record<string, FilterRule> = {}) {
  const result: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(rules)) {
    const raw = filter?.[key];
    if (isEmpty(raw)) continue;
    const convert = rule === true ? undefined : typeof rule === 'function' ? rule : rule.convert;
    const value = convert ? convert(raw) : raw;
    if (!isEmpty(value)) result[typeof rule === 'object' ? rule.key : key] = value;
  }
  return Object.keys(result).length ? result : undefined;
}

/** react-admin getList params -> the paged dialect's query parameters. */
export function toPagedQuery(
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'meta'>>,
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
  const meta = params.meta as { exactTotal?: unknown } | undefined;
  if (meta?.exactTotal === true) query.set('exact_total', 'true');
  return query;
}

const defaultRecord = <TItem, TRecord>(item: TItem, id: Identifier) => ({ ...(item as object), id }) as TRecord;

/** The paged dialect's page -> react-admin's {data, total, pageInfo}. */
export function fromPage<TItem, TRecord extends RaRecord>(
  page: Page<TItem>,
  config: Pick<PagedListConfig<TItem, TRecord>, 'getId' | 'toRecord'>,
): GetListResult<TRecord> {
  const items = Array.isArray(page?.items) ? page.items : [];
  const toRecord = config.toRecord ?? defaultRecord<TItem, TRecord>;
  return {
    data: items.map((item) => toRecord(item, config.getId(item))),
    total: typeof page?.total === 'number' ? page.total : items.length,
    pageInfo: { hasPreviousPage: page?.previous_page != null, hasNextPage: page?.next_page != null },
    meta: { totalIsLowerBound: page?.total_is_lower_bound === true } satisfies PagedListMeta,
  };
}

/** The read methods of a resource the service pages: getList in the paged dialect, and getOne and getMany with an itemUrl. */
export function pagedListResource<TItem, TRecord extends RaRecord = TItem & RaRecord>(
  httpClient: HttpClient,
  config: PagedListConfig<TItem, TRecord>,
) {
  const { itemUrl, getId, toRecord = defaultRecord<TItem, TRecord> } = config;
  const readOne = async (id: Identifier, signal?: AbortSignal) => {
    if (!itemUrl) throw new Error('This resource cannot read one item');
    const item = (await httpClient(itemUrl(id), { signal })).json as TItem;
    return toRecord(item, getId(item));
  };
  return {
    getList: async (_resource: string, params: GetListParams) => {
      const answer = await httpClient(`${config.url}?${toPagedQuery(params, config)}`, { signal: params.signal });
      return fromPage(answer.json as Page<TItem>, config);
    },
    ...(itemUrl && {
      getOne: async (_resource: string, params: GetOneParams<TRecord>) => ({
        data: await readOne(params.id, params.signal),
      }),
      getMany: async (_resource: string, params: GetManyParams<TRecord>) => ({
        data: await Promise.all(params.ids.map((id) => readOne(id))),
      }),
    }),
  };
}
