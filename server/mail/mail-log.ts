import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { EMAIL_PATTERN } from '../../contracts/email-address';
import type { Db } from '../db';
import { mailAttempts, mailSearch, mails, passwordAuthentications } from '../db/schema';
import { recordAudit, type AuditContext } from '../shared/audit';
import { keptCount } from '../shared/kept-counts';
import { TOTAL_CAP } from '../../contracts/paging';
import { cappedPageOf, countLimitOf, epochSecondsOf, escapeLike, offsetOf, withinSeconds } from '../shared/paging';
import { conflict, notFound } from '../shared/problem';
import { announceMailsDue } from './notify';
import { attemptsMade, checkMail, insertMail, mailTarget, recipientsCount, SEARCH_WORD } from './queue';
import type { MailLogDetailOutput, MailLogItemOutput, MailLogSortKey } from '../../contracts/mail';
import type { MailLogRequest } from './schemas';

/** The mail log (its routes' descriptions in routes.ts): every mail in whatever state, searched and paged; details with every attempt; resend and cancel. */

/** Sort keys by column; reference_uid always follows so that pages are stable. A subject is ordered by its indexed prefix first. */
const SORT_COLUMNS: Record<MailLogSortKey, (SQL | AnyColumn)[]> = {
  requested_time: [mails.requestedAt],
  state: [mails.state, mails.requestedAt],
  sender: [mails.sender],
  subject: [sql`left(${mails.subject}, 64)`, mails.subject],
};

/** Kept by triggers on mails (migration 0009): every mail, the unfiltered log's total. */
const ALL_MAILS = 'mails';

const EMAIL_ADDRESS = new RegExp(EMAIL_PATTERN);

/**
 * The address a query names whole, lower case: an address with a dotted domain, bare or in angle brackets as in a mail header or a
 * Message-ID. Such a query matches whole addresses only (docs/internals.md, The mail log's search): a substring search for it reads the trigram posting lists
 * that every address shares (`exa`, `org`, `@ex` …), hundreds of milliseconds at a million mails.
 */
export function wholeAddressOf(query: string): string | undefined {
  const address = /^<.*>$/.test(query) ? query.slice(1, -1) : query;
  return EMAIL_ADDRESS.test(address) && address.split('@')[1].includes('.') ? address.toLowerCase() : undefined;
}

/**
 * The words a text holding `query` holds whole: those the query itself bounds by other characters on both sides ("visit 12346 for"
 * holds 12346 whole, but visit may end "revisit" and for begin "format").
 */
export function wordsHeldWhole(query: string): string[] {
  return [...query.matchAll(SEARCH_WORD)]
    .filter((match) => match.index > 0 && match.index + match[0].length < query.length)
    .map((match) => match[0]);
}

/**
 * A whole address is looked up in mail_search.search_tokens. Any other query is a substring of search_text; when it holds words whole, their
 * lookup in search_tokens finds the candidates and the LIKE, kept off the trigram index on purpose (`|| ''`), checks them: the trigram
 * index would AND in the posting lists of trigrams that most mails share. Otherwise the trigram index serves the LIKE.
 */
function textCondition(query: string): SQL {
  const address = wholeAddressOf(query);
  if (address) return sql`${mailSearch.searchTokens} @> array[${address}]::text[]`;
  const text = query.toLowerCase();
  const pattern = `%${escapeLike(text)}%`;
  const words = [...new Set(wordsHeldWhole(text))];
  if (!words.length) return sql`${mailSearch.searchText} like ${pattern}`;
  return sql`${mailSearch.searchTokens} @> array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[] and (${mailSearch.searchText} || '') like ${pattern}`;
}

/** Whether the query is looked up in mail_search.search_tokens (a whole address, or words held whole). */
const usesTokens = ({ query }: MailLogRequest) => {
  const text = query.trim();
  return text !== '' && (wholeAddressOf(text) !== undefined || wordsHeldWhole(text.toLowerCase()).length > 0);
};

/** A query narrows the log (the filters aside). */
const isSearch = ({ query }: MailLogRequest) => query.trim() !== '';

const hasFilters = ({ filters }: MailLogRequest) =>
  Boolean(filters.state?.length) || filters.requested?.from != null || filters.requested?.to != null;

function conditionsOf({ query, filters }: MailLogRequest): SQL[] {
  const conditions: SQL[] = [];
  const text = query.trim();
  if (text) conditions.push(textCondition(text));
  if (filters.state?.length) conditions.push(inArray(mails.state, filters.state));
  conditions.push(...withinSeconds(mails.requestedAt, filters.requested));
  return conditions;
}

/** A search reads mails with what their search matches (one row each). */
function joinedForSearch<T extends PgSelect>(query: T, request: MailLogRequest) {
  return isSearch(request) ? query.innerJoin(mailSearch, eq(mailSearch.mailUid, mails.referenceUid)) : query;
}

