import { eq } from 'drizzle-orm';
import { authenticationChallenges, throttleCounters } from '../../../server/db/schema';
import { withEvents } from '../support/audit-helpers';
import { AUTH, createTestApp, testConfig, uniqueAddress, type TestApp } from '../support/helpers';
import { codeAt, enrollTotp, passwordStep, secondStep, signedInUser, STEP_MS } from './second-factor-helpers';

/** The second_factor_token: single use, 5 minutes, bound to user and address, ended by 5 wrong proofs; wrong proofs count in the sign-in throttle. */
let t: TestApp;
beforeAll(async () => {
  // the throttle's limits out of the way of the token's five attempts (second-factor-throttle.test.ts tests them)
  t = await createTestApp({
    config: {
      throttle: { ...testConfig().throttle, userAddressMaxFailures: 50, addressMaxFailures: 50, userMaxFailures: 50 },
    },
  });
});
afterAll(() => t?.close());

/** A user with an authenticator app confirmed a step ago, and a password step done from a fresh address. */
async function waitingForSecondFactor() {
  const user = await signedInUser(t);
  const { secret } = await enrollTotp(t, user, Date.now() - STEP_MS);
  const address = uniqueAddress();
  const { second_factor_token } = await passwordStep(t, user, address);
  return { user, secret, address, token: second_factor_token, code: () => codeAt(secret, Date.now()) };
}

const WRONG = '000000';
const invalidToken = { status: 401, type: '/problems/invalid-second-factor-token' };

test('the token is single use', async () => {
  const { token, address, secret } = await waitingForSecondFactor();
  expect(
    (await secondStep(t, { second_factor_token: token, totp_code: codeAt(secret, Date.now()) }, address)).statusCode,
  ).toBe(200);
  const again = await secondStep(
    t,
    { second_factor_token: token, totp_code: codeAt(secret, Date.now() + STEP_MS) },
    address,
  );
  expect(again.json()).toMatchObject(invalidToken);
});

test('the token expires after 5 minutes', async () => {
  const { token, address, code, user } = await waitingForSecondFactor();
  const [row] = await t.db
    .select()
    .from(authenticationChallenges)
    .where(eq(authenticationChallenges.userUid, user.uid));
  expect(new Date(row.expiresAt).getTime() - Date.now()).toBeGreaterThan(295_000);
  expect(new Date(row.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
  await t.db
    .update(authenticationChallenges)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(authenticationChallenges.userUid, user.uid));
  expect((await secondStep(t, { second_factor_token: token, totp_code: code() }, address)).json()).toMatchObject(
    invalidToken,
  );
});

test('the token is bound to the client address: from another one it is refused and not counted', async () => {
  const { token, address, code } = await waitingForSecondFactor();
  const elsewhere = await secondStep(t, { second_factor_token: token, totp_code: code() }, uniqueAddress());
  expect(elsewhere.json()).toMatchObject(invalidToken);
  expect(elsewhere.json().detail).toMatch(/another client address/);
  expect((await secondStep(t, { second_factor_token: token, totp_code: code() }, address)).statusCode).toBe(200);
});

test('five wrong proofs end the token, each audited and answered with the attempts left', async () => {
  const { user, token, address, code } = await waitingForSecondFactor();
  const { result: lefts, events } = await withEvents(t, async () => {
    const answers: unknown[] = [];
    for (const proof of [
      { totp_code: WRONG },
      { recovery_code: 'aaaa-bbbb-cccc' },
      { totp_code: WRONG },
      { webauthn: {} },
      { totp_code: WRONG },
    ]) {
      const response = await secondStep(t, { second_factor_token: token, ...proof }, address);
      expect(response.json()).toMatchObject({ status: 401, type: '/problems/invalid-second-factor' });
      answers.push(response.json().attempts_left);
    }
    return answers;
  });
  expect(lefts).toEqual([4, 3, 2, 1, 0]);
  expect(events.map((event) => [event.action, event.outcome, event.changes.method])).toEqual([
    ['sign-in.second-factor-failure', 'failure', 'totp'],
    ['sign-in.second-factor-failure', 'failure', 'recovery_code'],
    ['sign-in.second-factor-failure', 'failure', 'totp'],
    ['sign-in.second-factor-failure', 'failure', 'webauthn'],
    ['sign-in.second-factor-failure', 'failure', 'totp'],
  ]);
  expect(events[0]).toMatchObject({
    actor: null,
    address,
    target: { type: 'user', id: user.uid, label: user.username },
  });
  expect((await secondStep(t, { second_factor_token: token, totp_code: code() }, address)).json()).toMatchObject(
    invalidToken,
  );
});

test('concurrent wrong proofs cannot pass the limit of five', async () => {
  const { token, address } = await waitingForSecondFactor();
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => secondStep(t, { second_factor_token: token, totp_code: WRONG }, address)),
  );
  expect(answers.filter((answer) => answer.json().type === '/problems/invalid-second-factor')).toHaveLength(5);
  expect(answers.filter((answer) => answer.json().type === '/problems/invalid-second-factor-token')).toHaveLength(3);
});

