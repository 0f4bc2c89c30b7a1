import { asc, count, desc, gte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Db } from '../db';
import { badRequest } from './problem';

/**
 * The paged dialect of the file search and the care lists (docs/api.md, Care service): `page`, `page_size`, `sort_by`,
 * `ordering`, `query` and `filters` (a JSON object) in; `{items, previous_page, next_page, total}` out.
 */

const closed = { additionalProperties: false } as const;
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

/** The last second of year 9999: later moments are refused, so every accepted one fits a JavaScript Date and a timestamp. */
export const LAST_EPOCH_SECOND = 253_402_300_799;

/** Epoch seconds from 1970 to the end of year 9999. */
export const EpochSeconds = Type.Integer({ minimum: 0, maximum: LAST_EPOCH_SECOND });

export const epochSecondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

/** A filter on a time column: `from` and `to` in epoch seconds, each optional or null. */
export const SecondsRange = Type.Object({ from: Type.Optional(Type.Union([EpochSeconds, Type.Null()])), to: Type.Optional(Type.Union([EpochSeconds, Type.Null()])) }, closed);
type SecondsRangeValue = Static<typeof SecondsRange>;

/** The conditions of a SecondsRange on a column; `to` covers its whole second. */
export function withinSeconds(column: AnyColumn, range: SecondsRangeValue | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (range?.from != null) conditions.push(gte(column, new Date(range.from * 1000)));
  // the second after `to` is computed by the database: after the last second of year 9999 a JavaScript Date could not be sent
  if (range?.to != null) conditions.push(sql`${column} < ${new Date(range.to * 1000)}::timestamptz + interval '1 second'`);
  return conditions;
}

/** A text taken literally by LIKE: its wildcards and the escape character escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

type Ordering = 'asc' | 'des';

/** The drizzle direction of an ordering. */
export const directionOf = (ordering: Ordering) => (ordering === 'asc' ? asc : desc);

/** A list request as a query module takes it. */
interface PageRequest<SortKey extends string, Filters> {
  page: number;
  pageSize: number;
  sortBy: SortKey;
  ordering: Ordering;
  query: string;
  filters: Filters;
  /** exact_total=true: count every matching row instead of stopping past the cap (lists that cap their totals). */
  exactTotal: boolean;
}

export const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }) => (page - 1) * pageSize;

interface PagedListOptions<SortKey extends string, F extends TObject> {
  sortKeys: readonly SortKey[];
  defaultSortBy: SortKey;
  /** What `query` matches, and a pattern it must match when some characters are refused. */
  query: { description: string; pattern?: string };
  /** The JSON object `filters` must be; every key optional. */
  filters: F;
  filtersDescription: string;
}

/** One list's dialect: `querystring` is the route's schema, `read` turns a validated query into a PageRequest (defaults applied, filters parsed). */
export function pagedList<SortKey extends string, F extends TObject>(options: PagedListOptions<SortKey, F>) {
  const querystring = listQuerySchema(options);
  const filtersChecker = TypeCompiler.Compile(options.filters);
  return {
    querystring,
    read(query: Static<typeof querystring>): PageRequest<SortKey, Static<F>> {
      return {
        page: query.page ?? 1,
        pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
        sortBy: query.sort_by ?? options.defaultSortBy,
        ordering: query.ordering ?? 'des',
        query: query.query ?? '',
        filters: parseFilters(query.filters, filtersChecker),
        exactTotal: query.exact_total ?? false,
      };
    },
  };
}

function listQuerySchema<SortKey extends string>({ sortKeys, defaultSortBy, query, filtersDescription }: PagedListOptions<SortKey, TObject>) {
  return Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
      sort_by: Type.Optional(oneOf(sortKeys, defaultSortBy)),
      ordering: Type.Optional(oneOf(['asc', 'des'] as Ordering[], 'des', 'asc or des')),
      query: Type.Optional(Type.String({ maxLength: 256, ...query })),
      filters: Type.Optional(Type.String({ maxLength: 1024, description: filtersDescription })),
      ...ExactTotal,
    },
    closed,
  );
}

/** One of the words, as a string pattern: its error names them all, where a union of literals would only say "expected union value". */
function oneOf<T extends string>(values: readonly T[], defaultValue: T, description = `one of ${values.join(', ')}`) {
  return Type.Unsafe<T>(Type.String({ pattern: `^(${values.join('|')})$`, description, default: defaultValue }));
}

/** `filters` as the object it must be; empty or blank is no filter. Anything else is 400 /problems/invalid-filters. */
function parseFilters<T extends TSchema>(raw: string | undefined, checker: ReturnType<typeof TypeCompiler.Compile<T>>): Static<T> {
  if (!raw?.trim()) return {} as Static<T>;
  let filters: unknown;
  try {
    filters = JSON.parse(raw);
  } catch {
    throw badRequest('filters is not valid JSON.', 'filters', 'invalid-filters');
  }
  if (checker.Check(filters)) return filters;
  const error = checker.Errors(filters).First();
  throw badRequest(`filters${error?.path.replaceAll('/', '.') ?? ''}: ${error?.message.toLowerCase() ?? 'invalid'}`, 'filters', 'invalid-filters');
}

/** The page answer's schema for items of the given schema. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    previous_page: Type.Union([Type.Integer(), Type.Null()]),
    next_page: Type.Union([Type.Integer(), Type.Null()]),
    total: Type.Integer(),
    total_is_lower_bound: Type.Optional(
      Type.Boolean({ description: `true when the search matched more rows than were counted: total is then a lower bound (at least ${TOTAL_CAP + 1}); exact_total=true asks for the exact count` }),
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
  exact_total: Type.Optional(Type.Boolean({ description: `count every matching row (slow on large tables); by default totals above ${TOTAL_CAP} are lower bounds`, default: false })),
};

/**
 * How many of the rows `matching` selects (any select with its joins and conditions), reading at most `limit` of them;
 * without a limit all. Built, not run, so that it can be EXPLAINed.
 */
export function countUpTo(db: Db, matching: PgSelect, limit: number | undefined) {
  const rows = limit === undefined ? matching : matching.limit(limit);
  return db.select({ total: count() }).from(rows.as('matching'));
}

/** How many rows a capped count reads: past the cap and past the requested page, so that the page's neighbours stay right; undefined: count all. */
export function countLimitOf({ page, pageSize }: { page: number; pageSize: number }, exact: boolean | undefined): number | undefined {
  return exact ? undefined : Math.max(TOTAL_CAP, page * pageSize) + 1;
}

/** A page whose total came from a count limited to `limit` rows (countLimitOf): when the count reached it, the total is a lower bound. */
export function cappedPageOf<T>(items: T[], counted: number, limit: number | undefined, request: { page: number; pageSize: number }): PageAnswer<T> {
  const lowerBound = limit !== undefined && counted >= limit;
  return { ...pageOf(items, counted, request), total_is_lower_bound: lowerBound };
}

/** The neighbouring page numbers: null past either end; a page beyond the last points back to the last one. */
function neighbourPages(page: number, pageSize: number, total: number) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    previous_page: page > 1 ? Math.min(page - 1, lastPage) : null,
    next_page: page < lastPage ? page + 1 : null,
  };
}

export function pageOf<T>(items: T[], total: number, { page, pageSize }: { page: number; pageSize: number }): PageAnswer<T> {
  return { items, ...neighbourPages(page, pageSize, total), total };
}
