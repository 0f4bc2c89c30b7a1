import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { STATISTICS_TIME_ZONE } from '../../contracts/statistics';
import { singleRow, startOfToday, todaysDate } from '../shared/statistics';
import type { MailStatisticsResponse } from '../../contracts/mail';

/**
 * The dashboard's mail figures. Each count reads one partial index of mails by state (server/db/schema/mail.ts); delivered
 * today reads the delivered index from the start of the agency's day.
 */
export async function mailStatistics(db: Db): Promise<MailStatisticsResponse> {
  const row = await singleRow<Omit<MailStatisticsResponse, 'time_zone'>>(
    db,
    sql`select
      (select count(*) from mails where state = 'queued')::int as queued,
      (select count(*) from mails where state = 'retrying')::int as retrying,
      (select count(*) from mails where state = 'failed')::int as failed,
      (select count(*) from mails where state = 'delivered' and completed_at >= ${startOfToday()})::int as delivered_today,
      ${todaysDate()} as today`,
  );
  return { ...row, time_zone: STATISTICS_TIME_ZONE };
}