test("wrong proofs count as failed sign-ins of the username from the address, and on the username's wrong proofs", async () => {
  const { user, token, address } = await waitingForSecondFactor();
  await secondStep(t, { second_factor_token: token, totp_code: WRONG }, address);
  await secondStep(t, { second_factor_token: token, totp_code: WRONG }, address);
  const username = user.username.toLowerCase();
  const failuresOf = async (key: string) =>
    (await t.db.select().from(throttleCounters).where(eq(throttleCounters.key, key)))[0]?.failures;
  for (const key of [
    `user+address:${address} ${username}`,
    `address:${address}`,
    `user:${username}`,
    `second-step:${username}`,
  ])
    expect(await failuresOf(key)).toBe(2);
});

test('a body with no proof, two proofs, no token or an unknown field is 400 naming the field; a malformed webauthn is a wrong proof', async () => {
  const { token, address } = await waitingForSecondFactor();
  const none = await secondStep(t, { second_factor_token: token }, address);
  expect(none.json()).toMatchObject({ status: 400, type: '/problems/validation-error', field: 'totp_code' });
  const two = await secondStep(t, { second_factor_token: token, totp_code: WRONG, recovery_code: 'x' }, address);
  expect(two.json()).toMatchObject({ status: 400, field: 'recovery_code' });
  expect((await secondStep(t, { totp_code: WRONG }, address)).json()).toMatchObject({
    status: 400,
    field: 'second_factor_token',
  });
  expect((await secondStep(t, { second_factor_token: token, password: 'x' }, address)).json()).toMatchObject({
    status: 400,
    field: 'password',
  });
  expect((await secondStep(t, { second_factor_token: token, totp_code: '12345a' }, address)).json()).toMatchObject({
    status: 400,
    field: 'totp_code',
  });
  for (const webauthn of [{}, { id: 'x', response: { clientDataJSON: '!!' } }, { id: 'y'.repeat(2000) }]) {
    expect((await secondStep(t, { second_factor_token: token, webauthn }, address)).json()).toMatchObject({
      status: 401,
      type: '/problems/invalid-second-factor',
    });
  }
  expect((await secondStep(t, { second_factor_token: 'unknown', totp_code: WRONG }, address)).json()).toMatchObject(
    invalidToken,
  );
});

test('a user banned between the two steps is refused', async () => {
  const { user, token, address, code } = await waitingForSecondFactor();
  expect(
    (await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [user.uid] } }))
      .statusCode,
  ).toBe(200);
  expect((await secondStep(t, { second_factor_token: token, totp_code: code() }, address)).json()).toMatchObject({
    status: 401,
    type: '/problems/invalid-credentials',
  });
});
