import { and, eq, sql } from 'drizzle-orm';
import { auditEvents, throttleCounters } from '../../../server/db/schema';
import {
  AUTH,
  basic,
  createTestApp,
  testConfig,
  unique,
  uniqueAddress,
  type PanelUser,
  type TestApp,
} from '../support/helpers';

/**
 * Sign-in throttling with small limits: 3 failures per username and address, 6 per address (5-minute windows, which a
 * test ends by moving the counter's times, so a slow machine never sees a window pass), 5 per username from any addresses before a wait
 * of 1 s that doubles up to 4 s.
 */
const WINDOW_SECONDS = 300;
const throttle = {
  ...testConfig().throttle,
  userAddressMaxFailures: 3,
  addressMaxFailures: 6,
  windowSeconds: WINDOW_SECONDS,
  userMaxFailures: 5,
  waitIncrementSeconds: 1,
  maxWaitSeconds: 4,
  refusalEventSeconds: 1,
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { throttle } });
});
afterAll(() => t?.close());

const attempt = (username: string, password: string, address = uniqueAddress()) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(username, password), remoteAddress: address });

async function fail(times: number, username: string, address?: () => string) {
  for (let index = 0; index < times; index++)
    expect((await attempt(username, 'wrong-password', address?.())).statusCode).toBe(401);
}

/** Lets a key's window pass at once (as if the time had passed). */
const endWindow = (key: string) =>
  t.db
    .update(throttleCounters)
    .set({ windowStart: new Date(Date.now() - (WINDOW_SECONDS + 1) * 1000), blockedUntil: new Date(Date.now() - 1000) })
    .where(eq(throttleCounters.key, key));

/** Lets a blocked key's wait pass at once (as if the time had passed). */
const endWait = (key: string) =>
  t.db
    .update(throttleCounters)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(eq(throttleCounters.key, key));

const eventsOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

const getUser = async (uid: string) =>
  (await t.as({ method: 'GET', url: `${AUTH}/administration/users/${uid}/` })).json<PanelUser>().domain_user;

test('3 failures of a username from one address block that pair with 429 and Retry-After; another address still signs in', async () => {
  const user = await t.createUser();
  const attacker = uniqueAddress();
  await fail(3, user.username, () => attacker);
  const refused = await attempt(user.username.toUpperCase(), user.password, attacker);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(refused.json()).toEqual({
    type: '/problems/too-many-sign-in-failures',
    title: 'Too Many Requests',
    status: 429,
    detail: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
  });
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
  // The owner's success does not unblock the attacker's pair before its window ends.
  expect((await attempt(user.username, user.password, attacker)).statusCode).toBe(429);
  await endWindow(`user+address:${attacker} ${user.username.toLowerCase()}`);
  expect((await attempt(user.username, user.password, attacker)).statusCode).toBe(200);
});

test('a success clears the pair: 2 failures, success, 2 failures, success', async () => {
  const user = await t.createUser();
  const address = uniqueAddress();
  await fail(2, user.username, () => address);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
  await fail(2, user.username, () => address);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
});

test('an address with 6 failures across usernames is blocked for every username; other addresses are not', async () => {
  const address = uniqueAddress();
  for (let index = 0; index < 6; index++)
    expect((await attempt(unique('ghost'), 'wrong-password', address)).statusCode).toBe(401);
  const user = await t.createUser();
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
});

test("a success gives back its reservation on the address, but the address's earlier failures stay", async () => {
  const address = uniqueAddress();
  const user = await t.createUser();
  for (let index = 0; index < 5; index++)
    expect((await attempt(unique('ghost'), 'wrong-password', address)).statusCode).toBe(401);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(200);
  await fail(1, unique('ghost'), () => address);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
});

test('a username guessed from many addresses gets a growing wait (1, 2, 4, 4 s) for everyone, not a lock; success resets it', async () => {
  const user = await t.createUser();
  const key = `user:${user.username.toLowerCase()}`;
  await fail(5, user.username, uniqueAddress);
  for (const expectedWait of [1, 2, 4, 4]) {
    const refused = await attempt(user.username, user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(expectedWait);
    await endWait(key);
    await fail(1, user.username, uniqueAddress);
  }
  expect((await getUser(user.domain_user.uid)).locked).toBe(true);
  await endWait(key);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
  expect((await getUser(user.domain_user.uid)).locked).toBe(false);
  await fail(4, user.username, uniqueAddress);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
});

test('unlock-users forgets the username counters (from every address), answers the uids and is audited', async () => {
  const user = await t.createUser();
  const other = await t.createUser();
  const attacker = uniqueAddress();
  await fail(3, user.username, () => attacker);
  expect((await getUser(user.domain_user.uid)).locked).toBe(true);
  expect((await getUser(other.domain_user.uid)).locked).toBe(false);
  const otherAttacker = uniqueAddress();
  await fail(3, other.username, () => otherAttacker);

  const response = await t.as({
    method: 'POST',
    url: `${AUTH}/administration/unlock-users/`,
    payload: { uids: [user.domain_user.uid.toUpperCase()] },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ unlocked: [user.domain_user.uid] });
  expect((await getUser(user.domain_user.uid)).locked).toBe(false);
  expect((await attempt(user.username, user.password, attacker)).statusCode).toBe(200);
  expect((await attempt(other.username, other.password, otherAttacker)).statusCode).toBe(429);
  const [event] = await eventsOf('user.unlock', user.domain_user.uid);
  expect(event).toMatchObject({
    actorName: 'Administrator',
    targetType: 'user',
    targetLabel: user.domain_user.public_name,
    outcome: 'success',
  });
});

test('unlock-users of an unknown uid is 404 and unlocks nobody', async () => {
  const response = await t.as({
    method: 'POST',
    url: `${AUTH}/administration/unlock-users/`,
    payload: { uids: ['00000000-0000-4000-8000-000000000000'] },
  });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ type: '/problems/user-not-found', field: 'uids' });
});

