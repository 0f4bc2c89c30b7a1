import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { deviceTokens, passwordAuthentications } from '../db/schema';
import { qualified } from '../db/sql';

/**
 * Device tokens (OWASP, "Slow down online guessing attacks with device cookies"): a browser that signed in as a username gets a
 * token for it. Its sign-ins skip the username-wide wait, which an outsider can provoke, and count their failures on the token,
 * which dies at DEVICE_MAX_FAILURES: wrong passwords and wrong second factors alike. A browser without one waits as before. Only the
 * token's hash is stored.
 */

export const DEVICE_MAX_FAILURES = 10;
const DEVICE_TOKEN_DAYS = 90;
const DAY_MS = 86_400_000;
const DEVICE_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new device token for the user's browser; the one it presented (if any) is replaced. */
export async function issueDeviceToken(
  db: Db,
  userUid: string,
  presented: string | undefined,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  if (presented && DEVICE_TOKEN_FORMAT.test(presented))
    await db
      .delete(deviceTokens)
      .where(and(eq(deviceTokens.tokenHash, hashOf(presented)), eq(deviceTokens.userUid, userUid)));
  const dead = or(lt(deviceTokens.expiresAt, now), gte(deviceTokens.failures, DEVICE_MAX_FAILURES));
  await db.delete(deviceTokens).where(and(eq(deviceTokens.userUid, userUid), dead));
  await db.insert(deviceTokens).values({
    tokenHash: hashOf(token),
    userUid,
    createdAt: now,
    expiresAt: new Date(now.getTime() + DEVICE_TOKEN_DAYS * DAY_MS),
  });
  return token;
}

/**
 * Counts a sign-in attempt (a password or a second factor) on a presented device token before it is checked (so that concurrent
 * attempts cannot pass the limit): the token's hash when it is alive and was given for this username (regardless of case), else
 * undefined. At the limit the token is dead, and that browser waits like any other. A right password gives its attempt back
 * (giveBackDeviceAttempt); a completed sign-in replaces the token, and so forgives its failures.
 */
export async function reserveDeviceAttempt(
  db: Db,
  token: string | undefined,
  username: string,
  now = new Date(),
): Promise<string | undefined> {
  if (!token || !DEVICE_TOKEN_FORMAT.test(token)) return undefined;
  const ownerMatches = sql`exists (select 1 from ${passwordAuthentications} where ${passwordAuthentications.userUid} = ${qualified(deviceTokens.userUid)}
    and lower(${passwordAuthentications.username}) = ${username.toLowerCase()})`;
  const [row] = await db
    .update(deviceTokens)
    .set({ failures: sql`${deviceTokens.failures} + 1` })
    .where(
      and(
        eq(deviceTokens.tokenHash, hashOf(token)),
        lt(deviceTokens.failures, DEVICE_MAX_FAILURES),
        gt(deviceTokens.expiresAt, now),
        ownerMatches,
      ),
    )
    .returning({ tokenHash: deviceTokens.tokenHash });
  return row?.tokenHash;
}

export async function giveBackDeviceAttempt(db: Db, tokenHash: string) {
  await db
    .update(deviceTokens)
    .set({ failures: sql`greatest(${deviceTokens.failures} - 1, 0)` })
    .where(eq(deviceTokens.tokenHash, tokenHash));
}
