import { and, eq, inArray, lt } from 'drizzle-orm';
import type { TrustConfig } from '../config';
import type { Db } from '../db';
import { mails } from '../db/schema';
import { recordAudit } from '../shared/audit';
import type { HousekeepingJob } from '../shared/housekeeping';
import { cutoffOf, inBatches } from '../shared/retention';

/** Deletes up to `size` mails delivered before `cutoff`; returns how many. */
async function deleteDeliveredBatch(db: Db, cutoff: Date, size: number): Promise<number> {
  const due = db
    .select({ uid: mails.referenceUid })
    .from(mails)
    .where(and(eq(mails.state, 'delivered'), lt(mails.completedAt, cutoff)))
    .limit(size);
  const deleted = await db.delete(mails).where(inArray(mails.referenceUid, due)).returning({ uid: mails.referenceUid });
  return deleted.length;
}

/**
 * Housekeeping: delivered mails go MAIL_RETENTION_DAYS after delivery (queued, retrying and failed ones stay: they still
 * need someone's attention); a run that deleted some is audited with its count.
 */
export function mailRetentionJob(config: Pick<TrustConfig, 'mailRetentionDays'>, batchSize?: number): HousekeepingJob {
  return {
    name: 'mail-retention',
    async run(db, now) {
      const cutoff = cutoffOf(now, config.mailRetentionDays);
      const count = await inBatches((size) => deleteDeliveredBatch(db, cutoff, size), batchSize);
      if (count > 0) await recordAudit(db, { action: 'mail.retention', actor: null, changes: { count } });
      return count;
    },
  };
}