test('sign-in events are audited without the password; a success sets last_sign_in', async () => {
  const user = await t.createUser();
  const address = uniqueAddress();
  const uid = user.domain_user.uid;
  expect((await getUser(uid)).last_sign_in).toBeNull();
  await fail(3, user.username, () => address);
  expect((await attempt(user.username, user.password, address)).statusCode).toBe(429);
  const before = Math.floor(Date.now() / 1000);
  expect((await attempt(user.username, user.password)).statusCode).toBe(200);
  const ghost = unique('ghost');
  await fail(1, ghost, () => address);

  const failures = await eventsOf('sign-in.failure', uid);
  expect(failures).toHaveLength(3);
  expect(failures[0]).toMatchObject({
    actorUid: null,
    address,
    targetType: 'user',
    targetLabel: user.username,
    outcome: 'failure',
  });
  await expect
    .poll(() => eventsOf('sign-in.throttled', uid), { timeout: 5_000 })
    .toMatchObject([{ address, outcome: 'refused', changes: { attempts: 1 } }]);
  expect(await eventsOf('sign-in.success', uid)).toMatchObject([{ actorUid: uid, outcome: 'success' }]);
  const [unknown] = await t.db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.changes}->>'username' = ${ghost}`);
  expect(unknown).toMatchObject({ action: 'sign-in.failure', targetId: null });
  const everything = JSON.stringify(await t.db.select().from(auditEvents));
  expect(everything).not.toContain(user.password);
  expect(everything).not.toContain('wrong-password');
  expect((await getUser(uid)).last_sign_in).toBeGreaterThanOrEqual(before);
});

test('200 concurrent wrong passwords from one address: only 3 are evaluated', async () => {
  const user = await t.createUser();
  const address = uniqueAddress();
  const responses = await Promise.all(
    Array.from({ length: 200 }, () => attempt(user.username, 'wrong-password', address)),
  );
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 401)).toHaveLength(3);
  expect(statuses.filter((status) => status === 429)).toHaveLength(197);
  expect(await eventsOf('sign-in.failure', user.domain_user.uid)).toHaveLength(3);
  // the refused ones are events with their counts, one per refusalEventSeconds (one, unless a slow machine spreads the burst)
  const refusedAttempts = async () =>
    (await eventsOf('sign-in.throttled', user.domain_user.uid)).reduce(
      (sum, event) => sum + Number(event.changes.attempts),
      0,
    );
  await expect.poll(refusedAttempts, { timeout: 15_000 }).toBe(197);
  for (const refused of await eventsOf('sign-in.throttled', user.domain_user.uid)) {
    expect(refused).toMatchObject({ address, outcome: 'refused' });
    const { first_at: firstAt, last_at: lastAt } = refused.changes as { first_at: string; last_at: string };
    expect(Date.parse(lastAt)).toBeGreaterThanOrEqual(Date.parse(firstAt));
  }
});

test('200 concurrent wrong passwords from 200 addresses: only 5 are evaluated', async () => {
  const user = await t.createUser();
  const responses = await Promise.all(
    Array.from({ length: 200 }, () => attempt(user.username, 'wrong-password', uniqueAddress())),
  );
  expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(5);
  expect(await eventsOf('sign-in.failure', user.domain_user.uid)).toHaveLength(5);
});

test('counters that can no longer block anything are deleted when a failure is recorded', async () => {
  const old = unique('old');
  await fail(1, old);
  const longAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  await t.db
    .update(throttleCounters)
    .set({ lastFailureAt: longAgo, windowStart: longAgo })
    .where(eq(throttleCounters.key, `user:${old}`));
  await fail(1, unique('new'));
  expect(
    await t.db
      .select()
      .from(throttleCounters)
      .where(eq(throttleCounters.key, `user:${old}`)),
  ).toEqual([]);
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
