import { createHash } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { apiTokens } from '../db/schema';
import type { ApiTokenResponse, NewApiToken, TokenInfoResponse, TokenScope } from './schemas';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Only this digest of a token's value is stored; the value itself is never kept, returned or logged. */
export const hashTokenValue = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const orNull = (date: Date | null) => (date ? epochSeconds(date) : null);

export function toApiToken(row: ApiTokenRow): ApiTokenResponse {
  return {
    uid: row.uid,
    created: epochSeconds(row.created),
    created_by: row.createdBy,
    service: row.service,
    expires: orNull(row.expires),
    revoked: orNull(row.revoked),
    revoked_by: row.revokedBy,
  };
}

export function toTokenInfo(row: ApiTokenRow): TokenInfoResponse {
  return { uid: row.uid, service: row.service, created: epochSeconds(row.created), expires: orNull(row.expires) };
}

/** The stored token, or undefined when that value is already stored for the scope. */
export async function insertApiToken(db: Db, scope: TokenScope, token: NewApiToken, createdBy: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .insert(apiTokens)
    .values({
      scope,
      service: token.service,
      tokenHash: hashTokenValue(token.token),
      createdBy,
      expires: token.expires == null ? null : new Date(token.expires * 1000),
    })
    .onConflictDoNothing({ target: [apiTokens.scope, apiTokens.tokenHash] })
    .returning();
  return row;
}

export function listApiTokens(db: Db, scope: TokenScope): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.scope, scope)).orderBy(desc(apiTokens.created), desc(apiTokens.uid));
}

export async function findApiToken(db: Db, scope: TokenScope, uid: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.scope, scope), eq(apiTokens.uid, uid)));
  return row;
}

export async function findApiTokenByValue(db: Db, scope: TokenScope, value: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.scope, scope), eq(apiTokens.tokenHash, hashTokenValue(value))));
  return row;
}

/** The revoked token, or undefined when it is unknown or was already revoked (revoking is final). */
export async function revokeApiToken(db: Db, scope: TokenScope, uid: string, revokedBy: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revoked: new Date(), revokedBy })
    .where(and(eq(apiTokens.scope, scope), eq(apiTokens.uid, uid), isNull(apiTokens.revoked)))
    .returning();
  return row;
}

export async function deleteApiToken(db: Db, scope: TokenScope, uid: string): Promise<boolean> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.scope, scope), eq(apiTokens.uid, uid)))
    .returning({ uid: apiTokens.uid });
  return deleted.length > 0;
}

/** Why a stored token may not be used now, or undefined when it may. */
export function refusalOf(token: ApiTokenRow, now = new Date()): string | undefined {
  if (token.revoked) return 'The API access token was revoked.';
  if (token.expires && token.expires <= now) return 'The API access token has expired.';
  return undefined;
}
