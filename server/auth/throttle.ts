import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { signInFailures } from '../db/schema';

export interface ThrottleSettings {
  /** Failures allowed in the window; 0 turns throttling off. */
  maxFailures: number;
  windowSeconds: number;
}

export interface SignInAttempt {
  username: string;
  address: string;
}

const usernameKey = (username: string) => username.toLowerCase();

/**
 * Seconds until the attempt may be made, or 0 when it may be made now. It is refused while the username or the
 * address has `maxFailures` failures in the window; it becomes possible when the oldest of the newest
 * `maxFailures` leaves the window.
 */
export async function secondsUntilAllowed(db: Db, settings: ThrottleSettings, attempt: SignInAttempt, now = new Date()): Promise<number> {
  if (settings.maxFailures === 0) return 0;
  const windowStart = new Date(now.getTime() - settings.windowSeconds * 1000);
  const [byUsername, byAddress] = await Promise.all([
    blockingFailure(db, settings.maxFailures, windowStart, sql`lower(${signInFailures.username}) = ${usernameKey(attempt.username)}`),
    blockingFailure(db, settings.maxFailures, windowStart, eq(signInFailures.address, attempt.address)),
  ]);
  const waits = [byUsername, byAddress]
    .filter((failedAt): failedAt is Date => failedAt !== undefined)
    .map((failedAt) => Math.max(1, Math.ceil((failedAt.getTime() + settings.windowSeconds * 1000 - now.getTime()) / 1000)));
  return waits.length ? Math.max(...waits) : 0;
}

async function blockingFailure(db: Db, maxFailures: number, windowStart: Date, key: SQL) {
  const newest = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(and(key, gt(signInFailures.failedAt, windowStart)))
    .orderBy(desc(signInFailures.failedAt))
    .limit(maxFailures);
  return newest.length === maxFailures ? newest[newest.length - 1].failedAt : undefined;
}

/** Records a failed attempt, and forgets failures that have left the window (there is no background job). */
export async function recordFailure(db: Db, settings: ThrottleSettings, attempt: SignInAttempt, now = new Date()) {
  await db.insert(signInFailures).values({ username: usernameKey(attempt.username), address: attempt.address, failedAt: now });
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, new Date(now.getTime() - settings.windowSeconds * 1000)));
}

/** A successful sign-in forgives the username's failures; the address's stay counted. */
export async function clearFailuresOf(db: Db, username: string) {
  await db.delete(signInFailures).where(sql`lower(${signInFailures.username}) = ${usernameKey(username)}`);
}
