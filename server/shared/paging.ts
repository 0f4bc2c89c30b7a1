import { asc, count, desc, gte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifySchema } from 'fastify';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  DEFAULT_PAGE_SIZE,
  FILTERS_SCHEMA,
  TOTAL_CAP,
  type Ordering,
  type PageAnswer,
  type PagedList,
} from '../../contracts/paging';
import type { Db } from '../db';
import { badRequest } from './problem';
import { describeSchemaError } from './validator';

/** The server's side of the paged dialect (contracts/paging.ts): reading a list request, and building its page. */

export const epochSecondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

/** The conditions of a SecondsRange on a column; `to` covers its whole second. */
export function withinSeconds(
  column: AnyColumn,
  range: { from?: number | null; to?: number | null } | undefined,
): SQL[] {
  const conditions: SQL[] = [];
  if (range?.from != null) conditions.push(gte(column, new Date(range.from * 1000)));
  // the second after `to` is computed by the database: after the last second of year 9999 a JavaScript Date could not be sent
  if (range?.to != null)
    conditions.push(sql`${column} < ${new Date(range.to * 1000)}::timestamptz + interval '1 second'`);
  return conditions;
}

/** A text taken literally by LIKE: its wildcards and the escape character escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The drizzle direction of an ordering. */
export const directionOf = (ordering: Ordering) => (ordering === 'asc' ? asc : desc);

/** A list request as a query module takes it. */
export interface PageRequest<SortKey extends string, Filters> {
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

/** A list's request reader: a validated query becomes a PageRequest (defaults applied, filters parsed). */
export function pageReader<SortKey extends string, F extends TObject>(list: PagedList<SortKey, F>) {
  const filtersChecker = TypeCompiler.Compile(list.filters);
  return (query: Static<typeof list.querystring>): PageRequest<SortKey, Static<F>> => ({
    page: query.page ?? 1,
    pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
    sortBy: query.sort_by ?? list.defaultSortBy,
    ordering: query.ordering ?? 'des',
    query: query.query ?? '',
    filters: parseFilters(query.filters, filtersChecker),
    exactTotal: query.exact_total ?? false,
  });
}

/** `filters` as the object it must be; empty or blank is no filter. Anything else is 400 /problems/invalid-filters. */
function parseFilters<T extends TSchema>(
  raw: string | undefined,
  checker: ReturnType<typeof TypeCompiler.Compile<T>>,
): Static<T> {
  if (!raw?.trim()) return {};
  let filters: unknown;
  try {
    filters = JSON.parse(raw);
  } catch {
    throw badRequest('filters is not valid JSON.', 'filters', 'invalid-filters');
  }
  if (checker.Check(filters)) return filters;
  const error = checker.Errors(filters).First();
  throw badRequest(
    `filters${error?.path.replaceAll('/', '.') ?? ''}: ${error ? describeSchemaError(error) : 'invalid'}`,
    'filters',
    'invalid-filters',
  );
}

type Properties = Record<string, Record<string, unknown>>;

/**
 * @fastify/swagger's `transform`: a list's `filters` is documented as what it holds, a JSON object (the parameter's
 * application/json content, with the schema its FILTERS_SCHEMA keyword carries), instead of as a string.
 */
export function documentJsonFilters({ schema, url }: { schema: FastifySchema; url: string }): {
  schema: FastifySchema;
  url: string;
} {
  const querystring = schema?.querystring as { properties?: Properties } | undefined;
  const filters = querystring?.properties?.filters;
  const object = filters?.[FILTERS_SCHEMA] as object | undefined;
  if (!querystring || !filters || !object) return { schema, url };
  const documented = { ...object, description: filters.description, 'x-consume': 'application/json' };
  return {
    schema: {
      ...schema,
      querystring: { ...querystring, properties: { ...querystring.properties, filters: documented } },
    },
    url,
  };
}

/**
 * How many of the rows `matching` selects (any select with its joins and conditions), reading at most `limit` of them;
 * without a limit all. Built, not run, so that it can be EXPLAINed.
 */
export function countUpTo(db: Db, matching: PgSelect, limit: number | undefined) {
  const rows = limit === undefined ? matching : matching.limit(limit);
  return db.select({ total: count() }).from(rows.as('matching'));
}

/** How many rows a capped count reads: past the cap and past the requested page, so that the page's neighbours stay right; undefined: count all. */
export function countLimitOf(
  { page, pageSize }: { page: number; pageSize: number },
  exact: boolean | undefined,
): number | undefined {
  return exact ? undefined : Math.max(TOTAL_CAP, page * pageSize) + 1;
}

/** A page whose total came from a count limited to `limit` rows (countLimitOf): when the count reached it, the total is a lower bound. */
export function cappedPageOf<T>(
  items: T[],
  counted: number,
  limit: number | undefined,
  request: { page: number; pageSize: number },
): PageAnswer<T> {
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

export function pageOf<T>(
  items: T[],
  total: number,
  { page, pageSize }: { page: number; pageSize: number },
): PageAnswer<T> {
  return { items, ...neighbourPages(page, pageSize, total), total };
}