/**
 * The columns never hold NULL, yet the planner uses an index only for the exact null ordering: the log's indexes are DESC NULLS LAST
 * (as drizzle makes `.desc()`), read forwards for `des` and backwards for `asc`.
 */
function orderOf({ sortBy, ordering }: MailLogRequest): SQL[] {
  const direction = ordering === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  return [...SORT_COLUMNS[sortBy], mails.referenceUid].map((column) => sql`${column} ${direction}`);
}

/** The list's columns: everything but the message, which may be long. */
const listColumns = {
  referenceUid: mails.referenceUid,
  state: mails.state,
  sender: mails.sender,
  recipients: mails.recipients,
  cc: mails.cc,
  subject: mails.subject,
  requestedAt: mails.requestedAt,
  attempts: attemptsMade,
  messageId: mails.messageId,
  errorMessage: mails.errorMessage,
  completedAt: mails.completedAt,
  nextAttemptAt: mails.nextAttemptAt,
  refused: mails.refused,
};

const isUnfiltered = (request: MailLogRequest) => !isSearch(request) && !hasFilters(request);

/** The page query and the capped count, or the kept count's key when nothing narrows the log. Built, not run (the benchmark EXPLAINs them). */
export function mailLogQueries(db: Db, request: MailLogRequest, exactTotal?: boolean) {
  const where = and(...conditionsOf(request));
  const limit = countLimitOf(request, exactTotal);
  // a search without filters is counted in mail_search alone: every row there has its mail
  const matching =
    isSearch(request) && !hasFilters(request)
      ? db
          .select({ one: sql`1` })
          .from(mailSearch)
          .where(where)
      : joinedForSearch(
          db
            .select({ one: sql`1` })
            .from(mails)
            .$dynamic(),
          request,
        ).where(where);
  return {
    limit,
    countKey: isUnfiltered(request) ? ALL_MAILS : undefined,
    page: joinedForSearch(db.select(listColumns).from(mails).$dynamic(), request)
      .where(where)
      .orderBy(...orderOf(request))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    count: db.select({ total: count() }).from((limit === undefined ? matching : matching.limit(limit)).as('matching')),
  };
}

/**
 * A page that is not full, and holds something or is the first, is the last: its total is known without counting (a search's second
 * scan). The unfiltered log's total is the kept count, exact and one row to read.
 */
export async function searchMailLog(db: Db, request: MailLogRequest, exactTotal?: boolean) {
  if (usesTokens(request)) return db.transaction((tx) => searchByTokens(tx, request, exactTotal));
  const queries = mailLogQueries(db, request, exactTotal);
  const rows = await queries.page;
  const isLastPage = rows.length < request.pageSize && (rows.length > 0 || request.page === 1);
  if (queries.countKey && !isLastPage)
    return cappedPageOf(rows.map(logItemOf), await keptCount(db, queries.countKey), undefined, request);
  const total = isLastPage ? offsetOf(request) + rows.length : (await queries.count)[0].total;
  return cappedPageOf(rows.map(logItemOf), total, queries.limit, request);
}

