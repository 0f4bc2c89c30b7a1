import { count, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { passwordAuthentications } from '../db/schema';
import type { UserStatisticsResponse } from '../../contracts/auth';
import { lockedUsernamesQuery } from './sign-in-throttle';
import { countMissingSecondFactor } from './second-factor-policy';

/**
 * The dashboard's user figures: users shown as locked in the users list (sign-in throttled under their username now,
 * server/auth/users.ts; one query: the blocked usernames stay in the database, however many a username spray blocked), and users
 * whose roles require a second factor they lack.
 */
export async function userStatistics(db: Db): Promise<UserStatisticsResponse> {
  const [row] = await db
    .select({ lockedUsers: count() })
    .from(passwordAuthentications)
    .where(sql`lower(${passwordAuthentications.username}) in (${lockedUsernamesQuery()})`);
  return { locked_users: row?.lockedUsers ?? 0, missing_second_factor: await countMissingSecondFactor(db) };
}
