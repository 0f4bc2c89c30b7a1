import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../../server/db/schema';
import { AUTH, bearer, createTestApp, type TestApp, type TokenPair } from '../support/helpers';

/** Token lifetimes, configured to 2 seconds so that expiry can be waited for. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 2 } });
});
afterAll(() => t?.close());

const info = (accessToken: string) => t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(accessToken) });
const refresh = (refreshToken: string) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(refreshToken) });
/** Sleeps until the epoch second `expires` has begun. */
const untilSecond = (expires: number) => sleep(Math.max(0, expires * 1000 - Date.now()) + 50);

test('an access token works until its expires second and is refused from then on', async () => {
  const pair = await t.signIn('admin', 'admin-password');
  expect(pair.expires - pair.issued).toBe(2);
  expect((await info(pair.access_token)).statusCode).toBe(200);
  await untilSecond(pair.expires);
  const response = await info(pair.access_token);
  expect(response.statusCode).toBe(401);
  expect(response.json().detail).toBe('The access token is invalid or expired.');
});

test('a refresh token can be exchanged within its lifetime, and not after it', async () => {
  const pair = await t.signIn('admin', 'admin-password');
  const renewed = await refresh(pair.refresh_token);
  expect(renewed.statusCode).toBe(200);
  const next = renewed.json<TokenPair>();
  await sleep(2100);
  const response = await refresh(next.refresh_token);
  expect(response.statusCode).toBe(401);
  expect(response.json().detail).toBe('The refresh token is invalid, expired or revoked.');
});

test("signing in deletes the user's expired refresh tokens", async () => {
  const user = await t.createUser();
  await t.signIn(user.username, user.password);
  await t.signIn(user.username, user.password);
  const tokensOfUser = async () =>
    (await t.db.select().from(refreshTokens).where(eq(refreshTokens.userUid, user.domain_user.uid))).length;
  expect(await tokensOfUser()).toBe(2);
  await sleep(2100);
  await t.signIn(user.username, user.password);
  expect(await tokensOfUser()).toBe(1);
});
