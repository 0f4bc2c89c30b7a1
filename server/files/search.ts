import { and, getTableColumns, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { keptCount } from '../shared/kept-counts';
import { cappedPageOf, countLimitOf, countUpTo, directionOf, escapeLike, offsetOf, withinSeconds } from '../shared/paging';
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

/**
 * The page query, and the total: a kept count's key, or else a count of at most `countLimit` rows (none: exact).
 * Built, not run (the benchmark EXPLAINs them). The page's uids are found first, on the sort's narrow (column, uid)
 * index where there is one, and only those ten rows are read whole: an offset over whole rows reads every skipped one.
 */
export function searchQueries(db: Db, request: FileSearchRequest) {
  const where = and(...conditionsOf(request));
  const countKey = keptCountKey(request);
  const countLimit = countLimitOf(request, request.exactTotal);
  const pageUids = db.select({ uid: files.uid }).from(files).where(where).orderBy(...orderOf(request)).limit(request.pageSize).offset(offsetOf(request));
  return {
    page: db
      .select()
      .from(files)
      .where(inArray(files.uid, pageUids))
      .orderBy(...orderOf(request)),
    countKey,
    countLimit,
    count: countKey ? undefined : countUpTo(db, db.select({ uid: files.uid }).from(files).where(where).$dynamic(), countLimit),
    textCount: request.query.trim() && where && countLimit !== undefined ? { where, limit: countLimit } : undefined,
  };
}

export async function searchFiles(db: Db, request: FileSearchRequest) {
  const queries = searchQueries(db, request);
  const matches = queries.textCount ? await textMatches(db, request, queries.textCount) : undefined;
  if (matches?.page) return matches.page;
  const rows = await queries.page;
  if (matches) return cappedPageOf(rows.map(toStoredFile), matches.counted, queries.countLimit, request);
  if (!queries.count) return cappedPageOf(rows.map(toStoredFile), await keptCount(db, queries.countKey ?? ALL_FILES), undefined, request);
  const [{ total }] = await queries.count;
  return cappedPageOf(rows.map(toStoredFile), total, queries.countLimit, request);
}

/**
 * A text query's matches read once, up to the count's limit, with their sort values, and the page sorted from them: the trigram indexes
 * read long posting lists for words most files hold ("customer"), so the page and the count should not each build that bitmap. When the
 * limit was reached the page is not among what was read: only the count is returned, and the page walks the sort's index. Undefined when
 * the page lies past the matches (its rows carry no count).
 */
async function textMatches(db: Db, request: FileSearchRequest, { where, limit }: { where: SQL; limit: number }) {
  const sortValues = SORT_COLUMNS[request.sortBy].map((column, index) => [`sort${index}`, sql`${column}`.as(`sort${index}`)] as const);
  const matching = db.$with('matching').as(db.select({ uid: files.uid, ...Object.fromEntries(sortValues) }).from(files).where(where).limit(limit));
  const direction = directionOf(request.ordering);
  const pageUids = db
    .select({ uid: matching.uid })
    .from(matching)
    .orderBy(...sortValues.map(([name]) => direction(sql`${sql.identifier(name)}`)), direction(matching.uid))
    .limit(request.pageSize)
    .offset(offsetOf(request));
  const rows = await db
    .with(matching)
    .select({ file: getTableColumns(files), counted: sql<number>`(select count(*) from ${matching})::int` })
    .from(files)
    .where(inArray(files.uid, pageUids))
    .orderBy(...orderOf(request));
  const counted = rows[0]?.counted;
  if (counted === undefined) return undefined;
  if (counted >= limit) return { counted };
  return { counted, page: cappedPageOf(rows.map((row) => toStoredFile(row.file)), counted, limit, request) };
}
