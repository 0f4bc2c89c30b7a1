import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { passwordAuthentications } from '../db/schema';
import type { UserStatisticsResponse } from './schemas';
import { lockedUsernames } from './sign-in-throttle';

/**
 * The dashboard's user figure: users shown as locked in the users list (sign-in throttled under their username now,
 * server/auth/users.ts). Only blocked throttle keys are read, through the unique index on lower(username).
 */
export async function userStatistics(db: Db): Promise<UserStatisticsResponse> {
  const locked = [...(await lockedUsernames(db))];
  if (!locked.length) return { locked_users: 0 };
  const [row] = await db
    .select({ lockedUsers: count() })
    .from(passwordAuthentications)
    .where(inArray(sql`lower(${passwordAuthentications.username})`, locked));
  return { locked_users: row?.lockedUsers ?? 0 };
}
