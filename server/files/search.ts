import { and, count, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { keptCount } from '../shared/kept-counts';
import { directionOf, escapeLike, offsetOf, pageOf, withinSeconds } from '../shared/paging';
import { ALL_FILES, kindCountKey } from './counts';
import type { FileSearchRequest, SortKey } from './schemas';
import { kindOf, toStoredFile } from './store';

/** Sort keys by column; uid always follows so that pages are stable. A description is ordered by its indexed prefix first. */
const SORT_COLUMNS: Record<SortKey, (SQL | AnyColumn)[]> = {
  uploaded: [files.uploaded],
  name: [files.name],
  size: [files.size],
  content_type: [files.contentType],
  description: [sql`left(${files.description}, 64)`, files.description],
};

function textCondition(query: string): SQL {
  const pattern = `%${escapeLike(query)}%`;
  return or(sql`${files.name} ilike ${pattern}`, sql`${files.description} ilike ${pattern}`, sql`${files.referenceValues} ilike ${pattern}`)!;
}

function conditionsOf({ query, filters }: FileSearchRequest): SQL[] {
  const conditions: SQL[] = [];
  const text = query.trim();
  if (text) conditions.push(textCondition(text));
  conditions.push(...withinSeconds(files.uploaded, filters.uploaded));
  if (filters.reference_kind) conditions.push(sql`${files.referenceKinds} @> array[${kindOf(filters.reference_kind)}]::text[]`);
  return conditions;
}

function orderOf({ sortBy, ordering }: FileSearchRequest): SQL[] {
  const direction = directionOf(ordering);
  return [...SORT_COLUMNS[sortBy], files.uid].map((column) => direction(column));
}

/** The kept count that is the search's total, when nothing but (at most) a reference kind narrows the search. */
function keptCountKey({ query, filters }: FileSearchRequest): string | undefined {
  const { from, to } = filters.uploaded ?? {};
  if (query.trim() || from != null || to != null) return undefined;
  return filters.reference_kind ? kindCountKey(kindOf(filters.reference_kind)) : ALL_FILES;
}

/** The page query and the total: a kept count's key, or else the count query. Built, not run (the benchmark EXPLAINs them). */
export function searchQueries(db: Db, request: FileSearchRequest) {
  const where = and(...conditionsOf(request));
  const countKey = keptCountKey(request);
  return {
    page: db
      .select()
      .from(files)
      .where(where)
      .orderBy(...orderOf(request))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    countKey,
    count: countKey ? undefined : db.select({ total: count() }).from(files).where(where),
  };
}

export async function searchFiles(db: Db, request: FileSearchRequest) {
  const queries = searchQueries(db, request);
  const rows = await queries.page;
  const total = queries.count ? (await queries.count)[0].total : await keptCount(db, queries.countKey ?? ALL_FILES);
  return pageOf(rows.map(toStoredFile), total, request);
}
