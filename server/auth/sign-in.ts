import type { ThrottledAudit } from './throttled-audit';
import { eq } from 'drizzle-orm';
import type { ThrottleConfig } from '../config';
import type { Db } from '../db';
import { users } from '../db/schema';
import { recordAudit, type AuditEvent } from '../shared/audit';
import { HttpProblem, problemType, unauthorized } from '../shared/problem';
import { signAccessToken, type SessionClaims } from '../authentication/access-tokens';
import type { UserChanges } from '../authentication/cache';
import { secondFactorRequired } from './second-factors/challenges';
import type { RelyingParty } from './second-factors/webauthn';
import { giveBackDeviceAttempt, issueDeviceToken, reserveDeviceAttempt } from './device-tokens';
import { hasConfirmedFactor, mayOnlyEnroll, secondFactorRequirementOf } from './second-factor-policy';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { consumeRefreshToken, deleteExpiredRefreshTokensOf, issueRefreshToken } from './refresh-tokens';
import type { TokenPairResponse } from '../../contracts/auth';
import type { SecondFactorMethod } from '../../contracts/second-factors';
import { continueSession, startSession } from './sessions';
import { isUsernameKey, longestThrottlePeriod, noKey, signInRules, signInThrottled } from './sign-in-throttle';
import { deleteStaleCounters, forgiveAttempt, reserveAttempt } from '../authentication/throttle';
import { findPasswordLogin, findUser } from './users';

/** POST /token/: a token pair for a password (sign-in) or for a refresh token (exchange). */

interface SignInSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  throttle: ThrottleConfig;
  secondFactorGraceDays: number;
}

export interface SignInContext {
  db: Db;
  settings: SignInSettings;
  accessKey: Buffer;
  throttledAudit: ThrottledAudit;
  /** Ending a session is a change of its user: every process's authentication forgets the user and reads their live sessions again. */
  changes: UserChanges;
  /** WebAuthn's relying party (the panel): the second factor's assertion options name it. */
  relyingParty: RelyingParty;
}

export interface Client {
  address: string;
  userAgent?: string;
  /** The X-Device-Token the browser holds for the username (device-tokens.ts). */
  deviceToken?: string;
}

/** How the user proved who they are: the password alone, the password and a second factor, or a passkey. */
export type SignInMethod = 'password' | SecondFactorMethod | 'passkey';

interface PasswordAttempt extends Client {
  username: string;
  password: string;
}

const LONGEST_USERNAME = 64;
const LONGEST_PASSWORD = 1024;

const invalidCredentials = () => unauthorized('Invalid username or password.', 'invalid-credentials');
const invalidRefreshToken = () =>
  unauthorized('The refresh token is invalid, expired or revoked.', 'invalid-refresh-token');

