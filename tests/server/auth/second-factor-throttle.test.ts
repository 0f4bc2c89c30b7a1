import { and, eq, inArray } from 'drizzle-orm';
import { auditEvents, throttleCounters } from '../../../server/db/schema';
import { DEVICE_MAX_FAILURES } from '../../../server/auth/device-tokens';
import { AUTH, basic, createTestApp, testConfig, uniqueAddress, type TestApp } from '../support/helpers';
import { codeAt, enrollTotp, signedInUser, STEP_MS, type SecondFactorChallenge } from './second-factor-helpers';

/**
 * Wrong second factors in the sign-in throttle, with its default limits (5 failures of a username per address and 30 per address
 * in 15 minutes, 30 of a username from any addresses) behind a proxy (TRUST_PROXY=1): an attacker who knows a password may check at
 * most 30 proofs per window, from one address or from many, and the owner's browser still signs in.
 */
const PROXY = '192.0.2.10';
const limits = testConfig().throttle;
let t: TestApp;
beforeAll(async () => {
  // refused attempts are audited within a second
  t = await createTestApp({ config: { trustProxy: 1, throttle: { ...limits, refusalEventSeconds: 1 } } });
});
afterAll(() => t?.close());

const INVALID_PROOF = '/problems/invalid-second-factor';
const TOO_MANY = '/problems/too-many-sign-in-failures';

type Owner = Awaited<ReturnType<typeof ownerWithApp>>;

/** A user with an authenticator app confirmed a step ago. */
async function ownerWithApp() {
  const user = await signedInUser(t);
  const { secret } = await enrollTotp(t, user, Date.now() - STEP_MS);
  return { ...user, secret, usernameKey: user.username.toLowerCase() };
}

/** The app's code now; the next step's for a second sign-in within the same step (no code works twice). */
const rightCode = (owner: Owner, { nextStep = false } = {}) =>
  codeAt(owner.secret, Date.now() + (nextStep ? STEP_MS : 0));

/** A code that none of the steps around now accepts. */
function wrongCode(owner: Owner) {
  const near = [-2, -1, 0, 1, 2].map((steps) => codeAt(owner.secret, Date.now() + steps * STEP_MS));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
}

/** Headers of a request that the proxy forwards from `address`, with the browser's device token if it has one. */
const forwardedFrom = (address: string, deviceToken?: string) => ({
  'x-forwarded-for': address,
  ...(deviceToken ? { 'x-device-token': deviceToken } : {}),
});

const passwordStep = (owner: Owner, address: string, deviceToken?: string) =>
  t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: { ...basic(owner.username, owner.password), ...forwardedFrom(address, deviceToken) },
    remoteAddress: PROXY,
  });

const secondStep = (token: string, proof: Record<string, unknown>, address: string, deviceToken?: string) =>
  t.inject({
    method: 'POST',
    url: `${AUTH}/token/second-factor/`,
    payload: { second_factor_token: token, ...proof },
    headers: forwardedFrom(address, deviceToken),
    remoteAddress: PROXY,
  });

/** The second-factor token of a right password, or undefined when the throttle refused the password step. */
async function challengeFor(owner: Owner, address: string, deviceToken?: string): Promise<string | undefined> {
  const response = await passwordStep(owner, address, deviceToken);
  if (response.statusCode === 429) return undefined;
  expect(response.json()).toMatchObject({ status: 401, type: '/problems/second-factor-required' });
  return response.json<SecondFactorChallenge>().second_factor_token;
}

/** Password and the right code: a completed sign-in, answering the new device token. */
async function signInCompletely(
  owner: Owner,
  address: string,
  { deviceToken, nextStep = false }: { deviceToken?: string; nextStep?: boolean } = {},
) {
  const token = await challengeFor(owner, address, deviceToken);
  const response = await secondStep(token!, { totp_code: rightCode(owner, { nextStep }) }, address, deviceToken);
  expect(response.statusCode).toBe(200);
  return response.json<{ device_token: string }>().device_token;
}

/** From each of `addresses` new addresses: the right password, then `proofs` wrong codes. Answers the types of the answers to the codes. */
async function attack(owner: Owner, addresses: number, proofs: number) {
  const answers: string[] = [];
  for (let index = 0; index < addresses; index++) {
    const address = uniqueAddress();
    const token = await challengeFor(owner, address);
    if (token === undefined) continue;
    for (let proof = 0; proof < proofs; proof++)
      answers.push((await secondStep(token, { totp_code: wrongCode(owner) }, address)).json().type);
  }
  return answers;
}

const checkedIn = (types: string[]) => types.filter((type) => type === INVALID_PROOF).length;

/** Lets the window of a fixed key or the wait of the username's key pass at once (as if the time had passed). */
const letTimePass = (key: string) =>
  t.db
    .update(throttleCounters)
    .set({
      windowStart: new Date(Date.now() - (limits.windowSeconds + 1) * 1000),
      blockedUntil: new Date(Date.now() - 1000),
    })
    .where(eq(throttleCounters.key, key));

