import { desc, eq, gt } from 'drizzle-orm';
import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { auditEvents, oidcSessions } from '../../../server/db/schema';
import { testConfig, uniqueAddress, type TestApp, type TokenPair } from '../support/helpers';
import { CLIENT, KEY_ID } from '../support/test-provider';
import {
  familyOf,
  freePort,
  info,
  OIDC,
  refresh,
  signedInThroughProvider,
  signInAtProvider,
  takeOver,
  withProvider,
  type Browser,
} from './oidc-helpers';

/**
 * OpenID Connect Back-Channel Logout 1.0: the provider's own logout (oidc-provider's, posting to Caredesk listening on a loopback
 * port) ends the sessions that came from the provider's session at once; logout tokens that are not the provider's, not for
 * Caredesk, not logout tokens, or used before are refused in the specification's words and end nothing.
 */

const LOGOUT = `${OIDC}/backchannel-logout/`;
const EVENT = { 'http://schemas.openid.net/event/backchannel-logout': {} };
const ADDRESS_MAX_FAILURES = 3;

let setup: Awaited<ReturnType<typeof withProvider>>;
beforeAll(async () => {
  const port = await freePort();
  setup = await withProvider(
    {},
    { config: { throttle: { ...testConfig().throttle, addressMaxFailures: ADDRESS_MAX_FAILURES } } },
    { backchannelLogoutUri: `http://127.0.0.1:${port}${LOGOUT}` },
  );
  await setup.t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => setup?.close());

/** The user signs out at the provider in the browser that signed in there: its logout page, then "Yes, sign me out". */
async function logOutAtProvider(browser: Browser) {
  const { issuer } = setup.provider;
  const page = new URL('/session/end', issuer);
  const shown = await fetch(page, { headers: { cookie: browser.jar.header(page) } });
  browser.jar.store(page, shown.headers.getSetCookie());
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await shown.text())?.[1];
  expect(xsrf).toBeDefined();
  const confirm = new URL('/session/end/confirm', issuer);
  const confirmed = await fetch(confirm, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: browser.jar.header(confirm), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }),
  });
  // the provider answers once it has posted every back-channel logout
  expect(confirmed.status).toBe(303);
}

const postLogout = (t: TestApp, logoutToken: string, remoteAddress = uniqueAddress()) =>
  t.inject({
    method: 'POST',
    url: LOGOUT,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ logout_token: logoutToken }).toString(),
    remoteAddress,
  });

/** The claims of a logout token the provider could send about the subject. */
const logoutClaims = (sub: string, extra: JWTPayload = {}): JWTPayload => ({
  iss: setup.provider.issuer,
  aud: CLIENT.id,
  iat: Math.floor(Date.now() / 1000),
  jti: crypto.randomUUID(),
  events: EVENT,
  sub,
  ...extra,
});

