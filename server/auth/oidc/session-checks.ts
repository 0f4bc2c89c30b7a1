import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { UserChanges } from '../../authentication';
import type { OidcConfig } from '../../config';
import type { Db } from '../../db';
import type { ProviderSessionChecks } from '../sign-in';
import { refreshRoles, type AccountSettings } from './accounts';
import { identityOf, needsUserinfo, sidOf } from './claims';
import type { ProviderConnection } from './connection';
import { decryptRefreshToken, providerSessionOf, recordProviderCheck, type ProviderSession } from './provider-sessions';
import { isUnreachable } from './refusals';
import { endProviderSessions } from './session-ends';

/**
 * Offboarding at the provider reaches Caredesk at the session's next refresh: every refresh of a session that came from the provider
 * refreshes there first (the refresh-token grant). `invalid_grant` (the account disabled or deleted, the consent revoked) ends the
 * session at once; otherwise the fresh claims (the new ID token's, completed from userinfo as at sign-in) set the user's roles. While
 * the provider gives no word (unreachable, a 5xx, any other failure, or no refresh token to ask with) the session goes on for at most
 * PROVIDER_SILENCE_MS after the provider last vouched for it, then its next refresh ends it.
 */

export const PROVIDER_SILENCE_MS = 15 * 60 * 1000;

export interface SessionChecksOptions {
  /** Absent without OIDC_ISSUER: sessions from a provider no longer configured get no word, and end after the silence. */
  provider?: { settings: OidcConfig; connection: ProviderConnection };
  refreshTokenKey: Buffer;
  accounts: Omit<AccountSettings, 'createUsers'>;
  changes: UserChanges;
  log: FastifyBaseLogger;
  /** The clock of the silence (tests move it instead of waiting 15 minutes). */
  now: () => number;
}

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

type ProviderWord =
  | { kind: 'vouched'; settings: OidcConfig; configuration: client.Configuration; tokens: Tokens }
  | { kind: 'refused' | 'silent'; detail: string; error?: unknown };
type Vouched = Extract<ProviderWord, { kind: 'vouched' }>;

export function providerSessionChecks(options: SessionChecksOptions): ProviderSessionChecks {
  const { provider, refreshTokenKey, accounts, changes, log, now } = options;

  /** The provider's answer to the session's refresh token. */
  async function ask(session: ProviderSession): Promise<ProviderWord> {
    if (!provider || session.issuer !== provider.settings.issuer)
      return { kind: 'silent', detail: 'its provider is not configured' };
    if (session.sealedRefreshToken === null) return { kind: 'silent', detail: 'the provider issued no refresh token' };
    try {
      const configuration = await provider.connection.configuration();
      if (!configuration) return { kind: 'silent', detail: 'the provider cannot be reached' };
      const refreshToken = decryptRefreshToken(refreshTokenKey, session.sealedRefreshToken, session.uid);
      const tokens = await client.refreshTokenGrant(configuration, refreshToken);
      const subject = tokens.claims()?.sub;
      if (subject !== undefined && subject !== session.subject)
        return { kind: 'refused', detail: 'the new ID token names another subject' };
      return { kind: 'vouched', settings: provider.settings, configuration, tokens };
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant')
        return { kind: 'refused', detail: 'the provider refused the refresh token (invalid_grant)' };
      const detail = isUnreachable(error) ? 'the provider did not answer' : 'the refresh at the provider failed';
      return { kind: 'silent', detail, error };
    }
  }

  /** The claims after a refresh: the new ID token's, completed from userinfo as at sign-in; userinfo's alone without one. */
  async function claimsAfter(session: ProviderSession, { settings, configuration, tokens }: Vouched) {
    const idToken = tokens.claims();
    if (idToken && !needsUserinfo(settings, idToken)) return idToken;
    if (!configuration.serverMetadata().userinfo_endpoint) return idToken;
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, session.subject);
    return { ...userinfo, ...(idToken ?? { iss: session.issuer, sub: session.subject }) };
  }

  /** Roles from the fresh claims; claims that cannot be read leave the roles as they are (the account itself was vouched for). */
  async function takeRoles(db: Db, session: ProviderSession, userUid: string, word: Vouched, address: string) {
    try {
      const claims = await claimsAfter(session, word);
      if (claims) await refreshRoles(db, changes, accounts, userUid, identityOf(word.settings, claims), address);
    } catch (error) {
      log.warn(
        { err: error },
        "the provider's claims could not be read at a refresh: the user's roles stay as they are",
      );
    }
  }

  return {
    async mayContinue(db, { family, userUid }, address) {
      const session = await providerSessionOf(db, family);
      if (!session) return true;
      const word = await ask(session);
      const checkedAt = new Date(now());
      if (word.kind === 'vouched') {
        await recordProviderCheck(db, refreshTokenKey, session.uid, {
          refreshToken: word.tokens.refresh_token,
          providerSid: sidOf(word.tokens.claims() ?? {}),
          checkedAt,
        });
        await takeRoles(db, session, userUid, word, address);
        return true;
      }
      if (word.kind === 'silent') {
        if (word.error !== undefined)
          log.warn({ err: word.error }, `a session from the provider was refreshed without its word: ${word.detail}`);
        if (checkedAt.getTime() - session.checkedAt.getTime() <= PROVIDER_SILENCE_MS) return true;
      }
      const reason = word.kind === 'refused' ? 'refused' : 'unconfirmed';
      log.info({ family, reason, detail: word.detail }, 'a session from the provider ended at its refresh');
      await endProviderSessions(db, changes, [family], { reason, address });
      return false;
    },
  };
}
