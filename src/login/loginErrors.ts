import { isProblem, type Problem, problemMessage, type Translate } from '../dataProviders/problem';
import { signInProblem } from '../session/secondFactorChallenge';
import { SignInError, TokenResponseError } from '../session/tokenResponse';

/** A translatable error line of the login page: a message key, or a problem the service sent. */
export interface LoginErrorMessage {
  key: string;
  args?: Record<string, unknown>;
  problem?: Problem;
}

const SIGN_IN_FIELDS = { username: 'caredesk.login.username', password: 'caredesk.login.password' };

/** The line's text in the panel's language. */
export function loginErrorText(error: LoginErrorMessage, translate: Translate): string {
  if (error.problem) return problemMessage(error.problem, translate, SIGN_IN_FIELDS, error.key);
  return translate(error.key, { _: error.key, ...error.args });
}

/** 401s that say more than "wrong": a linked user's password (sign in at the provider instead), a hand-over that ended. */
const EXPLAINED_401 = new Set(['sign-in-with-provider', 'invalid-provider-handoff']);

const TOKEN_PROBLEM_KEYS: Record<TokenResponseError['problem'], string> = {
  'no access token': 'caredesk.login.errors.no_access_token',
  'no expiry': 'caredesk.login.errors.no_expiry',
  'no refresh token': 'caredesk.login.errors.no_refresh_token',
};

/** The returned errors of a failed sign-in as translation keys (a 429 names the minutes from Retry-After). */
export function loginErrors(error: unknown): LoginErrorMessage[] {
  if (error instanceof SignInError) {
    if (error.status === 0) return [{ key: 'caredesk.login.errors.network' }];
    if (error.status === 429 && error.retryAfterSeconds !== null) {
      return [
        {
          key: 'caredesk.login.errors.too_many_failures',
          args: { smart_count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) },
        },
      ];
    }
    // A 401 reads 'Request failed with status code 401'; any other refusal the service explains is told in its words.
    const explained = error.status !== 401 || EXPLAINED_401.has(signInProblem(error) ?? '');
    if (explained && isProblem(error.problem)) return [{ key: '', problem: error.problem }];
    return [{ key: 'caredesk.login.errors.status', args: { status: error.status } }];
  }
  if (error instanceof TokenResponseError) return [{ key: TOKEN_PROBLEM_KEYS[error.problem] }];
  const message = error instanceof Error ? error.message : String(error);
  return [{ key: message }];
}

/**
 * The errors of the second step and of a passkey sign-in: a cancelled browser dialog says so, and every refusal the service
 * explains (a wrong code, an unconfirmed passkey) is told in its words, the 401s too.
 */
export function secondFactorErrors(error: unknown): LoginErrorMessage[] {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return [{ key: 'caredesk.second_factor.passkey_cancelled' }];
  if (error instanceof Error && error.name === 'NotSupportedError')
    return [{ key: 'caredesk.second_factor.passkey_unsupported' }];
  if (error instanceof SignInError && error.status !== 429 && isProblem(error.problem))
    return [{ key: '', problem: error.problem }];
  return loginErrors(error);
}
