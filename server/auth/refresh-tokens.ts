import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { refreshTokens, sessions } from '../db/schema';
import { qualified } from '../db/sql';

/**
 * Users' refresh tokens, kept as families: a sign-in starts one, each exchange continues it, and presenting a used token
 * ends the whole family. Only a token's hash is stored.
 */

/** 32 random bytes in base64url, without padding. */
const REFRESH_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a new refresh token (only its hash) in a family; a sign-in starts a family, each refresh continues it. */
export async function issueRefreshToken(
  db: Db,
  userUid: string,
  ttlSeconds: number,
  family: string = randomUUID(),
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userUid,
    family,
    tokenHash: hashRefreshToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return token;
}

type Consumption = { outcome: 'consumed' | 'reused'; userUid: string; family: string } | { outcome: 'invalid' };

/** A successor issued while its session was being revoked escapes the revocation of tokens, not that of the session. */
const sessionNotRevoked = sql`not exists (select 1 from ${sessions} where ${sessions.family} = ${qualified(refreshTokens.family)} and ${sessions.revokedAt} is not null)`;

/**
 * Marks a refresh token used. The conditional UPDATE lets exactly one of two concurrent requests win;
 * presenting an already used token revokes its whole family, since either it or its successor was stolen.
 */
export async function consumeRefreshToken(db: Db, token: string, now = new Date()): Promise<Consumption> {
  if (!REFRESH_TOKEN_FORMAT.test(token)) return { outcome: 'invalid' };
  const tokenHash = hashRefreshToken(token);
  const [consumed] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        sessionNotRevoked,
      ),
    )
    .returning({ userUid: refreshTokens.userUid, family: refreshTokens.family });
  if (consumed) return { outcome: 'consumed', ...consumed };

  const [known] = await db
    .select({ usedAt: refreshTokens.usedAt, family: refreshTokens.family, userUid: refreshTokens.userUid })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known?.usedAt) return { outcome: 'invalid' };
  await revokeFamily(db, known.family, now);
  return { outcome: 'reused', userUid: known.userUid, family: known.family };
}

/** Ends a session: its refresh tokens are refused from now on. */
export async function revokeFamily(db: Db, family: string, now = new Date()) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.family, family), isNull(sessions.revokedAt)));
}

/**
 * Ends the users' sessions (all, or all but `exceptFamily`): revokes the refresh tokens that could still be exchanged and
 * marks the sessions revoked. Returns how many tokens were revoked.
 */
export async function revokeRefreshTokensOf(
  db: Db,
  userUids: string[],
  { exceptFamily, now = new Date() }: { exceptFamily?: string; now?: Date } = {},
): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(refreshTokens.userUid, userUids),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, now),
        exceptFamily ? ne(refreshTokens.family, exceptFamily) : undefined,
      ),
    )
    .returning({ id: refreshTokens.id });
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(sessions.userUid, userUids),
        isNull(sessions.revokedAt),
        exceptFamily ? ne(sessions.family, exceptFamily) : undefined,
      ),
    );
  return revoked.length;
}

/** Expired tokens can never be exchanged again; removing them at sign-in keeps the table small. */
export async function deleteExpiredRefreshTokensOf(db: Db, userUid: string, now = new Date()) {
  await db.delete(refreshTokens).where(and(eq(refreshTokens.userUid, userUid), lt(refreshTokens.expiresAt, now)));
}
