import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ThrottleConfig } from '../config';
import type { Db } from '../db';
import { users } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { unauthorized } from '../shared/problem';
import { signAccessToken, type SessionClaims } from '../authentication/access-tokens';
import type { UserChanges } from '../authentication/cache';
import type { ThrottledAudit } from './throttled-audit';
import { issueDeviceToken } from './device-tokens';
import { mayOnlyEnroll, secondFactorRequirementOf } from './second-factor-policy';
import { consumeRefreshToken, deleteExpiredRefreshTokensOf, issueRefreshToken } from './refresh-tokens';
import type { TokenPairResponse } from '../../contracts/auth';
import type { SecondFactorMethod } from '../../contracts/second-factors';
import { continueSession, isLive, startSession } from './sessions';
import { findUser } from './users';
import type { PasswordRefusalSettings } from './oidc/password-refusal';
import { isProviderSession, secondFactorProvedByProvider, type SessionOrigin } from './oidc/provider-sessions';

/** What every sign-in shares (password, second factor, passkey): its context and client, its end, and the refresh token's exchange. */

interface SignInSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  throttle: ThrottleConfig;
  secondFactorGraceDays: number;
  /** Users linked to the OpenID Connect provider sign in there, not with a password. */
  provider?: PasswordRefusalSettings;
}

/** Sessions that came from the OpenID Connect provider: each refresh asks the provider first (oidc/session-checks.ts). */
export interface ProviderSessionChecks {
  /** Whether the session may be renewed: true for any session not from the provider. One that may not has been ended. */
  mayContinue(db: Db, session: { family: string; userUid: string }, address: string): Promise<boolean>;
}

export interface SignInContext {
  db: Db;
  settings: SignInSettings;
  accessKey: Buffer;
  throttledAudit: ThrottledAudit;
  /** Ending a session is a change of its user: every process's authentication forgets the user and reads their live sessions again. */
  changes: UserChanges;
  providerSessions: ProviderSessionChecks;
}

export interface Client {
  address: string;
  userAgent?: string;
  /** The X-Device-Token the browser holds for the username (device-tokens.ts). */
  deviceToken?: string;
}

/** A device token as the browser sends it; anything longer than one is not one (device-tokens.ts checks the rest). */
const deviceTokenOf = (header: string | string[] | undefined) =>
  typeof header === 'string' && header.length <= 64 ? header : undefined;

/** The client of a sign-in as its request shows it. */
export const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  deviceToken: deviceTokenOf(request.headers['x-device-token']),
});

const invalidRefreshToken = () =>
  unauthorized('The refresh token is invalid, expired or revoked.', 'invalid-refresh-token');

/** How the user proved who they are: the password alone, the password and a second factor, a passkey, or the OpenID Connect provider. */
export type SignInMethod = 'password' | SecondFactorMethod | 'passkey' | 'oidc';

/**
 * The end of every sign-in (password, second factor, passkey, OpenID Connect provider): starts the session (one that may only enroll
 * a second factor when the user's roles require one, none is enrolled or proved by the origin, and the grace period is over), audits
 * it and answers the token pair with a new device token for the browser.
 */
export async function completeSignIn(
  { db, settings, accessKey }: SignInContext,
  user: { uid: string; publicName: string; label: string },
  client: Client,
  method: SignInMethod,
  origin?: SessionOrigin,
): Promise<TokenPairResponse> {
  const { uid } = user;
  const enrollmentOnly =
    !origin?.secondFactorProved &&
    mayOnlyEnroll(await secondFactorRequirementOf(db, uid, settings.secondFactorGraceDays));
  const { session, deviceToken } = await db.transaction(async (tx) => {
    await deleteExpiredRefreshTokensOf(tx, uid);
    const started = await startSession(tx, {
      userUid: uid,
      address: client.address,
      userAgent: client.userAgent,
      refreshTokenTtlSeconds: settings.refreshTokenTtlSeconds,
      enrollmentOnly,
    });
    await origin?.record(tx, started.family);
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.uid, uid));
    await recordAudit(tx, {
      action: 'sign-in.success',
      actor: { uid, publicName: user.publicName },
      address: client.address,
      target: { type: 'user', id: uid, label: user.label },
      changes: {
        method,
        // a second step after the provider: the method is the factor's, the origin says where the sign-in began
        ...(origin && origin.name !== method ? { origin: origin.name } : {}),
        ...(enrollmentOnly ? { enrollment_only: true } : {}),
      },
      outcome: 'success',
    });
    return { session: started, deviceToken: await issueDeviceToken(tx, uid, client.deviceToken) };
  });
  return {
    ...(await tokenPair(accessKey, uid, settings.accessTokenTtlSeconds, session.refreshToken, session.claims)),
    device_token: deviceToken,
  };
}

