import { AUTH, basic, createTestApp, testConfig, uniqueAddress, type TestApp } from '../support/helpers';
import { DEVICE_MAX_FAILURES } from '../../../server/auth/device-tokens';

/**
 * Device tokens against lock-out (OWASP): an outsider who guesses a known username from many addresses makes that username wait,
 * but not its owner's browser, which presents the device token of its last sign-in. Limits as in throttle.test.ts: 5 failures per
 * username from any address before a growing wait.
 */
const throttle = {
  ...testConfig().throttle,
  userAddressMaxFailures: 3,
  addressMaxFailures: 6,
  windowSeconds: 2,
  userMaxFailures: 5,
  waitIncrementSeconds: 60,
  maxWaitSeconds: 240,
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { throttle } });
});
afterAll(() => t?.close());

const signIn = (username: string, password: string, deviceToken?: string, address = uniqueAddress()) =>
  t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: { ...basic(username, password), ...(deviceToken ? { 'x-device-token': deviceToken } : {}) },
    remoteAddress: address,
  });

/** An outsider's guesses from many addresses, until the username waits. */
async function lockOut(username: string) {
  for (let guess = 0; guess < throttle.userMaxFailures; guess++)
    expect((await signIn(username, 'a-wrong-guess')).statusCode).toBe(401);
  expect((await signIn(username, 'a-wrong-guess')).statusCode).toBe(429);
}

async function userWithDevice() {
  const user = await t.createUser();
  const first = await signIn(user.username, user.password);
  return { user, deviceToken: first.json<{ device_token: string }>().device_token };
}

test("the owner's browser signs in while an outsider keeps the username waiting; a new browser waits", async () => {
  const { user, deviceToken } = await userWithDevice();
  await lockOut(user.username);
  expect((await signIn(user.username, user.password)).json()).toMatchObject({
    status: 429,
    type: '/problems/too-many-sign-in-failures',
  });
  const known = await signIn(user.username.toUpperCase(), user.password, deviceToken);
  expect(known.statusCode).toBe(200);
  const renewed = known.json<{ device_token: string }>().device_token;
  expect(renewed).not.toBe(deviceToken);
  expect((await signIn(user.username, user.password, renewed)).statusCode).toBe(200);
  // a used device token is replaced by the new one: presented again, it is no device of the user's
  expect((await signIn(user.username, user.password, deviceToken)).statusCode).toBe(429);
});

test("another user's device token, an unknown one or a malformed one does not exempt the username", async () => {
  const { user } = await userWithDevice();
  const other = await userWithDevice();
  await lockOut(user.username);
  for (const token of [other.deviceToken, 'x'.repeat(43), 'not a token'])
    expect((await signIn(user.username, user.password, token)).statusCode).toBe(429);
});

test(`a device token dies after ${DEVICE_MAX_FAILURES} wrong passwords in a row; a right one in between forgives them`, async () => {
  const { user, deviceToken } = await userWithDevice();
  for (let attempt = 0; attempt < DEVICE_MAX_FAILURES - 1; attempt++)
    expect((await signIn(user.username, 'wrong-password', deviceToken)).statusCode).toBe(401);
  const forgiven = await signIn(user.username, user.password, deviceToken);
  expect(forgiven.statusCode).toBe(200);
  const device = forgiven.json<{ device_token: string }>().device_token;
  for (let attempt = 0; attempt < DEVICE_MAX_FAILURES; attempt++)
    expect((await signIn(user.username, 'wrong-password', device)).statusCode).toBe(401);
  await lockOut(user.username);
  expect((await signIn(user.username, user.password, device)).statusCode).toBe(429);
});

test("a device token's failures do not count against the username: the owner's typos cannot lock the owner out elsewhere", async () => {
  const { user, deviceToken } = await userWithDevice();
  for (let attempt = 0; attempt < throttle.userMaxFailures + 1; attempt++)
    expect((await signIn(user.username, 'a-typo', deviceToken)).statusCode).toBe(401);
  expect((await signIn(user.username, user.password)).statusCode).toBe(200);
});
