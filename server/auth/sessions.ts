import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { refreshTokens, sessions } from '../db/schema';
import { epochSecondsOf } from '../shared/paging';
import { issueRefreshToken, revokeFamily } from './refresh-tokens';

/** Sessions: one per refresh-token family, from a sign-in until it is revoked or its last token expires. */

const LONGEST_USER_AGENT = 512;

interface NewSession {
  userUid: string;
  address: string;
  userAgent?: string;
  refreshTokenTtlSeconds: number;
}

/** Starts a session at sign-in: its row and the first refresh token of its family. */
export async function startSession(db: Db, { userUid, address, userAgent, refreshTokenTtlSeconds }: NewSession, now = new Date()) {
  const family = randomUUID();
  return db.transaction(async (tx) => {
    await tx.insert(sessions).values({ family, userUid, address, userAgent: userAgent?.slice(0, LONGEST_USER_AGENT) ?? null, createdAt: now, lastUsedAt: now });
    const refreshToken = await issueRefreshToken(tx, userUid, refreshTokenTtlSeconds, family, now);
    return { family, refreshToken };
  });
}

export async function touchSession(db: Db, family: string, now = new Date()) {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.family, family));
}

/** A session can go on while it is not revoked and its newest refresh token can still be exchanged. */
const continuable = (now: Date) =>
  sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.family} = ${sessions.family} and ${refreshTokens.usedAt} is null
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
