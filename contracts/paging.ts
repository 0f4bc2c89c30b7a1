import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { closed, nullable } from './schema-kit';

/**
 * The paged dialect of the file search and the care lists (docs/api.md, The paged dialect): `page`, `page_size`, `sort_by`,
 * `ordering`, `query` and `filters` (a JSON object) in; `{items, previous_page, next_page, total}` out.
 */

export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

export { EpochSeconds, LAST_EPOCH_SECOND, SecondsRange } from './dates';

/**
 * The keyword of a list's `filters` parameter that carries the schema of the JSON object it holds (the validator ignores it):
 * the API document shows that schema as the parameter's application/json content (server/shared/paging.ts).
 */
export const FILTERS_SCHEMA = 'x-filters-schema';

export type Ordering = 'asc' | 'des';

interface PagedListOptions<SortKey extends string, F extends TObject> {
  sortKeys: readonly SortKey[];
  defaultSortBy: SortKey;
  /** What `query` matches, and a pattern it must match when some characters are refused. */
  query: { description: string; pattern?: string };
  /** The JSON object `filters` must be; every key optional. */
  filters: F;
  filtersDescription: string;
}

/** One list's dialect: `querystring` is the route's schema; `filters` what the JSON in its `filters` parameter must be. */
export function pagedList<SortKey extends string, F extends TObject>(options: PagedListOptions<SortKey, F>) {
  return { querystring: listQuerySchema(options), filters: options.filters, defaultSortBy: options.defaultSortBy };
}

export type PagedList<SortKey extends string, F extends TObject> = ReturnType<typeof pagedList<SortKey, F>>;

function listQuerySchema<SortKey extends string>({
  sortKeys,
  defaultSortBy,
  query,
  filters,
  filtersDescription,
}: PagedListOptions<SortKey, TObject>) {
  return Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
      sort_by: Type.Optional(oneOfPattern(sortKeys, defaultSortBy)),
      ordering: Type.Optional(oneOfPattern(['asc', 'des'] as Ordering[], 'des', 'asc or des')),
      query: Type.Optional(Type.String({ maxLength: 256, ...query })),
      filters: Type.Optional(
        Type.String({ maxLength: 1024, description: filtersDescription, [FILTERS_SCHEMA]: filters }),
      ),
      ...ExactTotal,
    },
    closed,
  );
}

/** One of the words, as a string pattern: its error names them all, where a union of literals would only say "expected union value". */
function oneOfPattern<T extends string>(
  values: readonly T[],
  defaultValue: T,
  description = `one of ${values.join(', ')}`,
) {
  return Type.Unsafe<T>(Type.String({ pattern: `^(${values.join('|')})$`, description, default: defaultValue }));
}

/** The page answer's schema for items of the given schema. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    previous_page: nullable(Type.Integer()),
    next_page: nullable(Type.Integer()),
    total: Type.Integer(),
    total_is_lower_bound: Type.Optional(
      Type.Boolean({
        description: `true when the search matched more rows than were counted: total is then a lower bound (at least ${TOTAL_CAP + 1}); exact_total=true asks for the exact count`,
      }),
    ),
  });

export interface PageAnswer<T> {
  items: T[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
  total_is_lower_bound?: boolean;
}

/**
 * Totals are counted exactly up to this many rows; a search matching more answers `total_is_lower_bound: true` unless the request
 * says `exact_total=true`. An exact count over 200,000 matching rows costs a second, the page itself a millisecond.
 */
export const TOTAL_CAP = 1000;

/** The querystring property asking for an exact total (spread it into a list's querystring schema). */
export const ExactTotal = {
  exact_total: Type.Optional(
    Type.Boolean({
      description: `count every matching row (slow on large tables); by default totals above ${TOTAL_CAP} are lower bounds`,
      default: false,
    }),
  ),
};
