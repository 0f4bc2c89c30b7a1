import { count, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { passwordAuthentications } from '../db/schema';
import type { UserStatisticsResponse } from '../../contracts/auth';
import { lockedUsernamesQuery } from './sign-in-throttle';

/**
 * The dashboard's user figure: users shown as locked in the users list (sign-in throttled under their username now,
 * server/auth/users.ts). One query: the blocked usernames stay in the database, however many a username spray blocked.
 */
export async function userStatistics(db: Db): Promise<UserStatisticsResponse> {
  const [row] = await db
    .select({ lockedUsers: count() })
    .from(passwordAuthentications)
    .where(sql`lower(${passwordAuthentications.username}) in (${lockedUsernamesQuery()})`);
  return { locked_users: row?.lockedUsers ?? 0 };
}
