import type { ThrottledAudit } from './throttled-audit';
import { eq } from 'drizzle-orm';
import type { ThrottleConfig } from '../config';
import type { Db } from '../db';
import { users } from '../db/schema';
import { recordAudit, type AuditEvent } from '../shared/audit';
import { HttpProblem, problemType, unauthorized } from '../shared/problem';
import { signAccessToken } from '../authentication/access-tokens';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { consumeRefreshToken, deleteExpiredRefreshTokensOf, issueRefreshToken } from './refresh-tokens';
import type { TokenPairResponse } from '../../contracts/auth';
import { startSession, touchSession } from './sessions';
import { isUserAddressKey, isUserKey, longestThrottlePeriod, signInRules, signInThrottled } from './sign-in-throttle';
import { deleteStaleCounters, forgiveAttempt, reserveAttempt } from '../authentication/throttle';
import { findPasswordLogin, findUser } from './users';

/** POST /token/: a token pair for a password (sign-in) or for a refresh token (exchange). */

interface SignInSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  throttle: ThrottleConfig;
}

export interface SignInContext {
  db: Db;
  settings: SignInSettings;
  accessKey: Buffer;
  throttledAudit: ThrottledAudit;
}

interface Client {
  address: string;
  userAgent?: string;
}

interface PasswordAttempt extends Client {
  username: string;
  password: string;
}

const LONGEST_USERNAME = 64;
const LONGEST_PASSWORD = 1024;

const invalidCredentials = () => unauthorized('Invalid username or password.', 'invalid-credentials');
const invalidRefreshToken = () => unauthorized('The refresh token is invalid, expired or revoked.', 'invalid-refresh-token');

const tooManyFailures = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too Many Requests', `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`, {
    type: problemType('too-many-sign-in-failures'),
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** The audit target of an attempt: the user when the username is known; the typed username is not secret. */
function signInEvent(action: AuditEvent['action'], attempt: PasswordAttempt, uid: string | undefined, outcome: AuditEvent['outcome'], changes?: Record<string, unknown>): AuditEvent {
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
 * blocked), so that concurrent attempts cannot exceed a limit; a success gives the reservation back.
 */
export async function signInWithPassword({ db, settings, accessKey, throttledAudit }: SignInContext, attempt: PasswordAttempt): Promise<TokenPairResponse> {
  // Values no user can have: refused without counting them, which would only let junk into the counters.
  if (!attempt.username || !attempt.password || attempt.username.length > LONGEST_USERNAME || attempt.password.length > LONGEST_PASSWORD) {
    throw invalidCredentials();
  }
  const throttled = signInThrottled(settings.throttle);
  const rules = throttled ? signInRules(settings.throttle, attempt.username, attempt.address) : [];
  const retryAfter = throttled ? await reserveAttempt(db, rules) : 0;
  const login = await findPasswordLogin(db, attempt.username);
  if (retryAfter > 0) {
    throttledAudit.refused(`${attempt.username.toLowerCase()} ${attempt.address}`, signInEvent('sign-in.throttled', attempt, login?.user.uid, 'refused'), retryAfter);
    throw tooManyFailures(retryAfter);
  }

  const passwordMatches = login ? await verifyPassword(login.passwordHash, attempt.password) : await verifyAgainstNothing(attempt.password);
  if (!login || !passwordMatches) {
    await recordAudit(db, signInEvent('sign-in.failure', attempt, login?.user.uid, 'failure'));
    if (throttled) await deleteStaleCounters(db, longestThrottlePeriod(settings.throttle));
    throw invalidCredentials();
  }
  // The right password: the pair's and the username's failures are forgiven, the address's other failures stay.
  if (throttled) await forgiveAttempt(db, rules, (rule) => isUserAddressKey(rule) || isUserKey(rule));
  if (login.user.bannedAt) {
    await recordAudit(db, signInEvent('sign-in.failure', attempt, login.user.uid, 'refused', { reason: 'banned' }));
    throw invalidCredentials();
  }

  const uid = login.user.uid;
  const session = await db.transaction(async (tx) => {
    await deleteExpiredRefreshTokensOf(tx, uid);
    const started = await startSession(tx, { userUid: uid, address: attempt.address, userAgent: attempt.userAgent, refreshTokenTtlSeconds: settings.refreshTokenTtlSeconds });
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.uid, uid));
    await recordAudit(tx, { ...signInEvent('sign-in.success', attempt, uid, 'success'), actor: { uid, publicName: login.user.publicName } });
    return started;
  });
  return tokenPair(accessKey, uid, settings.accessTokenTtlSeconds, session.refreshToken, session.family);
}

/** Exchanges a refresh token for a new pair in the same family; the presented token can never be used again. */
export async function exchangeRefreshToken({ db, settings, accessKey }: SignInContext, presentedToken: string, client: Client): Promise<TokenPairResponse> {
  // One transaction, so that a concurrent reuse which revokes the family also sees (and revokes) the successor issued here.
  const result = await db.transaction(async (tx) => {
    const consumption = await consumeRefreshToken(tx, presentedToken);
    if (consumption.outcome === 'reused') {
      await recordAudit(tx, {
        action: 'refresh-token.reuse',
        actor: null,
        address: client.address,
        target: { type: 'user', id: consumption.userUid, label: (await findUser(tx, consumption.userUid))?.publicName ?? null },
        changes: { session: consumption.family },
        outcome: 'refused',
      });
    }
    if (consumption.outcome !== 'consumed') return consumption;
    const user = await findUser(tx, consumption.userUid);
    if (!user || user.bannedAt) return { outcome: 'invalid' as const };
    const refreshToken = await issueRefreshToken(tx, user.uid, settings.refreshTokenTtlSeconds, consumption.family);
    await touchSession(tx, consumption.family);
    return { outcome: 'renewed' as const, uid: user.uid, refreshToken, family: consumption.family };
  });
  if (result.outcome === 'reused') throw unauthorized('The refresh token was already used; every session continuing from it has been ended.', 'refresh-token-reused');
  if (result.outcome !== 'renewed') throw invalidRefreshToken();
  return tokenPair(accessKey, result.uid, settings.accessTokenTtlSeconds, result.refreshToken, result.family);
}

async function tokenPair(accessKey: Buffer, uid: string, ttlSeconds: number, refreshToken: string, sessionFamily: string): Promise<TokenPairResponse> {
  const access = await signAccessToken(accessKey, uid, ttlSeconds, sessionFamily);
  return { access_token: access.token, issued: access.issued, expires: access.expires, refresh_token: refreshToken };
}
