import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { apiTokens } from '../db/schema';
import { recordAudit, type AuditContext } from '../shared/audit';
import { epochSecondsOf } from '../shared/paging';
import { badRequest, conflict, notFound } from '../shared/problem';
import type { ApiTokenResponse, ApiTokenScope, NewApiToken } from '../../contracts/api-tokens';
import { hashTokenValue, orNull, type ApiTokenRow } from '../authentication/api-tokens';

const tokenNotFound = () => notFound('No API token has this uid.', 'uid', 'token-not-found');

/** What is kept of the value to tell tokens apart: 4 of at least 16 characters, too few to guess the rest from. */
const lastFourOf = (value: string) => value.slice(-4);

function toApiToken(row: ApiTokenRow): ApiTokenResponse {
  return {
    uid: row.uid,
    created: epochSecondsOf(row.created),
    created_by: row.createdBy,
    service: row.service,
    last_four: row.lastFour,
    expires: orNull(row.expires),
    revoked: orNull(row.revoked),
    revoked_by: row.revokedBy,
  };
}

/** An API token in the audit trail: labelled with its service; its value is never recorded. */
const tokenTarget = (row: ApiTokenRow) => ({ type: 'api-token', id: row.uid, label: row.service });

/** Stores a new token; its expiry must lie in the future and its value must be new to the scope. */
export async function addApiToken(
  db: Db,
  scope: ApiTokenScope,
  token: NewApiToken,
  createdBy: string,
  audit: AuditContext,
): Promise<ApiTokenResponse> {
  if (token.expires != null && token.expires * 1000 <= Date.now())
    throw badRequest('expires must be in the future', 'expires', 'expiry-in-past');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        scope,
        service: token.service,
        tokenHash: hashTokenValue(token.token),
        lastFour: lastFourOf(token.token),
        createdBy,
        expires: token.expires == null ? null : new Date(token.expires * 1000),
      })
      .onConflictDoNothing({ target: [apiTokens.scope, apiTokens.tokenHash] })
      .returning();
    if (!row) throw conflict('This token value is already in use.', 'token', 'token-taken');
    const changes = { scope, service: row.service, expires: orNull(row.expires) };
    await recordAudit(tx, { ...audit, action: 'api-token.create', target: tokenTarget(row), changes });
    return toApiToken(row);
  });
}

/** Newest first. */
export async function listApiTokens(db: Db, scope: ApiTokenScope): Promise<ApiTokenResponse[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.scope, scope))
    .orderBy(desc(apiTokens.created), desc(apiTokens.uid));
  return rows.map(toApiToken);
}

async function findApiToken(db: Db, scope: ApiTokenScope, uid: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.scope, scope), eq(apiTokens.uid, uid)));
  return row;
}

/** Revoking is final: a revoked token cannot be revoked again. */
export async function revokeApiToken(
  db: Db,
  scope: ApiTokenScope,
  uid: string,
  revokedBy: string,
  audit: AuditContext,
): Promise<ApiTokenResponse> {
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revoked: new Date(), revokedBy })
      .where(and(eq(apiTokens.scope, scope), eq(apiTokens.uid, uid), isNull(apiTokens.revoked)))
      .returning();
    if (revoked)
      await recordAudit(tx, {
        ...audit,
        action: 'api-token.revoke',
        target: tokenTarget(revoked),
        changes: { revoked: orNull(revoked.revoked) },
      });
    return revoked;
  });
  if (row) return toApiToken(row);
  if (await findApiToken(db, scope, uid))
    throw conflict('The API token is already revoked.', 'uid', 'token-already-revoked');
  throw tokenNotFound();
}

export async function deleteApiToken(db: Db, scope: ApiTokenScope, uid: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.scope, scope), eq(apiTokens.uid, uid)))
      .returning();
    if (!deleted) throw tokenNotFound();
    await recordAudit(tx, { ...audit, action: 'api-token.delete', target: tokenTarget(deleted), changes: { scope } });
  });
}
