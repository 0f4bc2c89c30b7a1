import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ApiTokenScope, TokenInfoResponse } from '../../contracts/api-tokens';
import type { Db } from '../db';
import { apiTokens } from '../db/schema';
import { epochSecondsOf } from '../shared/paging';

/** The API-token check of the authentication: finding a presented value and deciding whether it may be used now. */

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Only this digest of a token's value is stored; the value itself is never kept, returned or logged. */
export const hashTokenValue = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export const orNull = (date: Date | null) => (date ? epochSecondsOf(date) : null);

export function toTokenInfo(row: ApiTokenRow): TokenInfoResponse {
  return { uid: row.uid, service: row.service, created: epochSecondsOf(row.created), expires: orNull(row.expires) };
}

export async function findApiTokenByValue(
  db: Db,
  scope: ApiTokenScope,
  value: string,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.scope, scope), eq(apiTokens.tokenHash, hashTokenValue(value))));
  return row;
}

/** Why a stored token may not be used now, or undefined when it may. */
export function refusalOf(token: ApiTokenRow, now = new Date()): string | undefined {
  if (token.revoked) return 'The API token was revoked.';
  if (token.expires && token.expires <= now) return 'The API token has expired.';
  return undefined;
}
