import { lt } from 'drizzle-orm';
import type { TrustConfig } from '../config';
import { auditEvents } from '../db/schema';
import type { HousekeepingJob } from '../shared/housekeeping';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the events older than AUDIT_RETENTION_DAYS: the only way an event ever leaves the table. */
export function auditRetentionJob({ auditRetentionDays }: Pick<TrustConfig, 'auditRetentionDays'>): HousekeepingJob {
  return {
    name: 'audit-retention',
    async run(db, now) {
      const removed = await db
        .delete(auditEvents)
        .where(lt(auditEvents.time, new Date(now.getTime() - auditRetentionDays * DAY_MS)))
        .returning({ id: auditEvents.id });
      return removed.length;
    },
  };
}
