import { recordAudit, type AuditEvent } from '../shared/audit';
import { HttpProblem, problemType, unauthorized } from '../shared/problem';
import { deleteStaleCounters, forgiveAttempt, reserveAttempt } from '../authentication/throttle';
import type { TokenPairResponse } from '../../contracts/auth';
import { secondFactorRequired, type RelyingParty } from './second-factors';
import { giveBackDeviceAttempt, reserveDeviceAttempt } from './device-tokens';
import { hasConfirmedFactor } from './second-factor-policy';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { completeSignIn, type Client, type SignInContext } from './sign-in';
import { isUsernameKey, longestThrottlePeriod, noKey, signInRules, signInThrottled } from './sign-in-throttle';
import { findPasswordLogin } from './users';
import { providerToSignInAt, signInWithProvider } from './oidc/password-refusal';

/** POST /token/ with a username and password: a sign-in, or its first step when the user has a second factor (POST /token/second-factor/ follows). */

export interface PasswordSignInContext extends SignInContext {
  /** WebAuthn's relying party (the panel): the second factor's assertion options name it. */
  relyingParty: RelyingParty;
}

interface PasswordAttempt extends Client {
  username: string;
  password: string;
}

const LONGEST_USERNAME = 64;
const LONGEST_PASSWORD = 1024;

const invalidCredentials = () => unauthorized('Invalid username or password.', 'invalid-credentials');

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
export async function signInWithPassword(
  context: PasswordSignInContext,
  attempt: PasswordAttempt,
): Promise<TokenPairResponse> {
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
  const provider = login.user.bannedAt
    ? undefined
    : await providerToSignInAt(db, settings.provider, login.user.uid, attempt.username);
  const refused = login.user.bannedAt !== null || provider !== undefined;
  const secondStepFollows = !refused && (await hasConfirmedFactor(db, login.user.uid));
  if (throttled) await forgiveAttempt(db, rules, refused || secondStepFollows ? noKey : isUsernameKey);
  if (device) await giveBackDeviceAttempt(db, device);
  if (refused) {
    const reason = provider === undefined ? 'banned' : 'provider';
    await recordAudit(db, signInEvent('sign-in.failure', attempt, login.user.uid, 'refused', { reason }));
    throw provider === undefined ? invalidCredentials() : signInWithProvider(provider);
  }
  if (secondStepFollows) throw await secondFactorRequired(context, login.user, attempt);
  return completeSignIn(context, { ...login.user, label: attempt.username }, attempt, 'password');
}
