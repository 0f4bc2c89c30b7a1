import { recordAudit, type AuditContext } from '../../shared/audit';
import { badRequest, unauthorized } from '../../shared/problem';
import { signAccessToken } from '../../authentication/access-tokens';
import { forgiveAttempt, reserveAttempt } from '../../authentication/throttle';
import type {
  AccessTokenResponse,
  ReauthenticateInput,
  SecondFactorProofInput,
  SecondFactorMethod,
} from '../../../contracts/second-factors';
import { userTarget } from '../audit';
import { secondFactorRequired } from './challenges';
import type { FactorContext } from './context';
import { verifyAgainstNothing, verifyPassword } from '../passwords';
import { hasConfirmedFactor } from '../second-factor-policy';
import { proveSecondFactor } from './proofs';
import { renewAuthentication } from '../sessions';
import { isUsernameKey, noKey, signInRules, signInThrottled, tooManySignInFailures } from '../sign-in-throttle';
import { findPasswordLogin, findUsername } from '../users';
import { confirmWithProvider, providerToSignInAt, type PasswordRefusalSettings } from '../oidc/password-refusal';

/**
 * POST /reauthenticate/: the signed-in user proves who they are again (password, then the second factor where enrolled) and gets an
 * access token whose auth_time is now, for the actions that need a recent authentication. A user linked to the OpenID Connect
 * provider, whose password sign-in is refused, confirms at the provider instead (GET /oidc/start/?reauthenticate=true).
 */

type ReauthenticationContext = FactorContext & { settings: { provider?: PasswordRefusalSettings } };

interface Reauthenticating {
  uid: string;
  publicName: string;
  sessionFamily: string;
}

interface RequestClient {
  address: string;
  userAgent?: string;
}

const PROOFS = ['totp_code', 'recovery_code', 'webauthn'] as const;

const wrongPassword = () => unauthorized('The password is wrong.', 'invalid-credentials');

/** The body is either the password step or the second step; 400 naming the field otherwise. */
function assertOneStep(body: ReauthenticateInput) {
  if (body.password === undefined && body.second_factor_token === undefined)
    throw badRequest('password is required (or second_factor_token with a proof).', 'password');
  if (body.password !== undefined && body.second_factor_token !== undefined)
    throw badRequest('Send the password or the second step, not both.', 'second_factor_token');
  const stray = body.password !== undefined && PROOFS.find((field) => body[field] !== undefined);
  if (stray) throw badRequest(`${stray} goes with second_factor_token, after the password step.`, stray);
}

/**
 * Checks the user's password under the sign-in throttle: a wrong one counts as a failed sign-in of the username from the address.
 * A right one forgets the username's failures only when no second step follows (which proveSecondFactor then counts and forgives).
 * A linked user's right password is refused as their sign-in is, only then: a guesser learns nothing from it.
 */
async function checkPassword(
  context: ReauthenticationContext,
  user: Reauthenticating,
  password: string,
  audit: AuditContext & { address: string },
  secondStepFollows: boolean,
) {
  const { db, settings } = context;
  const username = await findUsername(db, user.uid);
  const rules =
    username !== null && signInThrottled(settings.throttle)
      ? signInRules(settings.throttle, username, audit.address)
      : [];
  const retryAfter = rules.length ? await reserveAttempt(db, rules) : 0;
  if (retryAfter > 0) throw tooManySignInFailures(retryAfter);
  const login = username === null ? undefined : await findPasswordLogin(db, username);
  const matches = login ? await verifyPassword(login.passwordHash, password) : await verifyAgainstNothing(password);
  if (username === null || !matches) {
    await recordAudit(db, {
      ...audit,
      action: 'reauthentication.failure',
      target: userTarget(user.uid, user.publicName),
      changes: { method: 'password' },
      outcome: 'failure',
    });
    throw wrongPassword();
  }
  const provider = await providerToSignInAt(db, settings.provider, user.uid, username);
  if (rules.length)
    await forgiveAttempt(db, rules, provider !== undefined || secondStepFollows ? noKey : isUsernameKey);
  if (provider !== undefined) {
    await recordAudit(db, {
      ...audit,
      action: 'reauthentication.failure',
      target: userTarget(user.uid, user.publicName),
      changes: { method: 'password', reason: 'provider' },
      outcome: 'refused',
    });
    throw confirmWithProvider(provider);
  }
}

/** The session's authentication is now: a new access token says so. */
async function freshAccessToken(
  context: FactorContext,
  user: Reauthenticating,
  method: 'password' | SecondFactorMethod,
  audit: AuditContext,
): Promise<AccessTokenResponse> {
  const { db, accessKey, settings } = context;
  const claims = await renewAuthentication(db, user.sessionFamily);
  if (!claims) throw unauthorized('The session has ended: sign in again.');
  const access = await signAccessToken(accessKey, user.uid, settings.accessTokenTtlSeconds, claims);
  await recordAudit(db, {
    ...audit,
    action: 'reauthentication.success',
    target: userTarget(user.uid, user.publicName),
    changes: { method },
  });
  return { access_token: access.token, issued: access.issued, expires: access.expires };
}

export async function reauthenticate(
  context: ReauthenticationContext,
  user: Reauthenticating,
  body: ReauthenticateInput,
  client: RequestClient,
): Promise<AccessTokenResponse> {
  assertOneStep(body);
  const audit = { actor: { uid: user.uid, publicName: user.publicName }, address: client.address };
  if (body.password !== undefined) {
    const secondStepFollows = await hasConfirmedFactor(context.db, user.uid);
    await checkPassword(context, user, body.password, audit, secondStepFollows);
    if (secondStepFollows) throw await secondFactorRequired(context, user, client);
    return freshAccessToken(context, user, 'password', audit);
  }
  const { method } = await proveSecondFactor(
    context,
    body as SecondFactorProofInput,
    { ...audit, action: 'reauthentication.failure' },
    { userUid: user.uid },
  );
  return freshAccessToken(context, user, method, audit);
}