/**
 * Exchanges a refresh token for a new pair in the same family; the presented token can never be used again. The session may only
 * enroll a second factor from now on exactly when a sign-in now would. A session from the provider is renewed only after the
 * provider's word, asked between two transactions: its answer can take seconds, and the consumed token already keeps a second
 * exchange of it out.
 */
export async function exchangeRefreshToken(
  context: SignInContext,
  presentedToken: string,
  client: Client,
): Promise<TokenPairResponse> {
  const { db, settings, accessKey, changes, providerSessions } = context;
  // One transaction, so that a concurrent reuse which revokes the family also sees (and revokes) the successor issued here; a
  // successor issued after the provider's word escapes such a reuse's revocation of tokens, not that of the session
  let result = await db.transaction(async (tx) => {
    const consumption = await consumeRefreshToken(tx, presentedToken);
    if (consumption.outcome === 'reused') {
      await recordAudit(tx, {
        action: 'refresh-token.reuse',
        actor: null,
        address: client.address,
        target: {
          type: 'user',
          id: consumption.userUid,
          label: (await findUser(tx, consumption.userUid))?.publicName ?? null,
        },
        changes: { session: consumption.family },
        outcome: 'refused',
      });
    }
    if (consumption.outcome !== 'consumed') return consumption;
    const user = await findUser(tx, consumption.userUid);
    if (!user || user.bannedAt) return { outcome: 'invalid' as const };
    const session = { family: consumption.family, userUid: user.uid };
    if (await isProviderSession(tx, session.family)) return { outcome: 'at-provider' as const, session };
    return renewSession(tx, settings, session);
  });
  if (result.outcome === 'at-provider') {
    const { session } = result;
    result = (await providerSessions.mayContinue(db, session, client.address))
      ? await db.transaction(async (tx) => {
          // ended or banned while the provider was asked: a successor now would only be refused
          const user = await findUser(tx, session.userUid);
          if (!user || user.bannedAt || !(await isLive(tx, session.family))) return { outcome: 'invalid' as const };
          return renewSession(tx, settings, session);
        })
      : { outcome: 'invalid' as const };
  }
  if (result.outcome === 'reused') {
    // the family's access tokens die with it, in every process
    await changes.transaction(db, { users: [result.userUid] }, () => Promise.resolve());
    throw unauthorized(
      'The refresh token was already used; every session continuing from it has been ended.',
      'refresh-token-reused',
    );
  }
  if (result.outcome !== 'renewed') throw invalidRefreshToken();
  return tokenPair(accessKey, result.uid, settings.accessTokenTtlSeconds, result.refreshToken, result.claims);
}

/** The next refresh token of the session, and what its next access token says of it. */
async function renewSession(
  tx: Db,
  settings: SignInSettings,
  { family, userUid }: { family: string; userUid: string },
) {
  const refreshToken = await issueRefreshToken(tx, userUid, settings.refreshTokenTtlSeconds, family);
  const enrollmentOnly =
    !(await secondFactorProvedByProvider(tx, family)) &&
    mayOnlyEnroll(await secondFactorRequirementOf(tx, userUid, settings.secondFactorGraceDays));
  const claims = await continueSession(tx, family, enrollmentOnly);
  return { outcome: 'renewed' as const, uid: userUid, refreshToken, claims };
}

async function tokenPair(
  accessKey: Buffer,
  uid: string,
  ttlSeconds: number,
  refreshToken: string,
  session: SessionClaims,
): Promise<TokenPairResponse> {
  const access = await signAccessToken(accessKey, uid, ttlSeconds, session);
  return { access_token: access.token, issued: access.issued, expires: access.expires, refresh_token: refreshToken };
}
