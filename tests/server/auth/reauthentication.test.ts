import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { sessions, throttleCounters, users } from '../../../server/db/schema';
import { withEvents } from '../support/audit-helpers';
import { AUTH, createTestApp, uniqueAddress, type TestApp, type TokenPair } from '../support/helpers';
import {
  codeAt,
  enrollTotp,
  FACTORS,
  refreshed,
  signedInUser,
  STEP_MS,
  type SecondFactorChallenge,
  type SignedInUser,
} from './second-factor-helpers';

/** Re-authentication for the sensitive actions, and sessions that may only enroll a second factor. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const reauthenticate = (user: SignedInUser, payload: Record<string, unknown>, token = user.token) =>
  t.as({ method: 'POST', url: `${AUTH}/reauthenticate/`, token, payload, remoteAddress: user.address });

/** The session's last authentication 6 minutes ago, and an access token saying so. */
async function agedToken(pair: TokenPair): Promise<string> {
  const family = decodeJwt(pair.access_token).sid as string;
  await t.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    .where(eq(sessions.family, family));
  return (await refreshed(t, pair)).access_token;
}

test('a sensitive action needs an authentication within 5 minutes; the password renews it in the same session', async () => {
  const user = await signedInUser(t);
  const aged = await agedToken(user.pair);
  const refused = await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: aged, payload: {} });
  expect(refused.json()).toMatchObject({ status: 401, type: '/problems/reauthentication-required' });
  expect((await t.as({ method: 'GET', url: FACTORS, token: aged })).statusCode).toBe(200);

  const { result, events } = await withEvents(t, () => reauthenticate(user, { password: user.password }, aged));
  expect(result.statusCode).toBe(200);
  const fresh = result.json<{ access_token: string; issued: number; expires: number }>();
  expect(Object.keys(fresh).sort()).toEqual(['access_token', 'expires', 'issued']);
  const claims = decodeJwt(fresh.access_token);
  expect(claims.auth_time).toBe(fresh.issued);
  expect(claims.sid).toBe(decodeJwt(aged).sid);
  expect(events).toMatchObject([
    {
      action: 'reauthentication.success',
      actor: { uid: user.uid },
      address: user.address,
      target: { id: user.uid },
      changes: { method: 'password' },
    },
  ]);
  expect(
    (await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: fresh.access_token, payload: {} })).statusCode,
  ).toBe(200);
});

test("with a second factor the password step answers its challenge; the proof answers the fresh token; the token must be this user's", async () => {
  const user = await signedInUser(t);
  const { secret } = await enrollTotp(t, user, Date.now() - STEP_MS);
  const first = await reauthenticate(user, { password: user.password });
  expect(first.json()).toMatchObject({
    status: 401,
    type: '/problems/second-factor-required',
    methods: ['totp', 'recovery_code'],
  });
  const { second_factor_token } = first.json<SecondFactorChallenge>();

  const other = await signedInUser(t);
  const foreign = await reauthenticate(
    { ...other, address: user.address },
    { second_factor_token, totp_code: codeAt(secret, Date.now()) },
  );
  expect(foreign.json()).toMatchObject({ status: 401, type: '/problems/invalid-second-factor-token' });

  const wrong = await withEvents(t, () => reauthenticate(user, { second_factor_token, totp_code: '000000' }));
  expect(wrong.result.json()).toMatchObject({ status: 401, type: '/problems/invalid-second-factor', attempts_left: 4 });
  expect(wrong.events).toMatchObject([
    { action: 'reauthentication.failure', outcome: 'failure', actor: { uid: user.uid }, changes: { method: 'totp' } },
  ]);
  const right = await withEvents(t, () =>
    reauthenticate(user, { second_factor_token, totp_code: codeAt(secret, Date.now()) }),
  );
  expect(right.result.statusCode).toBe(200);
  expect(right.events).toMatchObject([{ action: 'reauthentication.success', changes: { method: 'totp' } }]);
});

