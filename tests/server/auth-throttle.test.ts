import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { signInFailures } from '../../server/db/schema';
import { AUTH, basic, createTestApp, unique, uniqueAddress, type TestApp } from './helpers';

/** Sign-in throttling with a small maximum (3 failures in a 2-second window) to keep the tests fast. */
const WINDOW_SECONDS = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { signInMaxFailures: 3, signInWindowSeconds: WINDOW_SECONDS } });
});
afterAll(() => t?.close());

const attempt = (username: string, password: string, address = uniqueAddress()) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(username, password), remoteAddress: address });

/** When the username's oldest recorded failure happened, in epoch milliseconds. */
async function oldestFailure(username: string): Promise<number> {
  const rows = await t.db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(sql`${signInFailures.username} = ${username.toLowerCase()}`)
    .orderBy(signInFailures.failedAt)
    .limit(1);
  return rows[0].failedAt.getTime();
}

/** Sends an attempt expected to be throttled; checks Retry-After against the time the oldest failure leaves the window. */
async function expectThrottled(username: string, password: string, leavesWindowAt: number) {
  const before = Date.now();
  const response = await attempt(username, password);
  const after = Date.now();
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, Math.ceil((leavesWindowAt - after) / 1000)));
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil((leavesWindowAt - before) / 1000));
  return response;
}

const sleepUntil = (epochMilliseconds: number) => sleep(Math.max(0, epochMilliseconds - Date.now()));

async function fail(times: number, username: string, address?: () => string) {
  for (let index = 0; index < times; index++) expect((await attempt(username, 'wrong-password', address?.())).statusCode).toBe(401);
}

test('a username with 3 failures (from any addresses) is refused with 429 and Retry-After, even with the right password', async () => {
  const user = await t.createUser();
  await fail(3, user.username);
  const leavesWindowAt = (await oldestFailure(user.username)) + WINDOW_SECONDS * 1000;
  const refused = await expectThrottled(user.username.toUpperCase(), user.password, leavesWindowAt);
  expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(refused.json()).toEqual({
    type: '/problems/too-many-sign-in-failures',
    title: 'Too Many Requests',
    status: 429,
    detail: `Too many failed sign-in attempts. Try again in ${refused.headers['retry-after']} seconds.`,
  });
});

test('two failures are not yet throttled', async () => {
  const user = await t.createUser();
  await fail(2, user.username);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
});

test('an address with 3 failures is refused for every username; other addresses are not', async () => {
  const address = uniqueAddress();
  for (let index = 0; index < 3; index++) expect((await attempt(unique('ghost'), 'wrong-password', address)).statusCode).toBe(401);
  const user = await t.createUser();
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
});

test("a successful sign-in clears the username's failures, not the address's failures for other usernames", async () => {
  const user = await t.createUser();
  const address = uniqueAddress();
  await fail(2, unique('ghost'), () => address);
  await fail(2, user.username);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
  await fail(2, user.username);
  // Without the clearing, this would come after the username's 4th failure in the window.
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
  // The address still has its 2 failures: one more and it is throttled.
  await fail(1, unique('ghost'), () => address);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
});

test('Retry-After counts down to when the oldest counted failure leaves the window, then sign-in works again', async () => {
  const user = await t.createUser();
  await fail(3, user.username);
  const leavesWindowAt = (await oldestFailure(user.username)) + WINDOW_SECONDS * 1000;
  await expectThrottled(user.username, user.password, leavesWindowAt);
  await sleepUntil(leavesWindowAt - 900);
  // Refused attempts are not counted: if these were, the lock-out would outlast the wait below.
  for (let index = 0; index < 3; index++) await expectThrottled(user.username, user.password, leavesWindowAt);
  await sleepUntil(leavesWindowAt + 100);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
});

test('failures older than the window are deleted when a new failure is recorded', async () => {
  const oldName = unique('old');
  await fail(2, oldName);
  const count = async (username: string) =>
    (await t.db.select({ id: signInFailures.id }).from(signInFailures).where(sql`${signInFailures.username} = ${username.toLowerCase()}`)).length;
  expect(await count(oldName)).toBe(2);
  await sleep(WINDOW_SECONDS * 1000 + 100);
  await fail(1, unique('new'));
  expect(await count(oldName)).toBe(0);
  const stale = await t.db
    .select({ id: signInFailures.id })
    .from(signInFailures)
    .where(sql`${signInFailures.failedAt} < ${new Date(Date.now() - WINDOW_SECONDS * 1000 - 500)}`);
  expect(stale).toEqual([]);
});

test('malformed and impossible credentials are refused without being counted', async () => {
  const user = await t.createUser();
  const address = uniqueAddress();
  for (let index = 0; index < 5; index++) {
    expect((await attempt(user.username, '', address)).statusCode).toBe(401);
    expect((await attempt(user.username, 'p'.repeat(1025), address)).statusCode).toBe(401);
  }
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
