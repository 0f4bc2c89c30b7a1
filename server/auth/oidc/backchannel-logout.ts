import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type * as client from 'openid-client';
import type { UserChanges } from '../../authentication';
import type { OidcConfig } from '../../config';
import type { Db } from '../../db';
import { authenticationChallenges, oidcLinks, oidcLogoutTokens, oidcSessions } from '../../db/schema';
import { isUnreachable } from './refusals';
import { endProviderSessions } from './session-ends';

/**
 * OpenID Connect Back-Channel Logout 1.0: the provider POSTs a logout token (a JWT it signed) when a user's session there ends, and
 * the sessions of Caredesk that came from it end at once. The token is checked as the specification's section 2.6 says: signature by
 * the provider's keys (its JWKS), issuer, audience (our client ID), iat (not older than LOGOUT_TOKEN_MAX_AGE_SECONDS) and exp when it
 * has one, the back-channel logout event, `sub` or `sid`, no `nonce`; its `jti` is taken once.
 */

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is sent the moment the provider's session ends: an older one is refused. */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;
const LONGEST_CLAIM = 255;
/** jose's errors of a JWKS answer that is no key set (a network failure or timeout is unreachable). */
const KEYS_UNREADABLE = new Set<unknown>(['ERR_JOSE_GENERIC', 'ERR_JWKS_INVALID']);

/** A logout token that is not the provider's, not for Caredesk, not a logout token, or a replay: 400 in the specification's words. */
export class InvalidLogoutToken extends Error {}

/** The provider's keys could not be read: the token cannot be checked now. */
export class LogoutTokenUncheckable extends Error {}

export interface LogoutToken {
  subject?: string;
  sid?: string;
}

const claimText = (value: unknown) =>
  typeof value === 'string' && value !== '' && value.length <= LONGEST_CLAIM ? value : undefined;

/** The ID token's signing algorithms openid-client accepts from this provider: the logout token is signed alike. */
function algorithmsOf(configuration: client.Configuration): string[] {
  const ofClient = configuration.clientMetadata().id_token_signed_response_alg;
  if (typeof ofClient === 'string') return [ofClient];
  return (
    configuration.serverMetadata().id_token_signing_alg_values_supported?.filter((alg) => alg !== 'none') ?? ['RS256']
  );
}

/** The provider's keys, fetched when a token names one not yet known (at most every 30 seconds), kept for 10 minutes. */
export function logoutTokenVerifier(settings: OidcConfig, now: () => number) {
  let keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;
  const keysOf = (configuration: client.Configuration) => {
    const uri = configuration.serverMetadata().jwks_uri;
    if (!uri) throw new LogoutTokenUncheckable('the provider publishes no keys (jwks_uri)');
    if (keys?.uri !== uri)
      keys = { uri, set: createRemoteJWKSet(new URL(uri), { timeoutDuration: settings.timeoutSeconds * 1000 }) };
    return keys.set;
  };

  /** The checked token's subject and provider session; its jti is taken in `db` until it could no longer be accepted. */
  return async (db: Db, configuration: client.Configuration, token: string): Promise<LogoutToken> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keysOf(configuration), {
        issuer: settings.issuer,
        audience: settings.clientId,
        algorithms: algorithmsOf(configuration),
        requiredClaims: ['iat', 'jti'],
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now()),
      }));
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      if (isUnreachable(error) || KEYS_UNREADABLE.has((error as { code?: unknown }).code))
        throw new LogoutTokenUncheckable(`the provider's keys cannot be read: ${detail}`);
      throw new InvalidLogoutToken(detail);
    }
    const events = payload.events;
    const event =
      typeof events === 'object' && events !== null ? (events as Record<string, unknown>)[LOGOUT_EVENT] : undefined;
    if (typeof event !== 'object' || event === null)
      throw new InvalidLogoutToken('it names no back-channel logout event');
    if (payload.nonce !== undefined) throw new InvalidLogoutToken('a logout token has no nonce');
    const subject = claimText(payload.sub);
    const sid = claimText(payload.sid);
    if (!subject && !sid) throw new InvalidLogoutToken('it names neither a subject (sub) nor a session (sid)');
    const jti = claimText(payload.jti);
    if (!jti) throw new InvalidLogoutToken('its jti is not an identifier');
    const acceptedUntil =
      Math.max(payload.exp ?? 0, payload.iat! + LOGOUT_TOKEN_MAX_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS;
    if (!(await takeJti(db, jti, new Date(acceptedUntil * 1000), new Date(now()))))
      throw new InvalidLogoutToken('it was already used');
    return { subject, sid };
  };
}

/** Keeps the jti until the token could no longer be accepted; false when it is kept already (a replay). */
async function takeJti(db: Db, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(oidcLogoutTokens).where(lt(oidcLogoutTokens.expiresAt, now));
  const taken = await db
    .insert(oidcLogoutTokens)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: oidcLogoutTokens.jti });
  return taken.length === 1;
}

/**
 * Ends what the logout token names: the sessions of its provider session (`sid`), or of its subject (`sub`) when it names no session
 * (with both, the subject's sessions whose provider session is unknown too); and sign-ins of them not yet taken over by the panel or
 * waiting for the second step, whose challenge is deleted. Answers how many sessions ended.
 */
export async function endLoggedOutSessions(
  db: Db,
  changes: UserChanges,
  issuer: string,
  { subject, sid }: LogoutToken,
  address: string,
): Promise<number> {
  const bySession = sid === undefined ? undefined : eq(oidcSessions.providerSid, sid);
  const bySubject = subject === undefined ? undefined : eq(oidcLinks.subject, subject);
  const matching =
    bySession && bySubject ? and(bySubject, or(bySession, isNull(oidcSessions.providerSid))) : (bySession ?? bySubject);
  const rows = await db
    .select({ family: oidcSessions.family, pendingHash: oidcSessions.pendingHash })
    .from(oidcSessions)
    .innerJoin(oidcLinks, eq(oidcLinks.uid, oidcSessions.linkUid))
    .where(and(eq(oidcLinks.issuer, issuer), matching));
  const pending = rows.flatMap((row) => (row.pendingHash === null ? [] : [row.pendingHash]));
  if (pending.length > 0)
    await db.delete(authenticationChallenges).where(inArray(authenticationChallenges.tokenHash, pending));
  const families = rows.flatMap((row) => (row.family === null ? [] : [row.family]));
  return endProviderSessions(db, changes, families, { reason: 'back-channel-logout', address });
}