test('a wrong password is 401 invalid-credentials, audited, and counted in the sign-in throttle; the right one forgives it', async () => {
  const user = await signedInUser(t);
  const { result, events } = await withEvents(t, () => reauthenticate(user, { password: 'wrong-password' }));
  expect(result.json()).toMatchObject({ status: 401, type: '/problems/invalid-credentials' });
  expect(events).toMatchObject([
    { action: 'reauthentication.failure', outcome: 'failure', changes: { method: 'password' } },
  ]);
  const pairKey = `user+address:${user.address} ${user.username.toLowerCase()}`;
  expect((await t.db.select().from(throttleCounters).where(eq(throttleCounters.key, pairKey)))[0]?.failures).toBe(1);
  expect((await reauthenticate(user, { password: user.password })).statusCode).toBe(200);
  expect(await t.db.select().from(throttleCounters).where(eq(throttleCounters.key, pairKey))).toEqual([]);
});

test('neither step, both, or a proof with the password is 400 naming the field', async () => {
  const user = await signedInUser(t);
  expect((await reauthenticate(user, {})).json()).toMatchObject({
    status: 400,
    type: '/problems/validation-error',
    field: 'password',
  });
  expect((await reauthenticate(user, { password: 'x', second_factor_token: 'y' })).json()).toMatchObject({
    status: 400,
    field: 'second_factor_token',
  });
  expect((await reauthenticate(user, { password: 'x', totp_code: '123456' })).json()).toMatchObject({
    status: 400,
    field: 'totp_code',
  });
  expect((await reauthenticate(user, { second_factor_token: 'y' })).json()).toMatchObject({
    status: 400,
    field: 'totp_code',
  });
  expect((await reauthenticate(user, { password: '' })).json()).toMatchObject({ status: 400, field: 'password' });
});

describe('a session that may only enroll a second factor', () => {
  const ROLE = 'needs-second-factor';
  beforeAll(async () => {
    const policy = await t.as({
      method: 'PUT',
      url: `${AUTH}/administration/roles/${ROLE}/`,
      payload: { permissions: ['users:read'], second_factor_required: true },
    });
    expect(policy.statusCode).toBe(200);
  });

  /** A user of the role whose grace period (14 days) is over, signed in. */
  async function graceOver() {
    const user = await t.createUser({ roles: [ROLE] });
    await t.db
      .update(users)
      .set({ secondFactorRequiredSince: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(users.uid, user.domain_user.uid));
    const address = uniqueAddress();
    const pair = await t.signIn(user.username, user.password, address);
    return { ...user, uid: user.domain_user.uid, address, pair, token: pair.access_token };
  }

  test('can only enroll; its first factor answers recovery codes and, from the next refresh, a full session', async () => {
    const user = await graceOver();
    expect(decodeJwt(user.token).enr).toBe(true);
    const refused = await t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token: user.token });
    expect(refused.json()).toMatchObject({ status: 403, type: '/problems/second-factor-enrollment-required' });
    const info = (await t.as({ method: 'GET', url: `${AUTH}/info/`, token: user.token })).json();
    expect(info.second_factor).toMatchObject({ required: true, enrolled: false, enrollment_only: true });
    expect((await reauthenticate(user, { password: user.password })).statusCode).toBe(200);

    const { recovery_codes } = await enrollTotp(t, user);
    expect(recovery_codes).toHaveLength(10);
    const next = await refreshed(t, user.pair);
    expect(decodeJwt(next.access_token).enr).toBeUndefined();
    expect(
      (await t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token: next.access_token })).statusCode,
    ).toBe(200);
  });

  test('every own-factor route is open to it', async () => {
    const user = await graceOver();
    expect((await t.as({ method: 'GET', url: FACTORS, token: user.token })).statusCode).toBe(200);
    expect((await t.as({ method: 'POST', url: `${FACTORS}webauthn/options/`, token: user.token })).statusCode).toBe(
      200,
    );
    expect(
      (await t.as({ method: 'POST', url: `${FACTORS}recovery-codes/`, token: user.token, payload: {} })).json(),
    ).toMatchObject({ status: 409 });
    expect(
      (
        await t.as({ method: 'DELETE', url: `${FACTORS}00000000-0000-4000-8000-000000000001/`, token: user.token })
      ).json(),
    ).toMatchObject({ status: 404 });
    const inGrace = await signedInUser(t, { roles: [ROLE] });
    expect(decodeJwt(inGrace.token).enr).toBeUndefined();
  });
});
