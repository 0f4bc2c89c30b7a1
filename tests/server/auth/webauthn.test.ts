import { eq } from 'drizzle-orm';
import { authenticationChallenges, secondFactors, throttleCounters } from '../../../server/db/schema';
import { withEvents } from '../support/audit-helpers';
import { AUTH, createTestApp, uniqueAddress, type TestApp } from '../support/helpers';
import { createSoftwareAuthenticator } from '../support/software-authenticator';
import {
  enrollTotp,
  enrollWebAuthn,
  FACTORS,
  PANEL_ORIGIN,
  passwordStep,
  secondStep,
  signedInUser,
  type SignedInUser,
} from './second-factor-helpers';

/** Security keys and passkeys (WebAuthn) with a software authenticator: registration, the second step, passkey sign-in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const newAuthenticator = (synced = false) =>
  createSoftwareAuthenticator({ origin: PANEL_ORIGIN, rpId: 'localhost', synced });
const registrationOptions = async (user: SignedInUser) =>
  (await t.as({ method: 'POST', url: `${FACTORS}webauthn/options/`, token: user.token })).json();
const register = (user: SignedInUser, webauthn: unknown, name?: string) =>
  t.as({ method: 'POST', url: `${FACTORS}webauthn/`, token: user.token, payload: { webauthn, name } });
const passkeyOptions = async () =>
  (await t.inject({ method: 'POST', url: `${AUTH}/passkey/options/`, remoteAddress: uniqueAddress() })).json();
const passkeySignIn = (payload: Record<string, unknown>, remoteAddress = uniqueAddress()) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/passkey/`, payload, remoteAddress });
const invalidRegistration = { status: 400, type: '/problems/invalid-webauthn-response', field: 'webauthn' };
const invalidPasskey = { status: 401, type: '/problems/invalid-webauthn-response' };

test("registration options name the panel, prefer a resident key and user verification, and exclude the user's credentials", async () => {
  const user = await signedInUser(t);
  const first = await registrationOptions(user);
  expect(first).toMatchObject({
    rp: { id: 'localhost', name: 'Caredesk' },
    user: { name: user.username, displayName: user.domain_user.public_name },
    attestation: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: [],
    timeout: 300_000,
  });
  const authenticator = newAuthenticator();
  const { factor, recovery_codes } = (await register(user, authenticator.register(first))).json();
  expect(factor).toEqual({
    uid: expect.any(String),
    kind: 'webauthn',
    name: 'Security key',
    created: expect.any(Number),
    last_used: null,
  });
  expect(recovery_codes).toHaveLength(10);
  const second = await registrationOptions(user);
  expect(second.excludeCredentials).toEqual([
    { id: authenticator.credentialIds()[0], type: 'public-key', transports: ['internal'] },
  ]);
  expect(() => authenticator.register(second)).toThrow(/excluded/);
  const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.uid, factor.uid));
  expect(row).toMatchObject({
    credentialId: authenticator.credentialIds()[0],
    signCount: 0,
    confirmedAt: expect.anything(),
    totpSecret: null,
  });
});

test('a synced credential is a Passkey by default, a given name wins; a second factor brings no new recovery codes', async () => {
  const user = await signedInUser(t);
  const synced = (await register(user, newAuthenticator(true).register(await registrationOptions(user)))).json();
  expect(synced.factor.name).toBe('Passkey');
  const named = (await register(user, newAuthenticator().register(await registrationOptions(user)), 'Desk key')).json();
  expect(named.factor.name).toBe('Desk key');
  expect(named.recovery_codes).toBeUndefined();
});

test("a registration must answer a live challenge of this user, from the panel's origin; each challenge is used once", async () => {
  const user = await signedInUser(t);
  const other = await signedInUser(t);
  const foreign = createSoftwareAuthenticator({ origin: 'https://evil.example', rpId: 'localhost' });
  expect((await register(user, foreign.register(await registrationOptions(user)))).json()).toMatchObject(
    invalidRegistration,
  );
  const answer = newAuthenticator().register(await registrationOptions(user));
  expect((await register(other, answer)).json()).toMatchObject(invalidRegistration);
  expect((await register(user, answer)).statusCode).toBe(200);
  expect((await register(user, answer)).json()).toMatchObject(invalidRegistration);

  const late = newAuthenticator().register(await registrationOptions(user));
  await t.db
    .update(authenticationChallenges)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authenticationChallenges.userUid, user.uid));
  expect((await register(user, late)).json()).toMatchObject(invalidRegistration);
  for (const webauthn of [{}, { response: { clientDataJSON: 'e30' } }, { id: 'x', response: { clientDataJSON: 12 } }]) {
    expect((await register(user, webauthn)).json()).toMatchObject(invalidRegistration);
  }
  expect(
    (await t.as({ method: 'POST', url: `${FACTORS}webauthn/`, token: user.token, payload: {} })).json(),
  ).toMatchObject({ status: 400, field: 'webauthn' });
});

test("as a second factor: the challenge allows the user's credentials; an assertion signs in once; a counter that does not grow is refused", async () => {
  const user = await signedInUser(t);
  const { authenticator, factor } = await enrollWebAuthn(t, user, newAuthenticator());
  await enrollTotp(t, user);
  const address = uniqueAddress();
  const challenge = await passwordStep(t, user, address);
  expect(challenge.methods).toEqual(['totp', 'webauthn', 'recovery_code']);
  expect(challenge.webauthn_options).toMatchObject({
    rpId: 'localhost',
    userVerification: 'preferred',
    allowCredentials: [{ id: authenticator.credentialIds()[0] }],
  });
  const webauthn = authenticator.assert(challenge.webauthn_options!, { userVerified: false });
  const { result, events } = await withEvents(t, () =>
    secondStep(t, { second_factor_token: challenge.second_factor_token, webauthn }, address),
  );
  expect(result.statusCode).toBe(200);
  expect(events.find((event) => event.action === 'sign-in.success')?.changes).toEqual({ method: 'webauthn' });
  const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.uid, factor.uid));
  expect(row.signCount).toBe(1);
  expect(row.lastUsedAt).not.toBeNull();

  const next = await passwordStep(t, user, address);
  const cloned = authenticator.assert(next.webauthn_options!, { counter: 1 });
  expect(
    (await secondStep(t, { second_factor_token: next.second_factor_token, webauthn: cloned }, address)).json(),
  ).toMatchObject({ type: '/problems/invalid-second-factor' });
  const stale = authenticator.assert(next.webauthn_options!, { challenge: challenge.webauthn_options!.challenge });
  expect(
    (await secondStep(t, { second_factor_token: next.second_factor_token, webauthn: stale }, address)).json(),
  ).toMatchObject({ type: '/problems/invalid-second-factor' });
  const right = authenticator.assert(next.webauthn_options!);
  expect(
    (await secondStep(t, { second_factor_token: next.second_factor_token, webauthn: right }, address)).statusCode,
  ).toBe(200);
});

test("another user's credential is no second factor of this user", async () => {
  const [owner, user] = [await signedInUser(t), await signedInUser(t)];
  const { authenticator } = await enrollWebAuthn(t, owner, newAuthenticator());
  await enrollWebAuthn(t, user, newAuthenticator());
  const address = uniqueAddress();
  const challenge = await passwordStep(t, user, address);
  const webauthn = authenticator.assert({ ...challenge.webauthn_options!, allowCredentials: undefined });
  expect(
    (await secondStep(t, { second_factor_token: challenge.second_factor_token, webauthn }, address)).json(),
  ).toMatchObject({ type: '/problems/invalid-second-factor' });
});

test('passkey sign-in: options for any discoverable credential with user verification; the owner signs in; the token is used once', async () => {
  const user = await signedInUser(t);
  const { authenticator } = await enrollWebAuthn(t, user, newAuthenticator(true));
  const options = await passkeyOptions();
  expect(options).toEqual({
    passkey_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    webauthn_options: {
      challenge: expect.any(String),
      rpId: 'localhost',
      userVerification: 'required',
      timeout: 300_000,
    },
  });
  const address = uniqueAddress();
  const webauthn = authenticator.assert(options.webauthn_options);
  const { result, events } = await withEvents(t, () =>
    passkeySignIn({ passkey_token: options.passkey_token, webauthn }, address),
  );
  expect(result.statusCode).toBe(200);
  expect(Object.keys(result.json()).sort()).toEqual([
    'access_token',
    'device_token',
    'expires',
    'issued',
    'refresh_token',
  ]);
  expect(events).toMatchObject([
    {
      action: 'sign-in.success',
      address,
      target: { id: user.uid, label: user.username },
      changes: { method: 'passkey' },
    },
  ]);
  const info = await t.as({ method: 'GET', url: `${AUTH}/info/`, token: result.json().access_token });
  expect(info.json()).toMatchObject({ uid: user.uid });
  const again = await passkeySignIn({
    passkey_token: options.passkey_token,
    webauthn: authenticator.assert(options.webauthn_options),
  });
  expect(again.json()).toMatchObject({ status: 401, type: '/problems/invalid-second-factor-token' });
});

test('a passkey without user verification, with a stale counter, unknown or of a banned user is refused; failures count on the address', async () => {
  const user = await signedInUser(t);
  const { authenticator } = await enrollWebAuthn(t, user, newAuthenticator(true));
  const address = uniqueAddress();
  const attempt = async (choices: Parameters<typeof authenticator.assert>[1], by = authenticator) => {
    const options = await passkeyOptions();
    return passkeySignIn(
      { passkey_token: options.passkey_token, webauthn: by.assert(options.webauthn_options, choices) },
      address,
    );
  };
  const { result, events } = await withEvents(t, () => attempt({ userVerified: false }));
  expect(result.json()).toMatchObject(invalidPasskey);
  expect(events).toMatchObject([
    { action: 'sign-in.failure', outcome: 'failure', target: { id: user.uid }, changes: { method: 'passkey' } },
  ]);
  expect((await attempt({})).statusCode).toBe(200);
  expect((await attempt({ counter: 2 })).json()).toMatchObject(invalidPasskey);
  const stranger = newAuthenticator(true);
  stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
  expect((await attempt({}, stranger)).json()).toMatchObject(invalidPasskey);
  expect((await attempt({ origin: 'https://evil.example' })).json()).toMatchObject(invalidPasskey);
  const [counter] = await t.db
    .select()
    .from(throttleCounters)
    .where(eq(throttleCounters.key, `address:${address}`));
  expect(counter.failures).toBe(4);

  await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [user.uid] } });
  expect((await attempt({})).json()).toMatchObject({ status: 401, type: '/problems/invalid-credentials' });
  expect((await passkeySignIn({ passkey_token: 'x', webauthn: {} })).json()).toMatchObject({
    status: 401,
    type: '/problems/invalid-second-factor-token',
  });
  expect((await passkeySignIn({ passkey_token: 'x' })).json()).toMatchObject({ status: 400, field: 'webauthn' });
});
