import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { mails, type RefusedRecipient } from '../db/schema';
import type { AttemptReport } from './attempts';
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

/** A type, not an interface: execute's row type must be indexable. */
type ClaimedRow = {
  reference_uid: string;
  sender: string;
  recipients: string[];
  cc: string[];
  subject: string;
  message: string;
  requested_at: Date | string;
  attempts: number;
  routes_version: string;
};

/**
 * Leases up to `limit` due mails in one statement. SKIP LOCKED lets several processes claim side by side without
 * waiting for or double-claiming each other's rows; a lease that runs out (the process died) makes the mail due again.
 * Plain SQL: this runs once per delivery batch, and the query builder cost more than the query on PGlite. The routes' version comes
 * along (one subquery for the whole statement), so the worker needs no query of its own to know whether its routes are current.
 */
export async function claimDueMails(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const leaseOwner = randomUUID();
  const result = await db.execute<ClaimedRow>(sql`
    with claimed as (${claimUpdate(limit, leaseSeconds, leaseOwner, sql``)})
    select *, ${routesVersion} as routes_version from claimed`);
  return claimedMails(result.rows, leaseOwner);
}

/** The update that leases due mails, for a WITH clause; `excluding` narrows the due mails further. */
function claimUpdate(limit: number, leaseSeconds: number, leaseOwner: string, excluding: SQL): SQL {
  return sql`
    update mails
       set state = 'queued', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds}), lease_owner = ${leaseOwner}
     where reference_uid in (
           select reference_uid from mails
            where state in ('queued', 'retrying') and next_attempt_at <= now() and (lease_until is null or lease_until <= now()) ${excluding}
            order by next_attempt_at
            limit ${limit}
              for update skip locked)
    returning reference_uid, sender, recipients, cc, subject, message, requested_at, attempts`;
}