const eventsOf = (action: string, owner: Owner) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, owner.uid)));
const failuresAudited = (owner: Owner) => eventsOf('sign-in.second-factor-failure', owner);

/** The attempts that `sign-in.throttled` events of the owner from the address count (one event per username, address and second). */
async function refusalsAudited(owner: Owner, address: string) {
  const events = (await eventsOf('sign-in.throttled', owner)).filter((event) => event.address === address);
  return events.reduce((sum, event) => sum + (event.changes as { attempts: number }).attempts, 0);
}

/** The tests with a hundred requests and more: the time they may take on a slow machine. */
const LONG = { timeout: 120_000 };

test(
  'one address: the right password 10 times, then 5 wrong codes on each token: 5 are checked, then 429 before any check, also for the right code',
  LONG,
  async () => {
    const owner = await ownerWithApp();
    const address = uniqueAddress();
    const tokens: string[] = [];
    for (let index = 0; index < 10; index++) tokens.push((await challengeFor(owner, address))!);

    const answers = [];
    for (const token of tokens)
      for (let proof = 0; proof < 5; proof++)
        answers.push(await secondStep(token, { totp_code: wrongCode(owner) }, address));
    const types = answers.map((answer) => answer.json().type);
    expect(checkedIn(types)).toBe(limits.userAddressMaxFailures);
    expect(types.slice(limits.userAddressMaxFailures).every((type) => type === TOO_MANY)).toBe(true);
    const refused = answers[limits.userAddressMaxFailures];
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limits.windowSeconds);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toEqual({
      type: TOO_MANY,
      title: 'Too Many Requests',
      status: 429,
      detail: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
    });
    expect(await failuresAudited(owner)).toHaveLength(limits.userAddressMaxFailures);

    // the right code is refused unchecked: neither it nor the token's attempt is used up
    const lastToken = tokens.at(-1)!;
    const code = rightCode(owner);
    expect((await secondStep(lastToken, { totp_code: code }, address)).json()).toMatchObject({
      status: 429,
      type: TOO_MANY,
    });
    expect((await passwordStep(owner, address)).json()).toMatchObject({ status: 429, type: TOO_MANY });
    // refused codes and passwords alike, counted in events rather than written one by one
    await expect
      .poll(() => refusalsAudited(owner, address), { timeout: 10_000 })
      .toBe(answers.length - limits.userAddressMaxFailures + 2);
    await letTimePass(`user+address:${address} ${owner.usernameKey}`);
    expect((await secondStep(lastToken, { totp_code: code }, address)).statusCode).toBe(200);
  },
);

test(
  '40 addresses, each the right password and then 4 wrong codes: 30 are checked in all, then every address waits out the window',
  LONG,
  async () => {
    const owner = await ownerWithApp();
    const types = await attack(owner, 40, 4);
    expect(checkedIn(types)).toBe(limits.userMaxFailures);
    expect(types.filter((type) => type === TOO_MANY).length).toBeGreaterThan(0);
    expect(await failuresAudited(owner)).toHaveLength(limits.userMaxFailures);

    // the username's growing wait passes after 60 s, but its wrong proofs stay blocked for the window
    await letTimePass(`user:${owner.usernameKey}`);
    const address = uniqueAddress();
    const token = await challengeFor(owner, address);
    expect((await secondStep(token!, { totp_code: wrongCode(owner) }, address)).json()).toMatchObject({
      status: 429,
      type: TOO_MANY,
    });
    await letTimePass(`second-step:${owner.usernameKey}`);
    expect((await secondStep(token!, { totp_code: wrongCode(owner) }, address)).json()).toMatchObject({
      status: 401,
      type: INVALID_PROOF,
    });
  },
);

test('20 addresses with their right passwords first, then 80 wrong codes at once: 30 are checked', LONG, async () => {
  const owner = await ownerWithApp();
  const waiting: { address: string; token: string }[] = [];
  for (let index = 0; index < 20; index++) {
    const address = uniqueAddress();
    waiting.push({ address, token: (await challengeFor(owner, address))! });
  }
  const answers = await Promise.all(
    waiting.flatMap(({ address, token }) =>
      Array.from({ length: 4 }, () => secondStep(token, { totp_code: wrongCode(owner) }, address)),
    ),
  );
  const types = answers.map((answer) => answer.json().type);
  expect(checkedIn(types)).toBe(limits.userMaxFailures);
  expect(types.filter((type) => type === TOO_MANY)).toHaveLength(80 - limits.userMaxFailures);
});

