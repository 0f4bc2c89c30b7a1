import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Db } from '../db';
import { mailAttempts, mailSearch, mails } from '../db/schema';
import { qualified } from '../db/sql';
import { recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, notFound } from '../shared/problem';
import { distinctUids } from '../../contracts/common';
import { announceMailsDue } from './notify';
import {
  Mail,
  type DeliveredOutput,
  type FailedOutput,
  type MailInput,
  type MailOutput,
  type QueueEntryOutput,
  type RetryingOutput,
} from '../../contracts/mail';

const mailChecker = TypeCompiler.Compile(Mail);

/** Checks a mail as POST /send/ does; throws a 400 problem naming the first wrong field. */
export function checkMail(mail: unknown): asserts mail is MailInput {
  const error = mailChecker.Errors(mail).First();
  if (error) {
    const field = error.path.replace(/^\//, '').replaceAll('/', '.') || 'mail';
    throw badRequest(
      `${field} ${error.schema.description ? `must be ${error.schema.description}` : error.message.toLowerCase()}`,
      field,
    );
  }
}

/**
 * Queues a mail for delivery: the way every server module sends mail. Returns its reference uid. With `audit` (a mail a
 * caller sends) the event mail.send is recorded with it: the sender and the number of recipients, never the subject or text.
 */
export async function enqueueMail(db: Db, mail: MailInput, audit?: AuditContext): Promise<string> {
  checkMail(mail);
  const referenceUid = randomUUID();
  if (!audit) await insertMail(db, referenceUid, mail);
  else {
    await db.transaction(async (tx) => {
      await insertMail(tx, referenceUid, mail);
      const recipients = mail.to.length + (mail.cc?.length ?? 0);
      await recordAudit(tx, {
        ...audit,
        action: 'mail.send',
        target: mailTarget(referenceUid),
        changes: { recipients_count: recipients },
      });
      // what the transaction returns is what an Idempotency-Key keeps with it (server/shared/idempotency.ts)
      return referenceUid;
    });
  }
  announceMailsDue();
  return referenceUid;
}

/**
 * The Message-ID header a mail is sent with: fixed at queue time (stored, so the mail log finds a mail by it before delivery) and the
 * same in every attempt, so that a recipient can recognise the rare duplicate after a crash.
 */
export const messageIdOf = (referenceUid: string, sender: string) => `<${referenceUid}@${sender.split('@')[1]}>`;

/** What the mail log's search matches, one a line, lower case (mail_search.search_text; migration 0005 filled older rows alike). */
const searchTextOf = (mail: MailInput, messageId: string) =>
  [mail.sender, ...mail.to, ...(mail.cc ?? []), mail.subject, messageId].join('\n').toLowerCase();

/** A word of the mail log's search: a run of lower-case letters a-z and digits (mail_search.search_tokens; migration 0009 split older rows alike). */
export const SEARCH_WORD = /[a-z0-9]+/g;

/** What the mail log's search looks up whole: each address and the Message-ID without its brackets, lower case, and every word of the search text. */
const searchTokensOf = (mail: MailInput, messageId: string, searchText: string) => {
  const addresses = [mail.sender, ...mail.to, ...(mail.cc ?? []), messageId.replace(/^<|>$/g, '')].map((address) =>
    address.toLowerCase(),
  );
  return [...new Set([...addresses, ...(searchText.match(SEARCH_WORD) ?? [])])];
};

/** Inserts a queued mail, due now, and what the mail log's search matches, in one statement; `resentFrom` links a resend to its original. */
export async function insertMail(
  executor: Db,
  referenceUid: string,
  mail: MailInput,
  resentFrom: string | null = null,
) {
  const messageId = messageIdOf(referenceUid, mail.sender);
  const searchText = searchTextOf(mail, messageId);
  const queued = executor.insert(mails).values({
    referenceUid,
    sender: mail.sender,
    recipients: mail.to,
    cc: mail.cc ?? [],
    subject: mail.subject,
    message: mail.message,
    state: 'queued',
    nextAttemptAt: sql`now()`,
    messageId,
    resentFrom,
  });
  const searched = executor
    .insert(mailSearch)
    .values({ mailUid: referenceUid, searchText, searchTokens: searchTokensOf(mail, messageId, searchText) });
  // the foreign key is checked at the end of the statement, when the mail is there
  await executor.execute(sql`with queued as (${queued.getSQL()}) ${searched.getSQL()}`);
}

/**
 * A mail in the audit trail: its reference uid, no label. Its addresses and subject may name a care customer or a member of staff; the
 * events say how many recipients it has instead (`recipients_count`), see recipientsCount.
 */
export const mailTarget = (referenceUid: string) => ({ type: 'mail', id: referenceUid, label: null });

/** A stored mail's number of recipients (to and cc), for its audit events. */
export const recipientsCount = sql<number>`cardinality(${mails.recipients}) + cardinality(${mails.cc})`.mapWith(Number);

/**
 * The delivery attempts of a mail, as the mail log's detail lists them (every attempt with an outcome, across requeues): what every
 * list and the log show as its attempts. mails.attempts is the retry budget instead, which a requeue restarts (server/mail/worker.ts).
 */
export const attemptsMade =
  sql<number>`(select count(*) from ${mailAttempts} where ${mailAttempts.mailUid} = ${qualified(mails.referenceUid)})`.mapWith(
    Number,
  );

/**
 * The columns the lists show: not the search text, leases, Message-ID nor the log's links, which a list of 1,000 mails would
 * otherwise read, decode and drop on every request (on PGlite in the thread that also delivers).
 */
const listed = {
  referenceUid: mails.referenceUid,
  sender: mails.sender,
  recipients: mails.recipients,
  cc: mails.cc,
  subject: mails.subject,
  message: mails.message,
  requestedAt: mails.requestedAt,
  attempts: attemptsMade,
  nextAttemptAt: mails.nextAttemptAt,
  errorMessage: mails.errorMessage,
  completedAt: mails.completedAt,
  refused: mails.refused,
};
type MailRow = Pick<typeof mails.$inferSelect, Exclude<keyof typeof listed, 'attempts'>> & { attempts: number };

const epochSeconds = (date: Date | null) => Math.floor((date?.getTime() ?? 0) / 1000);

function mailOf(row: MailRow): MailOutput {
  return { sender: row.sender, to: row.recipients, cc: row.cc, subject: row.subject, message: row.message };
}

function base(row: MailRow) {
  return { reference_uid: row.referenceUid, mail: mailOf(row), requested_time: epochSeconds(row.requestedAt) };
}

/** Queued mails, including those being delivered right now; newest request first. */
export async function listQueued(db: Db, limit: number): Promise<QueueEntryOutput[]> {
  const rows = await db
    .select(listed)
    .from(mails)
    .where(eq(mails.state, 'queued'))
    .orderBy(desc(mails.requestedAt))
    .limit(limit);
  return rows.map((row) => ({ ...base(row), attempt: row.attempts }));
}

/** Newest delivery first. */
export async function listDelivered(db: Db, limit: number): Promise<DeliveredOutput[]> {
  const rows = await db
    .select(listed)
    .from(mails)
    .where(eq(mails.state, 'delivered'))
    .orderBy(desc(mails.completedAt))
    .limit(limit);
  return rows.map((row) => ({ ...base(row), delivered: epochSeconds(row.completedAt), refused: row.refused }));
}

/** Next attempt first. */
export async function listRetrying(db: Db, limit: number): Promise<RetryingOutput[]> {
  const rows = await db
    .select(listed)
    .from(mails)
    .where(eq(mails.state, 'retrying'))
    .orderBy(asc(mails.nextAttemptAt))
    .limit(limit);
  return rows.map((row) => ({
    ...base(row),
    attempt: row.attempts,
    error_message: row.errorMessage ?? '',
    next_attempt: epochSeconds(row.nextAttemptAt),
  }));
}

/** Latest failure first. */
export async function listFailed(db: Db, limit: number): Promise<FailedOutput[]> {
  const rows = await db
    .select(listed)
    .from(mails)
    .where(eq(mails.state, 'failed'))
    .orderBy(desc(mails.completedAt))
    .limit(limit);
  return rows.map((row) => ({ ...base(row), error_message: row.errorMessage ?? '', attempts: row.attempts }));
}

/** Puts permanently failed mails back in the queue with their attempts reset; all or nothing. */
export async function requeueFailed(db: Db, uids: string[], audit: AuditContext): Promise<string[]> {
  const unique = distinctUids(uids);
  const requeued = await db.transaction(async (tx) => {
    const rows = await tx
      .update(mails)
      .set({
        state: 'queued',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        errorMessage: null,
        completedAt: null,
        leaseUntil: null,
        leaseOwner: null,
      })
      .where(and(inArray(mails.referenceUid, unique), eq(mails.state, 'failed')))
      .returning({ uid: mails.referenceUid, recipients: recipientsCount });
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((row) => row.uid));
      const missing = unique.filter((uid) => !found.has(uid));
      throw notFound(`Not permanently failed mails: ${missing.join(', ')}.`, 'uids', 'mail-not-failed');
    }
    // one event per mail, in the order the request named them (the update returns its rows in whatever order the plan read them)
    const recipients = new Map(rows.map((row) => [row.uid, row.recipients]));
    for (const uid of unique) {
      await recordAudit(tx, {
        ...audit,
        action: 'mail.requeue',
        target: mailTarget(uid),
        changes: { state: 'queued', recipients_count: recipients.get(uid) },
      });
    }
    return unique;
  });
  announceMailsDue();
  return requeued;
}

/**
 * Makes retrying mails due now instead of at their next attempt (the retry budget stays as it is). Mails no longer retrying (delivered,
 * failed or cancelled meanwhile, or unknown) are left alone and not counted; one mail.retry-now event per moved mail. Returns how many moved.
 */
export async function retryNow(db: Db, uids: string[], audit: AuditContext): Promise<number> {
  const unique = distinctUids(uids);
  const moved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(mails)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(inArray(mails.referenceUid, unique), eq(mails.state, 'retrying')))
      .returning({ uid: mails.referenceUid, recipients: recipientsCount });
    const recipients = new Map(rows.map((row) => [row.uid, row.recipients]));
    for (const uid of unique.filter((uid) => recipients.has(uid))) {
      await recordAudit(tx, {
        ...audit,
        action: 'mail.retry-now',
        target: mailTarget(uid),
        changes: { next_attempt: 'now', recipients_count: recipients.get(uid) },
      });
    }
    return rows.length;
  });
  if (moved > 0) announceMailsDue();
  return moved;
}
