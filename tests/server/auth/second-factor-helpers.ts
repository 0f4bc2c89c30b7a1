import { Secret, TOTP } from 'otpauth';
import { AUTH, basic, bearer, uniqueAddress, type TestApp, type TokenPair } from '../support/helpers';
import { createSoftwareAuthenticator } from '../support/software-authenticator';

/** What the second-factor tests share: enrolling factors, the two sign-in steps, codes at chosen times. */

export const FACTORS = `${AUTH}/second-factors/`;
export const PANEL_ORIGIN = 'http://localhost:8080';

export interface SecondFactorChallenge {
  type: string;
  status: number;
  second_factor_token: string;
  methods: string[];
  webauthn_options?: { challenge: string; allowCredentials?: { id: string }[]; userVerification?: string };
}

export interface ConfirmedFactor {
  factor: { uid: string; kind: string; name: string; created: number; last_used: number | null };
  recovery_codes?: string[];
  sessions_ended?: number;
}

/** The code of an authenticator app at a moment (milliseconds), computed as an app would. */
export const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });
export const STEP_MS = 30_000;

/** A signed-in user without factors: their access token and the address they signed in from. */
export async function signedInUser(t: TestApp, overrides: { roles?: string[] } = {}) {
  const user = await t.createUser(overrides);
  const address = uniqueAddress();
  const pair = await t.signIn(user.username, user.password, address);
  return { ...user, uid: user.domain_user.uid, address, pair, token: pair.access_token };
}
export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** Adds an authenticator app whose code is taken at `timestamp` (now by default); answers its secret and the confirmation. */
export async function enrollTotp(t: TestApp, user: SignedInUser, timestamp = Date.now()) {
  const started = await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: user.token, payload: {} });
  if (started.statusCode !== 200) throw new Error(`starting TOTP failed: ${started.statusCode} ${started.body}`);
  const { uid, secret } = started.json<{ uid: string; secret: string }>();
  const confirmed = await t.as({
    method: 'POST',
    url: `${FACTORS}totp/${uid}/confirm/`,
    token: user.token,
    payload: { code: codeAt(secret, timestamp) },
  });
  if (confirmed.statusCode !== 200)
    throw new Error(`confirming TOTP failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, ...confirmed.json<ConfirmedFactor>() };
}

/** Adds a WebAuthn credential made by a software authenticator (a new one unless given). */
export async function enrollWebAuthn(
  t: TestApp,
  user: SignedInUser,
  authenticator = createSoftwareAuthenticator({ origin: PANEL_ORIGIN, rpId: 'localhost' }),
) {
  const options = await t.as({ method: 'POST', url: `${FACTORS}webauthn/options/`, token: user.token, payload: {} });
  if (options.statusCode !== 200) throw new Error(`WebAuthn options failed: ${options.statusCode} ${options.body}`);
  const registered = await t.as({
    method: 'POST',
    url: `${FACTORS}webauthn/`,
    token: user.token,
    payload: { webauthn: authenticator.register(options.json()) },
  });
  if (registered.statusCode !== 200)
    throw new Error(`WebAuthn registration failed: ${registered.statusCode} ${registered.body}`);
  return { authenticator, ...registered.json<ConfirmedFactor>() };
}

/** The password step of a user with a factor: the second-factor-required problem. */
export async function passwordStep(
  t: TestApp,
  user: { username: string; password: string },
  address: string,
): Promise<SecondFactorChallenge> {
  const response = await t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: basic(user.username, user.password),
    remoteAddress: address,
  });
  if (response.statusCode !== 401)
    throw new Error(`expected the second-factor challenge: ${response.statusCode} ${response.body}`);
  return response.json();
}

export const secondStep = (t: TestApp, payload: Record<string, unknown>, address: string) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/second-factor/`, payload, remoteAddress: address });

/** Refreshes a session: the next access token says what the session is now. */
export async function refreshed(t: TestApp, pair: TokenPair): Promise<TokenPair> {
  const response = await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) });
  if (response.statusCode !== 200) throw new Error(`refresh failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A moment 15 seconds into a 30-second step near now: codes of steps around it are unambiguous. */
export const middleOfStep = () => Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
