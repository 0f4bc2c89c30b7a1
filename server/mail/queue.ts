import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Db } from '../db';
import { mailSearch, mails } from '../db/schema';
import { recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, notFound } from '../shared/problem';
import { announceMailsDue } from './notify';
import { Mail, type DeliveredOutput, type FailedOutput, type MailInput, type MailOutput, type QueueEntryOutput, type RetryingOutput } from './schemas';

const mailChecker = TypeCompiler.Compile(Mail);

/** Checks a mail as POST /send/ does; throws a 400 problem naming the first wrong field. */
export function checkMail(mail: unknown): asserts mail is MailInput {
  const error = mailChecker.Errors(mail).First();
  if (error) {
    const field = error.path.replace(/^\//, '').replaceAll('/', '.') || 'mail';
    throw badRequest(`${field} ${error.schema.description ? `must be ${error.schema.description}` : error.message.toLowerCase()}`, field);
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
      const changes = { recipients_count: mail.to.length + (mail.cc?.length ?? 0) };
      await recordAudit(tx, { ...audit, action: 'mail.send', target: mailTarget(referenceUid, mail.sender), changes });
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
const searchTextOf = (mail: MailInput, messageId: string) => [mail.sender, ...mail.to, ...(mail.cc ?? []), mail.subject, messageId].join('\n').toLowerCase();

/** A word of the mail log's search: a run of lower-case letters a-z and digits (mail_search.search_tokens; migration 0009 split older rows alike). */
export const SEARCH_WORD = /[a-z0-9]+/g;

/** What the mail log's search looks up whole: each address and the Message-ID without its brackets, lower case, and every word of the search text. */
const searchTokensOf = (mail: MailInput, messageId: string, searchText: string) => {
  const addresses = [mail.sender, ...mail.to, ...(mail.cc ?? []), messageId.replace(/^<|>$/g, '')].map((address) => address.toLowerCase());
  return [...new Set([...addresses, ...(searchText.match(SEARCH_WORD) ?? [])])];
};

/** Inserts a queued mail, due now, and what the mail log's search matches, in one statement; `resentFrom` links a resend to its original. */
export async function insertMail(executor: Db, referenceUid: string, mail: MailInput, resentFrom: string | null = null) {
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
  const searched = executor.insert(mailSearch).values({ mailUid: referenceUid, searchText, searchTokens: searchTokensOf(mail, messageId, searchText) });
  // the foreign key is checked at the end of the statement, when the mail is there
  await executor.execute(sql`with queued as (${queued.getSQL()}) ${searched.getSQL()}`);
}

/** A mail in the audit trail: labelled with its sender, since the subject may hold a care customer's personal data. */
export const mailTarget = (referenceUid: string, sender: string) => ({ type: 'mail', id: referenceUid, label: sender });

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
  attempts: mails.attempts,
  nextAttemptAt: mails.nextAttemptAt,
  errorMessage: mails.errorMessage,
  completedAt: mails.completedAt,
  refused: mails.refused,
};
type MailRow = Pick<typeof mails.$inferSelect, keyof typeof listed>;

const epochSeconds = (date: Date | null) => Math.floor((date?.getTime() ?? 0) / 1000);

function mailOf(row: MailRow): MailOutput {
  return { sender: row.sender, to: row.recipients, cc: row.cc, subject: row.subject, message: row.message };
}

function base(row: MailRow) {
  return { reference_uid: row.referenceUid, mail: mailOf(row), requested_time: epochSeconds(row.requestedAt) };
}

/** Queued mails, including those being delivered right now; newest request first. */
export async function listQueued(db: Db, limit: number): Promise<QueueEntryOutput[]> {
  const rows = await db.select(listed).from(mails).where(eq(mails.state, 'queued')).orderBy(desc(mails.requestedAt)).limit(limit);
  return rows.map((row) => ({ ...base(row), attempt: row.attempts }));
}

/** Newest delivery first. */
export async function listDelivered(db: Db, limit: number): Promise<DeliveredOutput[]> {
  const rows = await db.select(listed).from(mails).where(eq(mails.state, 'delivered')).orderBy(desc(mails.completedAt)).limit(limit);
  return rows.map((row) => ({ ...base(row), delivered: epochSeconds(row.completedAt), refused: row.refused }));
}

/** Next attempt first. */
export async function listRetrying(db: Db, limit: number): Promise<RetryingOutput[]> {
  const rows = await db.select(listed).from(mails).where(eq(mails.state, 'retrying')).orderBy(asc(mails.nextAttemptAt)).limit(limit);
  return rows.map((row) => ({
    ...base(row),
    attempt: row.attempts,
    error_message: row.errorMessage ?? '',
    next_attempt: epochSeconds(row.nextAttemptAt),
  }));
}

/** Latest failure first. */
export async function listFailed(db: Db, limit: number): Promise<FailedOutput[]> {
  const rows = await db.select(listed).from(mails).where(eq(mails.state, 'failed')).orderBy(desc(mails.completedAt)).limit(limit);
  return rows.map((row) => ({ ...base(row), error_message: row.errorMessage ?? '', attempts: row.attempts }));
}

/** Puts permanently failed mails back in the queue with their attempts reset; all or nothing. */
export async function requeueFailed(db: Db, uids: string[], audit: AuditContext): Promise<string[]> {
  const unique = [...new Set(uids.map((uid) => uid.toLowerCase()))];
  const requeued = await db.transaction(async (tx) => {
    const rows = await tx
      .update(mails)
      .set({ state: 'queued', attempts: 0, nextAttemptAt: sql`now()`, errorMessage: null, completedAt: null, leaseUntil: null, leaseOwner: null })
      .where(and(inArray(mails.referenceUid, unique), eq(mails.state, 'failed')))
      .returning({ uid: mails.referenceUid, sender: mails.sender });
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((row) => row.uid));
      const missing = unique.filter((uid) => !found.has(uid));
      throw notFound(`Not permanently failed mails: ${missing.join(', ')}.`, 'uids', 'mail-not-failed');
    }
    // one event per mail, in the order the request named them (the update returns its rows in whatever order the plan read them)
    const senders = new Map(rows.map((row) => [row.uid, row.sender]));
    for (const uid of unique) await recordAudit(tx, { ...audit, action: 'mail.requeue', target: mailTarget(uid, senders.get(uid)!), changes: { state: 'queued' } });
    return unique;
  });
  announceMailsDue();
  return requeued;
}
