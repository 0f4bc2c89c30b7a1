import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { mails, type RefusedRecipient } from '../db/schema';
import { insertAttempts, type AttemptReport } from './attempts';

/** A mail this process has leased for one delivery attempt. */
export interface ClaimedMail {
  referenceUid: string;
  leaseOwner: string;
  sender: string;
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  requestedAt: Date;
  /** Attempts including this one. */
  attempts: number;
}

interface ClaimedRow {
  reference_uid: string;
  sender: string;
  recipients: string[];
  cc: string[];
  subject: string;
  message: string;
  requested_at: Date | string;
  attempts: number;
}

/**
 * Leases up to `limit` due mails in one statement. SKIP LOCKED lets several processes claim side by side without
 * waiting for or double-claiming each other's rows; a lease that runs out (the process died) makes the mail due again.
 * Plain SQL: this runs once per delivery batch, and the query builder cost more than the query on PGlite.
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const leaseOwner = randomUUID();
  const result = await db.execute(sql`
    update mails
       set state = 'queued', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds}), lease_owner = ${leaseOwner}
     where reference_uid in (
           select reference_uid from mails
            where state in ('queued', 'retrying') and next_attempt_at <= now() and (lease_until is null or lease_until <= now())
            order by next_attempt_at
            limit ${limit}
              for update skip locked)
    returning reference_uid, sender, recipients, cc, subject, message, requested_at, attempts`);
  return (result as unknown as { rows: ClaimedRow[] }).rows.map((row) => ({
    referenceUid: row.reference_uid,
    leaseOwner,
    sender: row.sender,
    to: row.recipients,
    cc: row.cc,
    subject: row.subject,
    message: row.message,
    requestedAt: new Date(row.requested_at),
    attempts: Number(row.attempts),
  }));
}

/** Only the lease holder may record an outcome: after its lease ran out the mail may belong to another process. */
const heldBy = (claim: ClaimedMail) => and(eq(mails.referenceUid, claim.referenceUid), eq(mails.leaseOwner, claim.leaseOwner));
const noLease = { leaseUntil: null, leaseOwner: null };

interface DeliveredMark {
  claim: ClaimedMail;
  refused: RefusedRecipient[];
  /** The attempt for the mail log; stored only when the mark applies (the lease was still held). */
  report?: AttemptReport;
}

/** Several at once: deliveries finishing together share one statement (and one more for their attempts). */
async function markDelivered(db: Db, marks: DeliveredMark[]) {
  const rows = marks.map(({ claim, refused }) => sql`(${claim.referenceUid}::uuid, ${claim.leaseOwner}::uuid, ${JSON.stringify(refused)}::jsonb)`);
  await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update mails
         set state = 'delivered', completed_at = now(), next_attempt_at = null, error_message = null, lease_until = null, lease_owner = null,
             refused = marked.refused
        from (values ${sql.join(rows, sql`, `)}) as marked (reference_uid, lease_owner, refused)
       where mails.reference_uid = marked.reference_uid and mails.lease_owner = marked.lease_owner
      returning mails.reference_uid`);
    const marked = new Set((result as unknown as { rows: { reference_uid: string }[] }).rows.map((row) => row.reference_uid));
    await insertAttempts(tx, attemptsOf(marks.filter((mark) => marked.has(mark.claim.referenceUid)), 'delivered'));
  });
}

/** The mail log's attempt rows of marks that applied. */
const attemptsOf = (marks: { claim: ClaimedMail; report?: AttemptReport }[], outcome: 'delivered' | 'retrying' | 'failed') =>
  marks.flatMap(({ claim, report }) => (report ? [{ mailUid: claim.referenceUid, outcome, report }] : []));

export async function markRetrying(db: Db, claim: ClaimedMail, errorMessage: string, delaySeconds: number, report?: AttemptReport) {
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(mails)
      .set({ ...noLease, state: 'retrying', errorMessage, nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
      .where(heldBy(claim))
      .returning({ uid: mails.referenceUid });
    if (marked.length) await insertAttempts(tx, attemptsOf([{ claim, report }], 'retrying'));
  });
}

export async function markFailed(db: Db, claim: ClaimedMail, errorMessage: string, report?: AttemptReport) {
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(mails)
      .set({ ...noLease, state: 'failed', errorMessage, completedAt: sql`now()`, nextAttemptAt: null })
      .where(heldBy(claim))
      .returning({ uid: mails.referenceUid });
    if (marked.length) await insertAttempts(tx, attemptsOf([{ claim, report }], 'failed'));
  });
}

/** Gives a mail back untried (shutdown interrupted it), so that any process may deliver it at once. */
export async function releaseClaim(db: Db, claim: ClaimedMail) {
  await db.update(mails).set(noLease).where(heldBy(claim));
}

/**
 * Group commit of delivered marks: a mark requested while one is being written waits for the next statement,
 * which takes every mark requested meanwhile. Each caller learns when its own mark is stored.
 */
export class DeliveredMarks {
  private waiting: (DeliveredMark & { settle: (error?: unknown) => void })[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  mark(claim: ClaimedMail, refused: RefusedRecipient[] = [], report?: AttemptReport): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ claim, refused, report, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      void this.writeAll();
    });
  }

  private async writeAll() {
    if (this.writing) return;
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      const error = await markDelivered(this.db, batch).then(
        () => undefined,
        (failure: unknown) => failure ?? new Error('marking mails delivered failed'),
      );
      for (const entry of batch) entry.settle(error);
    }
    this.writing = false;
  }
}

/** Extends the leases of mails still being delivered, so that a slow delivery is not claimed a second time. */
export async function renewLeases(db: Db, claims: ClaimedMail[], leaseSeconds: number) {
  if (claims.length === 0) return;
  const held = claims.map((claim) => sql`(${claim.referenceUid}::uuid, ${claim.leaseOwner}::uuid)`);
  await db.execute(sql`
    update mails set lease_until = now() + make_interval(secs => ${leaseSeconds})
     where (reference_uid, lease_owner) in (${sql.join(held, sql`, `)})`);
}
