import type { SecondFactorMethod } from '../../contracts/second-factors';
import { SignInError } from './tokenResponse';
import type { WebAuthnJson } from './webauthn';

/** What a sign-in (or re-authentication) needs after the password: the service's 401 second-factor-required, read. */
export interface SecondFactorChallenge {
  token: string;
  methods: SecondFactorMethod[];
  /** For the authenticator, when a passkey or security key is enrolled. */
  webauthnOptions: WebAuthnJson | null;
}

/** The second step's proof: exactly one of the three. */
export type SecondFactorProof = { totp_code: string } | { recovery_code: string } | { webauthn: WebAuthnJson };

const METHODS: readonly SecondFactorMethod[] = ['totp', 'webauthn', 'recovery_code'];

/** The slug of a problem type (`/problems/invalid-code` → `invalid-code`), or null. */
export function problemSlug(body: unknown): string | null {
  const type = body !== null && typeof body === 'object' ? (body as { type?: unknown }).type : undefined;
  const match = typeof type === 'string' ? /\/problems\/([a-z0-9-]+)$/.exec(type) : null;
  return match ? match[1] : null;
}

/** The slug of a failed token request's problem. */
export const signInProblem = (error: unknown): string | null =>
  error instanceof SignInError ? problemSlug(error.problem) : null;

/** The challenge of a failure that asks for the second factor, or null for any other failure. */
export function secondFactorChallenge(error: unknown): SecondFactorChallenge | null {
  if (!(error instanceof SignInError) || error.status !== 401 || signInProblem(error) !== 'second-factor-required')
    return null;
  const problem = error.problem ?? {};
  if (typeof problem.second_factor_token !== 'string') return null;
  const listed = Array.isArray(problem.methods) ? problem.methods : [];
  const options = problem.webauthn_options;
  const webauthnOptions = options !== null && typeof options === 'object' ? (options as WebAuthnJson) : null;
  const methods = METHODS.filter(
    (method) => listed.includes(method) && (method !== 'webauthn' || webauthnOptions !== null),
  );
  return { token: problem.second_factor_token, methods, webauthnOptions };
}
