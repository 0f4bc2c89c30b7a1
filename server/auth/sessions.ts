import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { refreshTokens, sessions } from '../db/schema';
import { qualified } from '../db/sql';
import { epochSecondsOf } from '../shared/paging';
import { issueRefreshToken, revokeFamily, revokeRefreshTokensOf } from './refresh-tokens';

/** Sessions: one per refresh-token family, from a sign-in until it is revoked or its last token expires. */

const LONGEST_USER_AGENT = 512;

interface NewSession {
  userUid: string;
  address: string;
  userAgent?: string;
  refreshTokenTtlSeconds: number;
  /** The user's roles require a second factor they lack, after the grace period: the session may only enroll one. */
  enrollmentOnly: boolean;
}

/** Starts a session at sign-in: its row and the first refresh token of its family. */
export async function startSession(
  db: Db,
  { userUid, address, userAgent, refreshTokenTtlSeconds, enrollmentOnly }: NewSession,
  now = new Date(),
) {
  const family = randomUUID();
  return db.transaction(async (tx) => {
    const agent = userAgent?.slice(0, LONGEST_USER_AGENT) ?? null;
    await tx.insert(sessions).values({
      family,
      userUid,
      address,
      userAgent: agent,
      createdAt: now,
      lastUsedAt: now,
      authenticatedAt: now,
      enrollmentOnly,
    });
    const refreshToken = await issueRefreshToken(tx, userUid, refreshTokenTtlSeconds, family, now);
    return { family, refreshToken, claims: { sessionFamily: family, authenticatedAt: now, enrollmentOnly } };
  });
}

/** A re-authentication in the session: its access tokens' auth_time from now on. */
export async function renewAuthentication(db: Db, family: string, now = new Date()) {
  const [row] = await db
    .update(sessions)
    .set({ authenticatedAt: now, lastUsedAt: now })
    .where(and(eq(sessions.family, family), isNull(sessions.revokedAt)))
    .returning({ enrollmentOnly: sessions.enrollmentOnly });
  return row && { sessionFamily: family, authenticatedAt: now, enrollmentOnly: row.enrollmentOnly };
}

/**
 * A refresh of the session: it was used now, and it may only enroll a second factor from now on exactly when a sign-in now would
 * (the requirement is read anew, so a grace period that ended or a policy that changed reaches sessions opened before). Answers what its
 * next access token says of it.
 */
export async function continueSession(db: Db, family: string, enrollmentOnly: boolean, now = new Date()) {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt: now, enrollmentOnly })
    .where(eq(sessions.family, family))
    .returning({ authenticatedAt: sessions.authenticatedAt });
  return row && { sessionFamily: family, authenticatedAt: new Date(row.authenticatedAt), enrollmentOnly };
}

/** Whether the session has not been ended. */
export async function isLive(db: Db, family: string): Promise<boolean> {
  const [row] = await db
    .select({ family: sessions.family })
    .from(sessions)
    .where(and(eq(sessions.family, family), isNull(sessions.revokedAt)));
  return row !== undefined;
}

/** A session can go on while it is not revoked and its newest refresh token can still be exchanged. */
const continuable = (now: Date) =>
  sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.family} = ${qualified(sessions.family)} and ${refreshTokens.usedAt} is null
    and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > ${now})`;

/** The user's active sessions, most recently used first. */
export async function listActiveSessions(db: Db, userUid: string, now = new Date()) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userUid, userUid), isNull(sessions.revokedAt), continuable(now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    family: row.family,
    created: epochSecondsOf(row.createdAt),
    last_used: epochSecondsOf(row.lastUsedAt),
    address: row.address,
    user_agent: row.userAgent,
  }));
}

/** Ends one session of the user; false when the user has no such active session. */
export async function revokeSessionOf(db: Db, userUid: string, family: string, now = new Date()): Promise<boolean> {
  const [session] = await db
    .select({ family: sessions.family })
    .from(sessions)
    .where(and(eq(sessions.family, family), eq(sessions.userUid, userUid), isNull(sessions.revokedAt)));
  if (!session) return false;
  await revokeFamily(db, family, now);
  return true;
}

/**
 * Ends the user's active sessions, all of them or all but `exceptFamily`, in the caller's transaction (which tells the authentication:
 * their access tokens die at once). Answers how many active sessions were ended.
 */
export async function endSessionsOf(
  tx: Db,
  userUid: string,
  { exceptFamily, now = new Date() }: { exceptFamily?: string; now?: Date } = {},
): Promise<number> {
  const ending = (await listActiveSessions(tx, userUid, now)).filter((session) => session.family !== exceptFamily);
  await revokeRefreshTokensOf(tx, [userUid], { exceptFamily, now });
  return ending.length;
}
