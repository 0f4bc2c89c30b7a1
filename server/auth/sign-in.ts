import type { Db } from '../db';
import { HttpProblem, problemType, unauthorized } from '../shared/problem';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import type { TokenPairResponse } from './schemas';
import { clearFailuresOf, recordFailure, secondsUntilAllowed, type SignInAttempt, type ThrottleSettings } from './throttle';
import { signAccessToken } from './access-tokens';
import { consumeRefreshToken, deleteExpiredRefreshTokensOf, issueRefreshToken } from './refresh-tokens';
import { findPasswordLogin, findUser } from './users';

/** POST /token/: a token pair for a password (sign-in) or for a refresh token (exchange). */

interface SignInSettings extends ThrottleSettings {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface SignInContext {
  db: Db;
  settings: SignInSettings;
  accessKey: Buffer;
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

/** Signs in with a password; throttled attempts are refused before the password is even looked at. */
export async function signInWithPassword({ db, settings, accessKey }: SignInContext, attempt: SignInAttempt & { password: string }): Promise<TokenPairResponse> {
  // Values no user can have: refused without recording them, which would only let junk into the failures table.
  if (!attempt.username || !attempt.password || attempt.username.length > LONGEST_USERNAME || attempt.password.length > LONGEST_PASSWORD) {
    throw invalidCredentials();
  }
  const retryAfter = await secondsUntilAllowed(db, settings, attempt);
  if (retryAfter > 0) throw tooManyFailures(retryAfter);

  const login = await findPasswordLogin(db, attempt.username);
  const passwordMatches = login ? await verifyPassword(login.passwordHash, attempt.password) : await verifyAgainstNothing(attempt.password);
  if (!login || !passwordMatches) {
    await recordFailure(db, settings, attempt);
    throw invalidCredentials();
  }
  if (login.user.bannedAt) throw invalidCredentials();

  await clearFailuresOf(db, attempt.username);
  await deleteExpiredRefreshTokensOf(db, login.user.uid);
  const refreshToken = await issueRefreshToken(db, login.user.uid, settings.refreshTokenTtlSeconds);
  return tokenPair(accessKey, login.user.uid, settings.accessTokenTtlSeconds, refreshToken);
}

/** Exchanges a refresh token for a new pair in the same family; the presented token can never be used again. */
export async function exchangeRefreshToken({ db, settings, accessKey }: SignInContext, presentedToken: string): Promise<TokenPairResponse> {
  // One transaction, so that a concurrent reuse which revokes the family also sees (and revokes) the successor issued here.
  const result = await db.transaction(async (tx) => {
    const consumption = await consumeRefreshToken(tx, presentedToken);
    if (consumption.outcome !== 'consumed') return consumption;
    const user = await findUser(tx, consumption.userUid);
    if (!user || user.bannedAt) return { outcome: 'invalid' as const };
    const refreshToken = await issueRefreshToken(tx, user.uid, settings.refreshTokenTtlSeconds, consumption.family);
    return { outcome: 'renewed' as const, uid: user.uid, refreshToken };
  });
  if (result.outcome === 'reused') throw unauthorized('The refresh token was already used; every session continuing from it has been ended.', 'refresh-token-reused');
  if (result.outcome !== 'renewed') throw invalidRefreshToken();
  return tokenPair(accessKey, result.uid, settings.accessTokenTtlSeconds, result.refreshToken);
}

async function tokenPair(accessKey: Buffer, uid: string, ttlSeconds: number, refreshToken: string): Promise<TokenPairResponse> {
  const access = await signAccessToken(accessKey, uid, ttlSeconds);
  return { access_token: access.token, issued: access.issued, expires: access.expires, refresh_token: refreshToken };
}