const lastEventId = async () =>
  (await setup.t.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ??
  0;
const eventsSince = (id: number) =>
  setup.t.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(auditEvents.id);

const alive = async (pair: TokenPair) => (await info(setup.t, pair)).statusCode === 200;

test("the provider's own logout ends the sessions of that provider session at once, and only those", async () => {
  const { t, provider } = setup;
  const first = await signedInThroughProvider(t, provider, { groups: ['dispatch'] });
  // the same account in another browser: another session at the provider
  const { browser: otherBrowser } = await signInAtProvider(t, { account: first.sub });
  const other = (await takeOver(t, otherBrowser)).json<TokenPair>();
  const [row] = await t.db
    .select()
    .from(oidcSessions)
    .where(eq(oidcSessions.family, familyOf(first.pair)));
  expect(row.providerSid).toEqual(expect.any(String));
  const since = await lastEventId();

  await logOutAtProvider(first.browser);
  expect(provider.backchannelErrors).toEqual([]);
  expect(await alive(first.pair)).toBe(false);
  expect((await refresh(t, first.pair.refresh_token)).statusCode).toBe(401);
  expect(await alive(other)).toBe(true);
  expect((await refresh(t, other.refresh_token)).statusCode).toBe(200);
  expect(await eventsSince(since)).toEqual([
    expect.objectContaining({
      action: 'session.provider-end',
      actorUid: null,
      address: '127.0.0.1',
      targetType: 'session',
      targetId: familyOf(first.pair),
      changes: { user: first.uid, subject: first.sub, reason: 'back-channel-logout' },
    }),
  ]);
});

test('a logout token naming only the subject ends every session of the subject from the provider', async () => {
  const { t, provider } = setup;
  const first = await signedInThroughProvider(t, provider);
  const { browser } = await signInAtProvider(t, { account: first.sub });
  const second = (await takeOver(t, browser)).json<TokenPair>();
  const bystander = await signedInThroughProvider(t, provider);

  const response = await postLogout(t, await provider.sign(logoutClaims(first.sub)));
  expect(response.statusCode).toBe(200);
  expect(response.body).toBe('');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(await alive(first.pair)).toBe(false);
  expect(await alive(second)).toBe(false);
  expect(await alive(bystander.pair)).toBe(true);
});

test('a logout that comes before the panel took the sign-in over leaves nothing to take over', async () => {
  const { t, provider } = setup;
  const { sub } = await signedInThroughProvider(t, provider);
  const { browser } = await signInAtProvider(t, { account: sub });
  expect((await postLogout(t, await provider.sign(logoutClaims(sub)))).statusCode).toBe(200);
  expect((await takeOver(t, browser)).json()).toMatchObject({ type: '/problems/invalid-provider-handoff' });
});

describe('a logout token that fails a check is refused in the specification’s words, and ends nothing', () => {
  const hourAgo = () => Math.floor(Date.now() / 1000) - 3600;
  const cases: [string, (sub: string) => Promise<string>, string][] = [
    [
      'signed with another key under the same key id (forged)',
      async (sub) => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(logoutClaims(sub)).setProtectedHeader({ alg: 'RS256', kid: KEY_ID }).sign(privateKey);
      },
      'signature verification failed',
    ],
    ['of another issuer', (sub) => setup.provider.sign(logoutClaims(sub, { iss: 'https://idp.example' })), '"iss"'],
    ['for another client', (sub) => setup.provider.sign(logoutClaims(sub, { aud: 'other-client' })), '"aud"'],
    ['issued an hour ago', (sub) => setup.provider.sign(logoutClaims(sub, { iat: hourAgo() })), '"iat"'],
    ['expired', (sub) => setup.provider.sign(logoutClaims(sub, { exp: hourAgo() + 60 })), '"exp"'],
    ['without the logout event', (sub) => setup.provider.sign(logoutClaims(sub, { events: {} })), 'event'],
    ['with a nonce', (sub) => setup.provider.sign(logoutClaims(sub, { nonce: 'n' })), 'nonce'],
    ['naming neither sub nor sid', (sub) => setup.provider.sign(logoutClaims(sub, { sub: undefined })), 'neither'],
    ['without jti', (sub) => setup.provider.sign(logoutClaims(sub, { jti: undefined })), '"jti"'],
    ['an ID token', (sub) => setup.provider.sign(logoutClaims(sub, { events: undefined }), 'JWT'), 'event'],
    ['not a JWT', () => Promise.resolve('not-a-jwt'), 'Invalid'],
  ];

  test.each(cases)('%s', async (_name, tokenFor, words) => {
    const { t, provider } = setup;
    const { pair, sub } = await signedInThroughProvider(t, provider);
    const since = await lastEventId();
    const response = await postLogout(t, await tokenFor(sub));
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      type: '/problems/validation-error',
      title: 'Bad Request',
      status: 400,
      detail: expect.stringContaining(words),
      field: 'logout_token',
      error: 'invalid_request',
      error_description: response.json().detail,
    });
    expect(await alive(pair)).toBe(true);
    expect(await eventsSince(since)).toEqual([]);
  });
});

test('a logout token is taken once: a replay is refused', async () => {
  const { t, provider } = setup;
  const { sub } = await signedInThroughProvider(t, provider);
  const token = await provider.sign(logoutClaims(sub));
  expect((await postLogout(t, token)).statusCode).toBe(200);
  const again = await postLogout(t, token);
  expect(again.statusCode).toBe(400);
  expect(again.json().detail).toContain('already used');
});

test('only a form with one logout_token is read', async () => {
  const { t } = setup;
  const json = await t.inject({ method: 'POST', url: LOGOUT, payload: { logout_token: 'x' } });
  expect(json.statusCode).toBe(415);
  const form = (payload: string) =>
    t.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  expect((await form('')).json()).toMatchObject({ status: 400, field: 'logout_token' });
  expect((await form('logout_token=a&logout_token=b')).json()).toMatchObject({ status: 400, field: 'logout_token' });
});

test('refused tokens are counted per client address: past the limit even a good one waits', async () => {
  const { t, provider } = setup;
  const { pair, sub } = await signedInThroughProvider(t, provider);
  const address = uniqueAddress();
  for (let attempt = 0; attempt < ADDRESS_MAX_FAILURES; attempt++)
    expect((await postLogout(t, 'not-a-jwt', address)).statusCode).toBe(400);
  const throttled = await postLogout(t, await provider.sign(logoutClaims(sub)), address);
  expect(throttled.statusCode).toBe(429);
  expect(throttled.json()).toMatchObject({ type: '/problems/rate-limited' });
  expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  expect(await alive(pair)).toBe(true);
  // another address is not held up
  expect((await postLogout(t, await provider.sign(logoutClaims(sub)))).statusCode).toBe(200);
});
