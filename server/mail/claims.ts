import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { mails, type RefusedRecipient } from '../db/schema';
import { insertAttempts, type AttemptReport } from './attempts';
import { routesVersion } from './routing';

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
  /** The version of the routes (providers and accounts) when the mail was claimed: see RoutesCache. */
  routesVersion: string;
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
  routes_version: string;
}

/**
 * Leases up to `limit` due mails in one statement. SKIP LOCKED lets several processes claim side by side without
 * waiting for or double-claiming each other's rows; a lease that runs out (the process died) makes the mail due again.
 * Plain SQL: this runs once per delivery batch, and the query builder cost more than the query on PGlite. The routes' version comes
 * along (one subquery for the whole statement), so the worker needs no query of its own to know whether its routes are current.
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
    returning reference_uid, sender, recipients, cc, subject, message, requested_at, attempts, ${routesVersion} as routes_version`);
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
    routesVersion: row.routes_version,
  }));
}

/** Only the lease holder may record an outcome: after its lease ran out the mail may belong to another process. */
const heldBy = (claim: ClaimedMail) => and(eq(mails.referenceUid, claim.referenceUid), eq(mails.leaseOwner, claim.leaseOwner));
const noLease = { leaseUntil: null, leaseOwner: null };

/**
 * What one delivery attempt leaves to record for its mail; one entry per mail in a batch of marks. `report` is the attempt for the
 * mail log (mail_attempts), stored only when the mark applies (the lease was still held).
 */
export type MarkedOutcome =
  | { kind: 'delivered'; claim: ClaimedMail; refused: RefusedRecipient[]; report?: AttemptReport }
  | { kind: 'retrying'; claim: ClaimedMail; errorMessage: string; delaySeconds: number; report?: AttemptReport }
  | { kind: 'failed'; claim: ClaimedMail; errorMessage: string; report?: AttemptReport };
type Marked<Kind extends MarkedOutcome['kind']> = Extract<MarkedOutcome, { kind: Kind }>;

/** The lease holder's own mails among `marks`, as a VALUES list of (reference_uid, lease_owner, …columns). */
function heldValues<Mark extends { claim: ClaimedMail }>(marks: Mark[], columns: (mark: Mark) => SQL[]): SQL {
  const row = (mark: Mark) => sql.join([sql`${mark.claim.referenceUid}::uuid`, sql`${mark.claim.leaseOwner}::uuid`, ...columns(mark)], sql`, `);
  return sql.join(
    marks.map((mark) => sql`(${row(mark)})`),
    sql`, `,
  );
}

/** Several at once: deliveries finishing together share one statement. */
async function markDelivered(db: Db, marks: Marked<'delivered'>[]) {
  const rows = heldValues(marks, (mark) => [sql`${JSON.stringify(mark.refused)}::jsonb`]);
  const result = await db.execute(sql`
    update mails
       set state = 'delivered', completed_at = now(), next_attempt_at = null, error_message = null, lease_until = null, lease_owner = null,
           refused = marked.refused
      from (values ${rows}) as marked (reference_uid, lease_owner, refused)
     where mails.reference_uid = marked.reference_uid and mails.lease_owner = marked.lease_owner
    returning mails.reference_uid`);
  return markedUids(result);
}

export async function markRetrying(db: Db, marks: Marked<'retrying'>[]) {
  const rows = heldValues(marks, (mark) => [sql`${mark.errorMessage}::text`, sql`${mark.delaySeconds}::float8`]);
  const result = await db.execute(sql`
    update mails
       set state = 'retrying', error_message = marked.error_message, next_attempt_at = now() + make_interval(secs => marked.delay_seconds),
           lease_until = null, lease_owner = null
      from (values ${rows}) as marked (reference_uid, lease_owner, error_message, delay_seconds)
     where mails.reference_uid = marked.reference_uid and mails.lease_owner = marked.lease_owner
    returning mails.reference_uid`);
  return markedUids(result);
}

export async function markFailed(db: Db, marks: Marked<'failed'>[]) {
  const rows = heldValues(marks, (mark) => [sql`${mark.errorMessage}::text`]);
  const result = await db.execute(sql`
    update mails
       set state = 'failed', error_message = marked.error_message, completed_at = now(), next_attempt_at = null, lease_until = null, lease_owner = null
      from (values ${rows}) as marked (reference_uid, lease_owner, error_message)
     where mails.reference_uid = marked.reference_uid and mails.lease_owner = marked.lease_owner
    returning mails.reference_uid`);
  return markedUids(result);
}

/** The uids a mark's UPDATE … RETURNING reference_uid changed. */
const markedUids = (result: unknown) => (result as { rows: { reference_uid: string }[] }).rows.map((row) => row.reference_uid);

/**
 * The outcomes of several attempts in one transaction: one statement per kind present. Whatever else belongs to an attempt's
 * outcome (its own record) goes into this transaction too, so that a mail's state and its record change together.
 */
export async function recordOutcomes(db: Db, outcomes: MarkedOutcome[]) {
  const ofKind = <Kind extends MarkedOutcome['kind']>(kind: Kind) => outcomes.filter((outcome): outcome is Marked<Kind> => outcome.kind === kind);
  const [delivered, retrying, failed] = [ofKind('delivered'), ofKind('retrying'), ofKind('failed')];
  await db.transaction(async (tx) => {
    const marked = new Set([
      ...(delivered.length > 0 ? await markDelivered(tx, delivered) : []),
      ...(retrying.length > 0 ? await markRetrying(tx, retrying) : []),
      ...(failed.length > 0 ? await markFailed(tx, failed) : []),
    ]);
    await insertAttempts(tx, outcomes.filter(({ claim }) => marked.has(claim.referenceUid)).flatMap(attemptOf));
  });
}

/** The mail log's row of an outcome that carries a report. */
const attemptOf = ({ kind, claim, report }: MarkedOutcome) => (report ? [{ mailUid: claim.referenceUid, outcome: kind, report }] : []);

/** Gives a mail back untried (shutdown interrupted it), so that any process may deliver it at once. */
export async function releaseClaim(db: Db, claim: ClaimedMail) {
  await db.update(mails).set(noLease).where(heldBy(claim));
}

/**
 * Group commit of outcomes: an outcome recorded while a batch is being written waits for the next batch, which takes every
 * outcome recorded meanwhile. Each caller learns when its own outcome is stored; until then its mail counts as in flight, which
 * keeps the crash bound (at most the deliveries in flight are sent again).
 */
export class OutcomeMarks {
  private waiting: { outcome: MarkedOutcome; settle: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  mark(outcome: MarkedOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ outcome, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      void this.writeAll();
    });
  }

  private async writeAll() {
    if (this.writing) return;
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      const error = await recordOutcomes(
        this.db,
        batch.map((entry) => entry.outcome),
      ).then(
        () => undefined,
        (failure: unknown) => failure ?? new Error('recording delivery outcomes failed'),
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
