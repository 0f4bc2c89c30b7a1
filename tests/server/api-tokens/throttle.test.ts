import { randomBytes } from 'node:crypto';
import { accessTokenKey, signAccessToken } from '../../../server/authentication/access-tokens';
import { bearer, uniqueAddress } from '../support/helpers';
import { FILES, PRICING, createFilesTestApp } from '../support/files-helpers';

/** API tokens: values shorter than 16 characters are refused unlooked-up; failed checks are throttled per client address (3 per 2 s here). */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  const { testConfig } = await import('../support/helpers');
  t = await createFilesTestApp({
    throttle: { ...testConfig().throttle, apiTokenMaxFailures: 3, apiTokenWindowSeconds: 2 },
  });
});
afterAll(() => t?.cleanUp());

const newValue = () => randomBytes(18).toString('base64url');
const tokenInfo = (token: string, remoteAddress: string) =>
  t.inject({ method: 'GET', url: `${PRICING}/token-info/`, headers: bearer(token), remoteAddress });

async function addPricingToken(token = newValue()) {
  const response = await t.as({
    method: 'POST',
    url: `${PRICING}/administration/access-tokens/`,
    payload: { service: 'billing', token },
  });
  expect(response.statusCode).toBe(201);
  return { token, uid: response.json<{ uid: string }>().uid };
}

test('a token shorter than 16 characters is neither stored nor looked up', async () => {
  const short = await t.as({
    method: 'POST',
    url: `${PRICING}/administration/access-tokens/`,
    payload: { service: 'billing', token: 'fifteen-chars-x' },
  });
  expect(short.statusCode).toBe(400);
  expect(short.json()).toMatchObject({ type: '/problems/validation-error', field: 'token' });
  const response = await tokenInfo('fifteen-chars-x', uniqueAddress());
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({
    type: '/problems/unauthorized',
    detail: 'The API token is too short to be valid.',
  });
  const long = await addPricingToken('sixteen-chars-xy');
  expect((await tokenInfo(long.token, uniqueAddress())).statusCode).toBe(200);
});

test('3 failed checks (short, unknown, revoked) from an address answer 429 with Retry-After, even for a valid token; other addresses pass', async () => {
  const { token } = await addPricingToken();
  const revoked = await addPricingToken();
  expect(
    (await t.as({ method: 'PUT', url: `${PRICING}/administration/access-tokens/${revoked.uid}/revoke/` })).statusCode,
  ).toBe(200);
  const address = uniqueAddress();
  for (const failing of ['short', newValue(), revoked.token])
    expect((await tokenInfo(failing, address)).statusCode).toBe(401);
  const before = Date.now();
  const refused = await tokenInfo(token, address);
  expect(refused.statusCode).toBe(429);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(2);
  expect(refused.json()).toEqual({
    type: '/problems/too-many-token-failures',
    title: 'Too Many Requests',
    status: 429,
    detail: `Too many failed API-token checks from this address. Try again in ${retryAfter} seconds.`,
  });
  expect((await tokenInfo(token, uniqueAddress())).statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, before + retryAfter * 1000 + 100 - Date.now())));
  expect((await tokenInfo(token, address)).statusCode).toBe(200);
});

test('guesses at a file API token on a route that also admits users count too; a signed-in user from that address still passes', async () => {
  const address = uniqueAddress();
  const search = (token: string) =>
    t.inject({ method: 'GET', url: `${FILES}/search/`, headers: bearer(token), remoteAddress: address });
  for (let index = 0; index < 3; index++) expect((await search(newValue())).statusCode).toBe(401);
  expect((await search(newValue())).statusCode).toBe(429);
  expect((await search(await t.adminToken())).statusCode).toBe(200);
});

test("an expired access token of this server is a user's, not a guess: it gets 401 and is not counted", async () => {
  const { token } = await addPricingToken();
  const address = uniqueAddress();
  const key = accessTokenKey(t.masterSecret);
  const anHourAgo = new Date(Date.now() - 3_600_000);
  const session = { sessionFamily: '7e8bc430-9c3a-11d9-9669-0800200c9a66', authenticatedAt: anHourAgo };
  const expired = (await signAccessToken(key, '6e8bc430-9c3a-11d9-9669-0800200c9a66', 60, session, anHourAgo)).token;
  for (let index = 0; index < 5; index++) {
    const response = await t.inject({
      method: 'GET',
      url: `${FILES}/search/`,
      headers: bearer(expired),
      remoteAddress: address,
    });
    expect(response.json()).toMatchObject({ status: 401, detail: 'The access token is invalid or expired.' });
  }
  expect((await tokenInfo(token, address)).statusCode).toBe(200);
});
