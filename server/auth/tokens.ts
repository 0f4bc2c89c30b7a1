import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db';
import { refreshTokens } from '../db/schema';
import { deriveKey } from '../shared/secrets';

export const ISSUER = 'caredesk-auth';
export const AUDIENCE = 'caredesk';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 32 random bytes in base64url, without padding. */
const REFRESH_TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const accessTokenKey = (masterSecret: Buffer) => deriveKey(masterSecret, 'access-token');

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface AccessToken {
  token: string;
  issued: number;
  expires: number;
}

export async function signAccessToken(key: Buffer, uid: string, ttlSeconds: number, now = new Date()): Promise<AccessToken> {
  const issued = epochSeconds(now);
  const expires = issued + ttlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issued)
    .setExpirationTime(expires)
    .sign(key);
  return { token, issued, expires };
}

/** The user uid an access token was issued to, or undefined when the token is forged, malformed or expired. */
export async function verifyAccessToken(key: Buffer, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp', 'sub'] });
    return payload.sub && UUID.test(payload.sub) ? payload.sub.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a new refresh token (only its hash) in a family; a sign-in starts a family, each refresh continues it. */
export async function issueRefreshToken(db: Db, userUid: string, ttlSeconds: number, family: string = randomUUID(), now = new Date()): Promise<string> {
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

export type Consumption = { outcome: 'consumed'; userUid: string; family: string } | { outcome: 'reused' | 'invalid' };

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
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .returning({ userUid: refreshTokens.userUid, family: refreshTokens.family });
  if (consumed) return { outcome: 'consumed', ...consumed };

  const [known] = await db.select({ usedAt: refreshTokens.usedAt, family: refreshTokens.family }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known?.usedAt) return { outcome: 'invalid' };
  await revokeFamily(db, known.family, now);
  return { outcome: 'reused' };
}

async function revokeFamily(db: Db, family: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Revokes the users' refresh tokens that could still be exchanged; returns how many. */
export async function revokeRefreshTokensOf(db: Db, userUids: string[], now = new Date()): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(inArray(refreshTokens.userUid, userUids), isNull(refreshTokens.revokedAt), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now)),
    )
    .returning({ id: refreshTokens.id });
  return revoked.length;
}

/** Expired tokens can never be exchanged again; removing them at sign-in keeps the table small. */
export async function deleteExpiredRefreshTokensOf(db: Db, userUid: string, now = new Date()) {
  await db.delete(refreshTokens).where(and(eq(refreshTokens.userUid, userUid), lt(refreshTokens.expiresAt, now)));
}
