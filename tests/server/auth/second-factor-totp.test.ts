import { and, eq } from 'drizzle-orm';
import { authenticationChallenges, recoveryCodes, secondFactors } from '../../../server/db/schema';
import { auditTableText, withEvents } from '../support/audit-helpers';
import { AUTH, basic, createTestApp, uniqueAddress, type TestApp, type TokenPair } from '../support/helpers';
import {
  codeAt,
  enrollTotp,
  FACTORS,
  middleOfStep,
  passwordStep,
  secondStep,
  signedInUser,
  STEP_MS,
  type ConfirmedFactor,
} from './second-factor-helpers';

/** Authenticator apps (TOTP) and recovery codes: enrolling, the sign-in's second step, the window, replay, single use. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const RECOVERY_CODE = /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/;

test('an authenticator app is pending until a code confirms it; the first factor answers 10 recovery codes; the secret is encrypted at rest', async () => {
  const user = await signedInUser(t);
  const started = await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: user.token, payload: { name: 'Phone' } });
  expect(started.statusCode).toBe(200);
  const { uid, secret, otpauth_uri } = started.json<{ uid: string; secret: string; otpauth_uri: string }>();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauth_uri).toBe(
    `otpauth://totp/Caredesk:${user.username}?issuer=Caredesk&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
  );
  expect((await t.as({ method: 'GET', url: FACTORS, token: user.token })).json()).toEqual([]);
  expect(
    (await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(user.username, user.password) }))
      .statusCode,
  ).toBe(200);

  const confirm = (code: string) =>
    t.as({ method: 'POST', url: `${FACTORS}totp/${uid}/confirm/`, token: user.token, payload: { code } });
  const wrong = await confirm(codeAt(secret, Date.now() - 10 * 60_000));
  expect(wrong.json()).toMatchObject({ status: 400, type: '/problems/invalid-code', field: 'code' });
  expect((await confirm('12345')).json()).toMatchObject({
    status: 400,
    type: '/problems/validation-error',
    field: 'code',
  });
  const confirmed = await confirm(codeAt(secret, Date.now()));
  expect(confirmed.statusCode).toBe(200);
  const { factor, recovery_codes } = confirmed.json<ConfirmedFactor>();
  expect(factor).toEqual({
    uid,
    kind: 'totp',
    name: 'Phone',
    created: expect.any(Number),
    last_used: expect.any(Number),
  });
  expect(recovery_codes).toHaveLength(10);
  expect(new Set(recovery_codes).size).toBe(10);
  for (const code of recovery_codes!) expect(code).toMatch(RECOVERY_CODE);
  expect((await t.as({ method: 'GET', url: FACTORS, token: user.token })).json()).toEqual([factor]);
  expect((await confirm(codeAt(secret, Date.now() + STEP_MS))).json()).toMatchObject({
    status: 404,
    type: '/problems/second-factor-not-found',
    field: 'uid',
  });

  const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.uid, uid));
  expect(row.totpSecret).toMatch(/^v1\./);
  expect(row.totpSecret).not.toContain(secret);
  const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userUid, user.uid));
  expect(hashes.map((each) => each.codeHash).join(' ')).not.toMatch(
    new RegExp(recovery_codes!.map((code) => code.replaceAll('-', '')).join('|')),
  );
});

test('a pending authenticator app older than 10 minutes cannot be confirmed; an unknown uid is 404', async () => {
  const user = await signedInUser(t);
  const { uid, secret } = (
    await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: user.token, payload: {} })
  ).json<{ uid: string; secret: string }>();
  await t.db
    .update(secondFactors)
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(secondFactors.uid, uid));
  const late = await t.as({
    method: 'POST',
    url: `${FACTORS}totp/${uid}/confirm/`,
    token: user.token,
    payload: { code: codeAt(secret, Date.now()) },
  });
  expect(late.json()).toMatchObject({ status: 404, type: '/problems/second-factor-not-found' });
  const unknown = await t.as({
    method: 'POST',
    url: `${FACTORS}totp/00000000-0000-4000-8000-000000000001/confirm/`,
    token: user.token,
    payload: { code: '123456' },
  });
  expect(unknown.json()).toMatchObject({ status: 404, type: '/problems/second-factor-not-found' });
  expect(
    (
      await t.as({
        method: 'POST',
        url: `${FACTORS}totp/not-a-uid/confirm/`,
        token: user.token,
        payload: { code: '123456' },
      })
    ).json(),
  ).toMatchObject({ status: 400, field: 'uid' });
});

test('the password step of a user with a factor answers the second-factor challenge; only its hash is stored', async () => {
  const user = await signedInUser(t);
  await enrollTotp(t, user);
  const address = uniqueAddress();
  const challenge = await passwordStep(t, user, address);
  expect(challenge).toEqual({
    type: '/problems/second-factor-required',
    title: 'Unauthorized',
    status: 401,
    detail: 'The password is right; now prove a second factor within 5 minutes.',
    second_factor_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    methods: ['totp', 'recovery_code'],
  });
  const rows = await t.db
    .select()
    .from(authenticationChallenges)
    .where(and(eq(authenticationChallenges.userUid, user.uid), eq(authenticationChallenges.purpose, 'second-factor')));
  expect(rows).toMatchObject([{ address, failures: 0, usedAt: null }]);
  expect(rows[0].tokenHash).not.toBe(challenge.second_factor_token);
});

test('codes of one step either side are accepted, two steps away are not, and never a code of a step at or before the last accepted one', async () => {
  const now = middleOfStep();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now - 4 * STEP_MS);
  const user = await signedInUser(t);
  const { secret } = await enrollTotp(t, user);
  vi.setSystemTime(now);
  const attempt = async (offsetSteps: number) => {
    const address = uniqueAddress();
    const { second_factor_token } = await passwordStep(t, user, address);
    return (
      await secondStep(t, { second_factor_token, totp_code: codeAt(secret, now + offsetSteps * STEP_MS) }, address)
    ).statusCode;
  };
  expect(await attempt(-2)).toBe(401);
  expect(await attempt(2)).toBe(401);
  expect(await attempt(-1)).toBe(200);
  expect(await attempt(-1)).toBe(401); // replay
  expect(await attempt(0)).toBe(200);
  expect(await attempt(-1)).toBe(401); // older than the last accepted
  expect(await attempt(0)).toBe(401);
  expect(await attempt(1)).toBe(200);
  expect(await attempt(1)).toBe(401);
  vi.setSystemTime(now + 2 * STEP_MS);
  expect(await attempt(2)).toBe(200);
});

test('a right second step signs in with a session, a device token and an audited method', async () => {
  const user = await signedInUser(t);
  const { secret } = await enrollTotp(t, user, Date.now() - STEP_MS);
  const address = uniqueAddress();
  const { second_factor_token } = await passwordStep(t, user, address);
  const { result, events } = await withEvents(t, () =>
    secondStep(t, { second_factor_token, totp_code: codeAt(secret, Date.now()) }, address),
  );
  expect(result.statusCode).toBe(200);
  expect(Object.keys(result.json()).sort()).toEqual([
    'access_token',
    'device_token',
    'expires',
    'issued',
    'refresh_token',
  ]);
  expect(
    (await t.as({ method: 'GET', url: `${AUTH}/info/`, token: result.json<TokenPair>().access_token })).statusCode,
  ).toBe(200);
  expect(events).toMatchObject([
    { action: 'sign-in.success', address, target: { id: user.uid, label: user.username }, changes: { method: 'totp' } },
  ]);
  const [factor] = (await t.as({ method: 'GET', url: FACTORS, token: user.token })).json<{ last_used: number }[]>();
  expect(factor.last_used).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
});

test('a recovery code signs in once, regardless of case, dashes and blanks', async () => {
  const user = await signedInUser(t);
  const { recovery_codes } = await enrollTotp(t, user);
  const [code, other] = recovery_codes!;
  const useCode = async (recovery_code: string) => {
    const address = uniqueAddress();
    const { second_factor_token } = await passwordStep(t, user, address);
    return secondStep(t, { second_factor_token, recovery_code }, address);
  };
  const { result, events } = await withEvents(t, () => useCode(` ${code.toUpperCase().replaceAll('-', ' ')} `));
  expect(result.statusCode).toBe(200);
  expect(events.find((event) => event.action === 'sign-in.success')?.changes).toEqual({ method: 'recovery_code' });
  expect((await useCode(code)).json()).toMatchObject({ status: 401, type: '/problems/invalid-second-factor' });
  expect((await useCode(other.replaceAll('-', ''))).statusCode).toBe(200);
  const info = (await t.as({ method: 'GET', url: `${AUTH}/info/`, token: user.token })).json<{
    second_factor: { recovery_codes_left: number };
  }>();
  expect(info.second_factor.recovery_codes_left).toBe(8);
});

test('new recovery codes end the old set; removing the last factor deletes them and sign-in needs the password only; all audited', async () => {
  const user = await signedInUser(t);
  const renewWithout = await t.as({ method: 'POST', url: `${FACTORS}recovery-codes/`, token: user.token, payload: {} });
  expect(renewWithout.json()).toMatchObject({ status: 409, type: '/problems/conflict' });
  const { factor, recovery_codes: first } = await enrollTotp(t, user);
  const renewed = await withEvents(t, () =>
    t.as({ method: 'POST', url: `${FACTORS}recovery-codes/`, token: user.token, payload: {} }),
  );
  const second = renewed.result.json<{ recovery_codes: string[] }>().recovery_codes;
  expect(second).toHaveLength(10);
  expect(second.filter((code) => first!.includes(code))).toEqual([]);
  expect(renewed.events).toMatchObject([
    { action: 'recovery-codes.renew', actor: { uid: user.uid }, target: { type: 'user', id: user.uid } },
  ]);

  const address = uniqueAddress();
  const { second_factor_token } = await passwordStep(t, user, address);
  expect((await secondStep(t, { second_factor_token, recovery_code: first![0] }, address)).json()).toMatchObject({
    type: '/problems/invalid-second-factor',
  });

  const removed = await withEvents(t, () =>
    t.as({ method: 'DELETE', url: `${FACTORS}${factor.uid}/`, token: user.token }),
  );
  expect(removed.result.statusCode).toBe(204);
  expect(removed.events).toMatchObject([
    {
      action: 'second-factor.remove',
      changes: { factor: factor.uid, kind: 'totp', name: 'Authenticator app', recovery_codes: 'deleted' },
    },
  ]);
  expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userUid, user.uid))).toEqual([]);
  expect(
    (await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(user.username, user.password) }))
      .statusCode,
  ).toBe(200);
  expect((await t.as({ method: 'DELETE', url: `${FACTORS}${factor.uid}/`, token: user.token })).json()).toMatchObject({
    status: 404,
    type: '/problems/second-factor-not-found',
  });
});

test('adding a factor is audited without its secret; no secret, code or token reaches the audit trail', async () => {
  const user = await signedInUser(t);
  const { result, events } = await withEvents(t, () => enrollTotp(t, user));
  expect(events).toMatchObject([
    {
      action: 'second-factor.add',
      actor: { uid: user.uid },
      target: { type: 'user', id: user.uid },
      changes: { factor: result.factor.uid, kind: 'totp', name: 'Authenticator app', recovery_codes: 'new' },
    },
  ]);
  const address = uniqueAddress();
  const { second_factor_token } = await passwordStep(t, user, address);
  await secondStep(t, { second_factor_token, totp_code: '000000' }, address);
  const audit = await auditTableText(t.db);
  for (const secret of [result.secret, ...result.recovery_codes!, second_factor_token])
    expect(audit).not.toContain(secret);
});

test('two first factors confirmed at once: one of them answers the recovery codes, and those are the ones kept', async () => {
  const user = await signedInUser(t);
  const start = async () =>
    (await t.as({ method: 'POST', url: `${FACTORS}totp/`, token: user.token, payload: {} })).json<{
      uid: string;
      secret: string;
    }>();
  const apps = [await start(), await start()];
  const answers = await Promise.all(
    apps.map(({ uid, secret }) =>
      t.as({
        method: 'POST',
        url: `${FACTORS}totp/${uid}/confirm/`,
        token: user.token,
        payload: { code: codeAt(secret, Date.now()) },
      }),
    ),
  );
  const withCodes = answers.map((answer) => answer.json<ConfirmedFactor>()).filter((answer) => answer.recovery_codes);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  expect(withCodes).toHaveLength(1);
  const address = uniqueAddress();
  const { second_factor_token } = await passwordStep(t, user, address);
  expect(
    (await secondStep(t, { second_factor_token, recovery_code: withCodes[0].recovery_codes![0] }, address)).statusCode,
  ).toBe(200);
});
