import { and, asc, count, desc, gte, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { ALL_FILES, keptCount, kindCountKey } from './counts';
import { kindOf, type FileRow } from './repository';
import type { FiltersValue, SortKey } from './schemas';

export interface SearchParams {
  page: number;
  pageSize: number;
  sortBy: SortKey;
  ordering: 'asc' | 'des';
  query?: string;
  filters: FiltersValue;
}

export interface SearchResult {
  rows: FileRow[];
  total: number;
}

/** Sort keys by column; uid always follows so that pages are stable. A description is ordered by its indexed prefix first. */
const SORT_COLUMNS: Record<SortKey, (SQL | AnyColumn)[]> = {
  uploaded: [files.uploaded],
  name: [files.name],
  size: [files.size],
  content_type: [files.contentType],
  description: [sql`left(${files.description}, 64)`, files.description],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function textCondition(query: string): SQL {
  const pattern = `%${escapeLike(query)}%`;
  return or(sql`${files.name} ilike ${pattern}`, sql`${files.description} ilike ${pattern}`, sql`${files.referenceValues} ilike ${pattern}`)!;
}

function conditionsOf({ query, filters }: SearchParams): SQL[] {
  const conditions: SQL[] = [];
  const text = query?.trim();
  if (text) conditions.push(textCondition(text));
  const { from, to } = filters.uploaded ?? {};
  if (from != null) conditions.push(gte(files.uploaded, new Date(from * 1000)));
  // "to" is inclusive of its whole second
  if (to != null) conditions.push(lt(files.uploaded, new Date((to + 1) * 1000)));
  if (filters.reference_kind) conditions.push(sql`${files.referenceKinds} @> array[${kindOf(filters.reference_kind)}]::text[]`);
  return conditions;
}

function orderOf({ sortBy, ordering }: SearchParams): SQL[] {
  const direction = ordering === 'asc' ? asc : desc;
  return [...SORT_COLUMNS[sortBy], files.uid].map((column) => direction(column));
}

/** The kept count that is the search's total, when nothing but (at most) a reference kind narrows the search. */
function keptCountKey({ query, filters }: SearchParams): string | undefined {
  const { from, to } = filters.uploaded ?? {};
  if (query?.trim() || from != null || to != null) return undefined;
  return filters.reference_kind ? kindCountKey(kindOf(filters.reference_kind)) : ALL_FILES;
}

/** The page query and the total: a kept count's key, or else the count query. Built, not run (the benchmark EXPLAINs them). */
export function searchQueries(db: Db, params: SearchParams) {
  const where = and(...conditionsOf(params));
  const countKey = keptCountKey(params);
  return {
    page: db
      .select()
      .from(files)
      .where(where)
      .orderBy(...orderOf(params))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    countKey,
    count: countKey ? undefined : db.select({ total: count() }).from(files).where(where),
  };
}

export async function searchFiles(db: Db, params: SearchParams): Promise<SearchResult> {
  const queries = searchQueries(db, params);
  const rows = await queries.page;
  const total = queries.count ? (await queries.count)[0].total : await keptCount(db, queries.countKey ?? ALL_FILES);
  return { rows, total };
}

/** The neighbouring page numbers: null past either end; a page beyond the last points back to the last one. */
export function neighbourPages(page: number, pageSize: number, total: number) {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    previous_page: page > 1 ? Math.min(page - 1, lastPage) : null,
    next_page: page < lastPage ? page + 1 : null,
  };
}
