import { and, getTableColumns, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { keptCount } from '../shared/kept-counts';
import {
  cappedPageOf,
  countLimitOf,
  countUpTo,
  directionOf,
  escapeLike,
  offsetOf,
  withinSeconds,
} from '../shared/paging';
import { ALL_FILES, kindCountKey } from './counts';
import type { SortKey } from '../../contracts/files';
import type { FileSearchRequest } from './schemas';
import { kindOf, toStoredFile } from './store';

/** Sort keys by column; uid always follows so that pages are stable. A description is ordered by its indexed prefix first. */
const SORT_COLUMNS: Record<SortKey, (SQL | AnyColumn)[]> = {
  uploaded: [files.uploaded],
  name: [files.name],
  size: [files.size],
  content_type: [files.contentType],
  description: [sql`left(${files.description}, 64)`, files.description],
};

/** Everything a text query is searched in: a substring of the name, the description or the reference values, regardless of case. */
const holdsText = (pattern: string, column: (value: AnyColumn) => SQL) =>
  or(...[files.name, files.description, files.referenceValues].map((value) => sql`${column(value)} ilike ${pattern}`))!;

/**
 * A text query whose words (file_search_query, migration 0011) narrow it is looked up in files_search_words_idx, and the ILIKE, kept off
 * the trigram indexes on purpose (`|| ''`), checks the few candidates: the trigram indexes would read the posting lists of trigrams that
 * most files share ("customer"). Otherwise the trigram indexes serve the ILIKE.
 */
function textCondition(query: string, words: string | undefined): SQL {
  const pattern = `%${escapeLike(query)}%`;
  if (!words) return holdsText(pattern, (value) => sql`${value}`);
  const held = sql`array_to_tsvector(file_words(${files.name}, ${files.description}, ${files.referenceValues})) @@ ${words}::tsquery`;
  return and(
    held,
    holdsText(pattern, (value) => sql`(${value} || '')`),
  )!;
}

/** A query of letters and digits only lies inside one word: file_search_query would answer NULL, so it is not asked (a round trip). */
const ONE_WORD = /^[\p{L}\p{N}]*$/u;

/** The words that narrow a text query, as a tsquery; undefined when the query lies inside one word. */
async function wordsOf(db: Db, query: string): Promise<string | undefined> {
  if (ONE_WORD.test(query)) return undefined;
  const result = (await db.execute(sql`select file_search_query(${query})::text as words`)) as {
    rows: { words: string | null }[];
  };
  return result.rows[0]?.words ?? undefined;
}

function conditionsOf({ query, filters }: FileSearchRequest, words: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  const text = query.trim();
  if (text) conditions.push(textCondition(text, words));
  conditions.push(...withinSeconds(files.uploaded, filters.uploaded));
  if (filters.reference_kind)
    conditions.push(sql`${files.referenceKinds} @> array[${kindOf(filters.reference_kind)}]::text[]`);
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
 * index where there is one, and only those ten rows are read whole: an offset over whole rows reads every skipped one. `words`: the
 * text query's tsquery (`wordsOf`).
 */
export function searchQueries(db: Db, request: FileSearchRequest, words?: string) {
  const where = and(...conditionsOf(request, words));
  const countKey = keptCountKey(request);
  const countLimit = countLimitOf(request, request.exactTotal);
  const pageUids = db
    .select({ uid: files.uid })
    .from(files)
    .where(where)
    .orderBy(...orderOf(request))
    .limit(request.pageSize)
    .offset(offsetOf(request));
  return {
    page: db
      .select()
      .from(files)
      .where(inArray(files.uid, pageUids))
      .orderBy(...orderOf(request)),
    countKey,
    countLimit,
    count: countKey
      ? undefined
      : countUpTo(db, db.select({ uid: files.uid }).from(files).where(where).$dynamic(), countLimit),
    textCount: request.query.trim() && where && countLimit !== undefined ? { where, limit: countLimit } : undefined,
  };
}

/**
 * A search narrowed by words runs without parallel workers and JIT: the planner cannot tell how rare a word is that ANALYZE's element
 * statistics do not list (it guesses 0.5 % for each of a query's alternatives), and for a few dozen matches it planned a parallel bitmap
 * scan whose workers took 20 ms to start.
 */
export async function searchFiles(db: Db, request: FileSearchRequest) {
  const words = await wordsOf(db, request.query.trim());
  if (!words) return search(db, request, undefined);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`,
    );
    return search(tx, request, words);
  });
}

async function search(db: Db, request: FileSearchRequest, words: string | undefined) {
  const queries = searchQueries(db, request, words);
  const matches = queries.textCount ? await textMatches(db, request, queries.textCount) : undefined;
  if (matches?.page) return matches.page;
  // at the count's limit the page walks the sort's index, checking the ILIKE alone: beside the words' condition the planner cannot see how
  // many files the ILIKE matches, and sorted every match instead
  const rows = await (matches && words ? searchQueries(db, request).page : queries.page);
  if (matches) return cappedPageOf(rows.map(toStoredFile), matches.counted, queries.countLimit, request);
  if (!queries.count)
    return cappedPageOf(rows.map(toStoredFile), await keptCount(db, queries.countKey ?? ALL_FILES), undefined, request);
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
  const sortValues = SORT_COLUMNS[request.sortBy].map(
    (column, index) => [`sort${index}`, sql`${column}`.as(`sort${index}`)] as const,
  );
  const matching = db.$with('matching').as(
    db
      .select({ uid: files.uid, ...Object.fromEntries(sortValues) })
      .from(files)
      .where(where)
      .limit(limit),
  );
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
  return {
    counted,
    page: cappedPageOf(
      rows.map((row) => toStoredFile(row.file)),
      counted,
      limit,
      request,
    ),
  };
}