/** The transaction's plans as searchByTokens counts (and sorts a few matches): bitmap scans, no parallel workers. */
export const BITMAP_SCANS_ONLY = sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
                                            set_config('max_parallel_workers_per_gather', '0', true)`;

/**
 * A search through mail_search.search_tokens counts first, through the GIN index (a bitmap scan: the planner may not walk the table), and reads
 * the page by what the count found. The planner cannot tell a rare address from a common one (ANALYZE's element statistics put every
 * uncommon token at about 0.5 % of the rows), so left alone it walks the sort index for an address that five mails of a million hold.
 * A few matches (the count stopped short of its limit): the page sorts them. Many: walking the sort index finds a page early. Without
 * parallel workers: the same misestimate made the join with mails look worth them, and starting them took longer (100+ ms) than the
 * whole search.
 */
async function searchByTokens(tx: Db, request: MailLogRequest, exactTotal?: boolean) {
  const queries = mailLogQueries(tx, request, exactTotal);
  await tx.execute(BITMAP_SCANS_ONLY);
  const [{ total }] = (await queries.count) as [{ total: number }];
  const few = total < (queries.limit ?? TOTAL_CAP + 1);
  if (!few)
    await tx.execute(
      sql`select set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'off', true)`,
    );
  const rows = await queries.page;
  return cappedPageOf(rows.map(logItemOf), total, queries.limit, request);
}

type ListRow = { [K in Exclude<keyof typeof listColumns, 'attempts'>]: (typeof mails.$inferSelect)[K] } & {
  attempts: number;
};

function logItemOf(row: ListRow): MailLogItemOutput {
  return {
    reference_uid: row.referenceUid,
    state: row.state,
    mail: { sender: row.sender, to: row.recipients, cc: row.cc, subject: row.subject },
    requested_time: epochSecondsOf(row.requestedAt),
    attempts: row.attempts,
    message_id: row.messageId,
    last_error: row.errorMessage,
    completed_time: secondsOrNull(row.completedAt),
    next_attempt: row.state === 'retrying' ? secondsOrNull(row.nextAttemptAt) : null,
    refused: row.refused,
  };
}

const mailNotFound = (uid: string) => notFound(`No mail has the reference uid ${uid}.`, 'uid', 'mail-not-found');
const secondsOrNull = (date: Date | null) => (date ? epochSecondsOf(date) : null);

/** A mail with its body, every attempt and its resend links; 404 when there is none. */
export async function mailDetail(db: Db, uid: string): Promise<MailLogDetailOutput> {
  const [row] = await db.select().from(mails).where(eq(mails.referenceUid, uid));
  if (!row) throw mailNotFound(uid);
  const attempts = await db
    .select()
    .from(mailAttempts)
    .where(eq(mailAttempts.mailUid, uid))
    .orderBy(asc(mailAttempts.attemptedAt), asc(mailAttempts.id));
  const resends = await db
    .select({ uid: mails.referenceUid })
    .from(mails)
    .where(eq(mails.resentFrom, uid))
    .orderBy(asc(mails.requestedAt), asc(mails.referenceUid));
  return {
    reference_uid: row.referenceUid,
    state: row.state,
    mail: { sender: row.sender, to: row.recipients, cc: row.cc, subject: row.subject, message: row.message },
    requested_time: epochSecondsOf(row.requestedAt),
    completed_time: secondsOrNull(row.completedAt),
    message_id: row.messageId,
    last_error: row.errorMessage,
    cancelled: row.cancelledAt ? { time: epochSecondsOf(row.cancelledAt), by: row.cancelledBy ?? '' } : null,
    resent_from: row.resentFrom,
    resent_as: resends.map((resend) => resend.uid),
    attempts: attempts.map((attempt) => ({
      time: epochSecondsOf(attempt.attemptedAt),
      provider: attempt.providerUid
        ? { uid: attempt.providerUid, name: attempt.providerName ?? '', host: attempt.providerHost ?? '' }
        : null,
      outcome: attempt.outcome,
      reply_code: attempt.replyCode,
      reply_text: attempt.replyText,
      recipients: attempt.recipients,
    })),
  };
}

/** Queues a new mail with the original's content, linked to it (resent_from); audited as mail.resend on the original. Returns the new mail. */
export async function resendMail(db: Db, uid: string, audit: AuditContext): Promise<MailLogDetailOutput> {
  const resendUid = randomUUID();
  const resent = await db.transaction(async (tx) => {
    const [original] = await tx.select().from(mails).where(eq(mails.referenceUid, uid));
    if (!original) throw mailNotFound(uid);
    const content = {
      sender: original.sender,
      to: original.recipients,
      cc: original.cc,
      subject: original.subject,
      message: original.message,
    };
    checkMail(content);
    await insertMail(tx, resendUid, content, original.referenceUid);
    const changes = { resent_as: resendUid, recipients_count: original.recipients.length + original.cc.length };
    await recordAudit(tx, { ...audit, action: 'mail.resend', target: mailTarget(original.referenceUid), changes });
    return mailDetail(tx, resendUid);
  });
  announceMailsDue();
  return resent;
}

const CANCELLABLE = ['queued', 'retrying'];

/**
 * Cancels a queued or retrying mail: it is never delivered. A mail being delivered right now (a claim's lease that has not run out) is
 * not cancellable: the provider may already have it. The row is locked first, so a claim racing the cancel either sees it cancelled or
 * holds the lease, and the cancel is refused. Audited as mail.cancel with the state it left.
 */
export async function cancelMail(
  db: Db,
  uid: string,
  user: { uid: string; publicName: string },
  audit: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        state: mails.state,
        recipients: recipientsCount,
        leased: sql<boolean>`coalesce(${mails.leaseUntil} > now(), false)`,
      })
      .from(mails)
      .where(eq(mails.referenceUid, uid))
      .for('update');
    if (!row) throw mailNotFound(uid);
    if (!CANCELLABLE.includes(row.state))
      throw conflict(
        `The mail is ${row.state}; only queued or retrying mails can be cancelled.`,
        'uid',
        'not-cancellable',
      );
    if (row.leased)
      throw conflict('The mail is being delivered right now; it cannot be cancelled.', 'uid', 'not-cancellable');
    const username = tx
      .select({ username: passwordAuthentications.username })
      .from(passwordAuthentications)
      .where(eq(passwordAuthentications.userUid, user.uid));
    await tx
      .update(mails)
      .set({
        state: 'cancelled',
        cancelledAt: sql`now()`,
        cancelledBy: sql`coalesce((${username}), ${user.publicName})`,
        nextAttemptAt: null,
        leaseUntil: null,
        leaseOwner: null,
      })
      .where(eq(mails.referenceUid, uid));
    const changes = { state: 'cancelled', previous_state: row.state, recipients_count: row.recipients };
    await recordAudit(tx, { ...audit, action: 'mail.cancel', target: mailTarget(uid), changes });
  });
}