const tooManyFailures = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'Too Many Requests',
    `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
    {
      type: problemType('too-many-sign-in-failures'),
      headers: { 'retry-after': String(retryAfterSeconds) },
    },
  );

/** The audit target of an attempt: the user when the username is known; the typed username is not secret. */
function signInEvent(
  action: AuditEvent['action'],
  attempt: PasswordAttempt,
  uid: string | undefined,
  outcome: AuditEvent['outcome'],
  changes?: Record<string, unknown>,
): AuditEvent {
  return {
    action,
    actor: null,
    address: attempt.address,
    target: uid ? { type: 'user', id: uid, label: attempt.username } : null,
    changes: uid ? changes : { username: attempt.username, ...changes },
    outcome,
  };
}

/**
 * Signs in with a password. The attempt first reserves a failure on its throttle keys (or is refused while one is
 * blocked), so that concurrent attempts cannot exceed a limit; a success gives the reservation back. A browser presenting a
 * device token for the username counts on the token instead of the username's keys. A user with a second factor gets its
 * challenge (401 second-factor-required) instead of tokens.
 */
export async function signInWithPassword(context: SignInContext, attempt: PasswordAttempt): Promise<TokenPairResponse> {
  const { db, settings, throttledAudit } = context;
  // Values no user can have: refused without counting them, which would only let junk into the counters.
  if (
    !attempt.username ||
    !attempt.password ||
    attempt.username.length > LONGEST_USERNAME ||
    attempt.password.length > LONGEST_PASSWORD
  ) {
    throw invalidCredentials();
  }
  const throttled = signInThrottled(settings.throttle);
  const device = throttled ? await reserveDeviceAttempt(db, attempt.deviceToken, attempt.username) : undefined;
  const rules = throttled
    ? signInRules(settings.throttle, attempt.username, attempt.address, { device: device !== undefined })
    : [];
  const retryAfter = throttled ? await reserveAttempt(db, rules) : 0;
  const login = await findPasswordLogin(db, attempt.username);
  if (retryAfter > 0) {
    throttledAudit.refused(
      `${attempt.username.toLowerCase()} ${attempt.address}`,
      signInEvent('sign-in.throttled', attempt, login?.user.uid, 'refused'),
      retryAfter,
    );
    throw tooManyFailures(retryAfter);
  }

  const passwordMatches = login
    ? await verifyPassword(login.passwordHash, attempt.password)
    : await verifyAgainstNothing(attempt.password);
  if (!login || !passwordMatches) {
    await recordAudit(db, signInEvent('sign-in.failure', attempt, login?.user.uid, 'failure'));
    if (throttled) await deleteStaleCounters(db, longestThrottlePeriod(settings.throttle));
    throw invalidCredentials();
  }
  // The right password gives its reservation back. The username's failures (the pair's, the username's, wrong second factors') are
  // forgotten only by a completed sign-in: whoever guesses second factors knows the password. The address's other failures stay.
  const secondStepFollows = !login.user.bannedAt && (await hasConfirmedFactor(db, login.user.uid));
  if (throttled) await forgiveAttempt(db, rules, login.user.bannedAt || secondStepFollows ? noKey : isUsernameKey);
  if (device) await giveBackDeviceAttempt(db, device);
  if (login.user.bannedAt) {
    await recordAudit(db, signInEvent('sign-in.failure', attempt, login.user.uid, 'refused', { reason: 'banned' }));
    throw invalidCredentials();
  }
  if (secondStepFollows) throw await secondFactorRequired(context, login.user, attempt);
  return completeSignIn(context, { ...login.user, label: attempt.username }, attempt, 'password');
}

/**
 * The end of every sign-in (password, second factor, passkey): starts the session (one that may only enroll a second factor when
 * the user's roles require one, none is enrolled and the grace period is over), audits it and answers the token pair with a new
 * device token for the browser.
 */
export async function completeSignIn(
  { db, settings, accessKey }: SignInContext,
  user: { uid: string; publicName: string; label: string },
  client: Client,
  method: SignInMethod,
): Promise<TokenPairResponse> {
  const { uid } = user;
  const enrollmentOnly = mayOnlyEnroll(await secondFactorRequirementOf(db, uid, settings.secondFactorGraceDays));
  const { session, deviceToken } = await db.transaction(async (tx) => {
    await deleteExpiredRefreshTokensOf(tx, uid);
    const started = await startSession(tx, {
      userUid: uid,
      address: client.address,
      userAgent: client.userAgent,
      refreshTokenTtlSeconds: settings.refreshTokenTtlSeconds,
      enrollmentOnly,
    });
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.uid, uid));
    await recordAudit(tx, {
      action: 'sign-in.success',
      actor: { uid, publicName: user.publicName },
      address: client.address,
      target: { type: 'user', id: uid, label: user.label },
      changes: { method, ...(enrollmentOnly ? { enrollment_only: true } : {}) },
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
 * enroll a second factor from now on exactly when a sign-in now would.
 */
export async function exchangeRefreshToken(
  { db, settings, accessKey, changes }: SignInContext,
  presentedToken: string,
  client: Client,
): Promise<TokenPairResponse> {
  // One transaction, so that a concurrent reuse which revokes the family also sees (and revokes) the successor issued here.
  const result = await db.transaction(async (tx) => {
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
    const refreshToken = await issueRefreshToken(tx, user.uid, settings.refreshTokenTtlSeconds, consumption.family);
    const enrollmentOnly = mayOnlyEnroll(await secondFactorRequirementOf(tx, user.uid, settings.secondFactorGraceDays));
    const claims = await continueSession(tx, consumption.family, enrollmentOnly);
    return { outcome: 'renewed' as const, uid: user.uid, refreshToken, claims: claims };
  });
  if (result.outcome === 'reused') {
    // the family's access tokens die with it, in every process
    await changes.transaction(db, { users: [result.userUid] }, async () => undefined);
    throw unauthorized(
      'The refresh token was already used; every session continuing from it has been ended.',
      'refresh-token-reused',
    );
  }
  if (result.outcome !== 'renewed') throw invalidRefreshToken();
  return tokenPair(accessKey, result.uid, settings.accessTokenTtlSeconds, result.refreshToken, result.claims);
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
