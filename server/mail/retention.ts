import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { TrustConfig } from '../config';
import type { Db } from '../db';
import { mails } from '../db/schema';
import { recordAudit } from '../shared/audit';
import type { HousekeepingJob } from '../shared/housekeeping';
import { cutoffOf, inBatches } from '../shared/retention';

/** Deletes up to `size` mails delivered or cancelled before `cutoff` (their attempts go with them); returns how many. */
async function deleteCompletedBatch(db: Db, cutoff: Date, size: number): Promise<number> {
  const due = db
    .select({ uid: mails.referenceUid })
    .from(mails)
    .where(
      or(
        and(eq(mails.state, 'delivered'), lt(mails.completedAt, cutoff)),
        and(eq(mails.state, 'cancelled'), lt(mails.cancelledAt, cutoff)),
      ),
    )
    .limit(size);
  const deleted = await db.delete(mails).where(inArray(mails.referenceUid, due)).returning({ uid: mails.referenceUid });
  return deleted.length;
}

/**
 * Housekeeping: delivered mails go MAIL_RETENTION_DAYS after delivery, cancelled ones as long after cancelling (queued, retrying and
 * failed ones stay: they still need someone's attention); a run that deleted some is audited with its count.
 */
export function mailRetentionJob(config: Pick<TrustConfig, 'mailRetentionDays'>, batchSize?: number): HousekeepingJob {
  return {
    name: 'mail-retention',
    async run(db, now) {
      const cutoff = cutoffOf(now, config.mailRetentionDays);
      const count = await inBatches((size) => deleteCompletedBatch(db, cutoff, size), batchSize);
      if (count > 0) await recordAudit(db, { action: 'mail.retention', actor: null, changes: { count } });
      return count;
    },
  };
}