test('the right password does not forget the failures of wrong proofs: the fifth from the address blocks it', async () => {
  const owner = await ownerWithApp();
  const address = uniqueAddress();
  const first = (await challengeFor(owner, address))!;
  for (let proof = 0; proof < 4; proof++)
    expect((await secondStep(first, { totp_code: wrongCode(owner) }, address)).json().type).toBe(INVALID_PROOF);
  const second = (await challengeFor(owner, address))!;
  const [pair] = await t.db
    .select()
    .from(throttleCounters)
    .where(eq(throttleCounters.key, `user+address:${address} ${owner.usernameKey}`));
  expect(pair.failures).toBe(4);
  expect((await secondStep(second, { recovery_code: 'aaaa-bbbb-cccc' }, address)).json().type).toBe(INVALID_PROOF);
  expect((await secondStep(second, { totp_code: rightCode(owner) }, address)).json()).toMatchObject({
    status: 429,
    type: TOO_MANY,
  });
  expect((await passwordStep(owner, address)).json()).toMatchObject({ status: 429, type: TOO_MANY });
});

test(
  "a completed sign-in forgets the username's failures: 29 wrong proofs, the owner signs in, 30 more are checked, then 429",
  LONG,
  async () => {
    const owner = await ownerWithApp();
    expect(checkedIn([...(await attack(owner, 7, 4)), ...(await attack(owner, 1, 1))])).toBe(29);
    await signInCompletely(owner, uniqueAddress());
    // the username's keys; the attackers' pairs keep their failures for their window
    const usernameKeys = [`user:${owner.usernameKey}`, `second-step:${owner.usernameKey}`];
    expect(await t.db.select().from(throttleCounters).where(inArray(throttleCounters.key, usernameKeys))).toEqual([]);
    const again = [...(await attack(owner, 7, 4)), ...(await attack(owner, 1, 3))];
    expect(again.slice(0, limits.userMaxFailures).every((type) => type === INVALID_PROOF)).toBe(true);
    expect(again.slice(limits.userMaxFailures)).toEqual([TOO_MANY]);
  },
);

test(
  "the owner's browser with its device token signs in (password and code) while an attack keeps the username blocked",
  LONG,
  async () => {
    const owner = await ownerWithApp();
    const home = uniqueAddress();
    const deviceToken = await signInCompletely(owner, home);
    expect(checkedIn(await attack(owner, 8, 4))).toBe(limits.userMaxFailures);
    expect((await passwordStep(owner, uniqueAddress())).json()).toMatchObject({ status: 429, type: TOO_MANY });

    const token = (await challengeFor(owner, home, deviceToken))!;
    const code = rightCode(owner, { nextStep: true });
    // without its device token the same browser waits like any other
    expect((await secondStep(token, { totp_code: code }, home)).json()).toMatchObject({ status: 429, type: TOO_MANY });
    const signedIn = await secondStep(token, { totp_code: code }, home, deviceToken);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ device_token: string }>().device_token).not.toBe(deviceToken);
  },
);

test(
  `a device token counts its wrong proofs on itself: with the password, it checks at most ${DEVICE_MAX_FAILURES}, then waits like any browser`,
  LONG,
  async () => {
    const owner = await ownerWithApp();
    const deviceToken = await signInCompletely(owner, uniqueAddress());
    expect(checkedIn(await attack(owner, 8, 4))).toBe(limits.userMaxFailures);

    const thief = uniqueAddress();
    const types: string[] = [];
    for (let round = 0; round < DEVICE_MAX_FAILURES / 5; round++) {
      const token = (await challengeFor(owner, thief, deviceToken))!;
      for (let proof = 0; proof < 5; proof++)
        types.push((await secondStep(token, { totp_code: wrongCode(owner) }, thief, deviceToken)).json().type);
    }
    expect(checkedIn(types)).toBe(DEVICE_MAX_FAILURES);
    expect((await passwordStep(owner, thief, deviceToken)).json()).toMatchObject({ status: 429, type: TOO_MANY });
  },
);

test("re-authentication's wrong proofs count, a right password does not forget them, and a blocked key refuses the proof unchecked", async () => {
  const owner = await ownerWithApp();
  const reauthenticate = (payload: Record<string, unknown>) =>
    t.as({ method: 'POST', url: `${AUTH}/reauthenticate/`, token: owner.token, payload, remoteAddress: owner.address });
  const challenge = async () =>
    (await reauthenticate({ password: owner.password })).json<SecondFactorChallenge>().second_factor_token;
  const first = await challenge();
  for (let proof = 0; proof < 4; proof++)
    expect((await reauthenticate({ second_factor_token: first, totp_code: wrongCode(owner) })).json().type).toBe(
      INVALID_PROOF,
    );
  const second = await challenge();
  expect((await reauthenticate({ second_factor_token: second, totp_code: wrongCode(owner) })).json().type).toBe(
    INVALID_PROOF,
  );
  const refused = await reauthenticate({ second_factor_token: second, totp_code: rightCode(owner) });
  expect(refused.json()).toMatchObject({ status: 429, type: TOO_MANY });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
});