function claimedMails(rows: ClaimedRow[], leaseOwner: string): ClaimedMail[] {
  return rows.map((row) => ({
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
const heldBy = (claim: ClaimedMail) =>
  and(eq(mails.referenceUid, claim.referenceUid), eq(mails.leaseOwner, claim.leaseOwner));
const noLease = { leaseUntil: null, leaseOwner: null };

/**
 * What one delivery attempt leaves to record for its mail; one entry per mail in a batch of marks. `report` is the attempt for the
 * mail log (mail_attempts), stored only when the mark applies (the lease was still held).
 */
export type MarkedOutcome =
  | { kind: 'delivered'; claim: ClaimedMail; refused: RefusedRecipient[]; report?: AttemptReport }
  | { kind: 'retrying'; claim: ClaimedMail; errorMessage: string; delaySeconds: number; report?: AttemptReport }
  | { kind: 'failed'; claim: ClaimedMail; errorMessage: string; report?: AttemptReport };

/**
 * The outcomes of several attempts, as WITH clauses: every mail's new state and, for the mails whose lease this process still held,
 * the mail log's attempt rows. One statement is one transaction, so a mail's state and its attempt change together; and it is one
 * round trip instead of a transaction's four (BEGIN, update, insert, COMMIT), which the worker pays per batch of outcomes.
 */
function recordingClauses(outcomes: MarkedOutcome[]): SQL {
  return sql`
    marked (reference_uid, lease_owner, outcome, error_message, delay_seconds, refused, attempted_at, provider_uid, provider_name,
            provider_host, reply_code, reply_text, recipients) as (values ${sql.join(outcomes.map(markedRow), sql`, `)}),
    changed as (
      update mails
         set state = marked.outcome, error_message = marked.error_message, lease_until = null, lease_owner = null,
             next_attempt_at = case when marked.outcome = 'retrying' then now() + make_interval(secs => marked.delay_seconds) end,
             completed_at = case when marked.outcome = 'retrying' then mails.completed_at else now() end,
             refused = case when marked.outcome = 'delivered' then marked.refused else mails.refused end
        from marked
       where mails.reference_uid = marked.reference_uid and mails.lease_owner = marked.lease_owner
      returning mails.reference_uid),
    logged as (
      insert into mail_attempts (mail_uid, outcome, attempted_at, provider_uid, provider_name, provider_host, reply_code, reply_text, recipients)
      select marked.reference_uid, marked.outcome, marked.attempted_at, marked.provider_uid, marked.provider_name, marked.provider_host,
             marked.reply_code, marked.reply_text, marked.recipients
        from marked join changed on changed.reference_uid = marked.reference_uid
       where marked.attempted_at is not null)`;
}

/**
 * Records `outcomes` and leases up to `limit` due mails in one statement: the worker claims for the slots these outcomes free
 * together with recording them, so that a delivered mail costs no round trip of its own for its successor. The mails being recorded
 * are left out of the claim even where their lease ran out meanwhile (one statement must not update a row twice).
 */
export async function recordAndClaim(
  db: Db,
  outcomes: MarkedOutcome[],
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMail[]> {
  if (outcomes.length === 0) return limit > 0 ? claimDueMails(db, limit, leaseSeconds) : [];
  if (limit <= 0) {
    await db.execute(sql`with ${recordingClauses(outcomes)} select 1`);
    return [];
  }
  const leaseOwner = randomUUID();
  const result = await db.execute<ClaimedRow>(sql`
    with ${recordingClauses(outcomes)},
         claimed as (${claimUpdate(limit, leaseSeconds, leaseOwner, sql`and reference_uid not in (select reference_uid from marked)`)})
    select *, ${routesVersion} as routes_version from claimed`);
  return claimedMails(result.rows, leaseOwner);
}

/** One outcome as a row of the VALUES list of recordingClauses; an outcome without a report has a null attempted_at (and stores no attempt). */
function markedRow(outcome: MarkedOutcome): SQL {
  const { claim, report } = outcome;
  const errorMessage = outcome.kind === 'delivered' ? null : outcome.errorMessage;
  const delaySeconds = outcome.kind === 'retrying' ? outcome.delaySeconds : null;
  const refused = outcome.kind === 'delivered' ? outcome.refused : [];
  return sql`(${claim.referenceUid}::uuid, ${claim.leaseOwner}::uuid, ${outcome.kind}::text, ${errorMessage}::text, ${delaySeconds}::float8,
    ${JSON.stringify(refused)}::jsonb, ${report?.startedAt.toISOString() ?? null}::timestamptz, ${report?.provider?.uid ?? null}::uuid,
    ${report?.provider?.name ?? null}::text, ${report?.provider?.host ?? null}::text, ${report?.replyCode ?? null}::integer,
    ${report?.replyText ?? null}::text, ${JSON.stringify(report?.recipients ?? [])}::jsonb)`;
}

/** Gives a mail back untried (shutdown interrupted it), so that any process may deliver it at once. */
export async function releaseClaim(db: Db, claim: ClaimedMail) {
  await db.update(mails).set(noLease).where(heldBy(claim));
}

/**
 * Group commit of outcomes: the worker's next statement records every outcome added since the last one (and claims in the same
 * statement). Each caller learns when its own outcome is stored; until then its mail counts as in flight, which keeps the crash bound
 * (at most the deliveries in flight are sent again).
 */
export class PendingOutcomes {
  private waiting: { outcome: MarkedOutcome; resolve: () => void; reject: (error: Error) => void }[] = [];

  /** Settles once the statement that records the outcome has committed, or failed. */
  add(outcome: MarkedOutcome): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ outcome, resolve, reject });
    });
  }

  get size() {
    return this.waiting.length;
  }

  /**
   * Stores every outcome added so far and claims up to `limit` mails in the same statement (recordAndClaim); an outcome added
   * meanwhile waits for the next.
   */
  async commit(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
    const batch = this.waiting.splice(0);
    try {
      const claims = await recordAndClaim(
        db,
        batch.map((entry) => entry.outcome),
        limit,
        leaseSeconds,
      );
      for (const entry of batch) entry.resolve();
      return claims;
    } catch (error) {
      const failure =
        error instanceof Error ? error : new Error('recording delivery outcomes failed', { cause: error });
      for (const entry of batch) entry.reject(failure);
      throw error;
    }
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
