import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditEvents, oidcSessions, users } from '../../../server/db/schema';
import { decryptRefreshToken, refreshTokenKeyOf } from '../../../server/auth/oidc/provider-sessions';
import { ADMIN, AUTH, bearer, createTestApp, type TokenPair } from '../support/helpers';
import { OTHER_CLIENT, startTestProvider } from '../support/test-provider';
import {
  addAccount,
  freePort,
  navigate,
  newBrowser,
  OIDC,
  providerRefresh,
  providerSettings,
  refusalOf,
  signInAtProvider,
  takeOver,
  withProvider,
} from './oidc-helpers';

/**
 * The sign-in at an OpenID Connect provider, against a real one (oidc-provider): the flow, the hand-over to the panel without a token
 * in a URL, and each refusal of a callback that is not this browser's sign-in, or whose answer is not Caredesk's.
 */

let setup: Awaited<ReturnType<typeof withProvider>>;
beforeAll(async () => {
  setup = await withProvider();
});
afterAll(() => setup?.close());

/** A Caredesk user whose username is their e-mail address, and the provider's account for them. */
async function linkableAccount(overrides: { roles?: string[]; groups?: string[] } = {}) {
  const email = `${crypto.randomUUID().slice(0, 8)}@agency.example`;
  const user = await setup.t.createUser({ username: email, roles: overrides.roles ?? [] });
  const sub = addAccount(setup.provider, {
    email,
    email_verified: true,
    name: 'Anna Pflege',
    groups: overrides.groups ?? ['dispatch'],
  });
  return { user, sub, email };
}

const lastEvent = async (action: 'sign-in.failure' | 'sign-in.success') => {
  const [event] = await setup.t.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return event;
};

test('GET /oidc/ names the provider for the button, and says it can be reached', async () => {
  const response = await setup.t.inject({ method: 'GET', url: `${OIDC}/` });
  expect(response.json()).toEqual({ enabled: true, name: 'Test IdP', reachable: true });
});

test('a sign-in at the provider ends with a session usable like a password sign-in, and no token in any URL', async () => {
  const { t } = setup;
  const { user, sub } = await linkableAccount();
  const { loginPage, browser } = await signInAtProvider(t, { account: sub });
  expect(loginPage.href).toBe('http://localhost:8080/login?oidc=continue');

  const response = await takeOver(t, browser);
  expect(response.statusCode).toBe(200);
  const pair = response.json<TokenPair>();
  expect(pair).toEqual({
    access_token: expect.any(String),
    issued: expect.any(Number),
    expires: expect.any(Number),
    refresh_token: expect.any(String),
    device_token: expect.any(String),
  });
  const info = await t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(pair.access_token) });
  expect(info.json()).toMatchObject({ uid: user.domain_user.uid, roles: ['dispatcher'] });
  const refreshed = await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) });
  expect(refreshed.statusCode).toBe(200);

  const urls = browser.requests.flatMap(({ url, location }) => [url.href, location?.href ?? '']).join('\n');
  for (const secret of [pair.access_token, pair.refresh_token, pair.device_token!]) expect(urls).not.toContain(secret);
  expect(await lastEvent('sign-in.success')).toMatchObject({
    targetId: user.domain_user.uid,
    changes: { method: 'oidc' },
  });

  // the hand-over is single use
  const again = await takeOver(t, browser);
  expect(again.json()).toMatchObject({ status: 401, type: '/problems/invalid-provider-handoff' });
});

test("the session is the provider's, and keeps the provider's refresh token encrypted: it refreshes at the provider", async () => {
  const { t, provider } = setup;
  const { sub } = await linkableAccount();
  const { browser } = await signInAtProvider(t, { account: sub });
  const pair = (await takeOver(t, browser)).json<TokenPair>();
  const family = decodeJwt(pair.access_token).sid as string;
  const [row] = await t.db.select().from(oidcSessions).where(eq(oidcSessions.family, family));
  expect(row).toMatchObject({ family, pendingHash: null, secondFactorByProvider: false });
  expect(row.refreshToken).toMatch(/^v1\./);

  const refreshToken = decryptRefreshToken(refreshTokenKeyOf(t.masterSecret), row.refreshToken!, row.uid);
  const grant = await providerRefresh(provider, refreshToken);
  expect(grant.status).toBe(200);
});

test('a hand-over is taken only from the address it was given to, and not without its cookie', async () => {
  const { t } = setup;
  const { sub } = await linkableAccount();
  const { browser } = await signInAtProvider(t, { account: sub });
  const elsewhere = await takeOver(t, { ...browser, address: '198.51.100.9' });
  expect(elsewhere.json()).toMatchObject({ status: 401, type: '/problems/invalid-provider-handoff' });
  const withoutCookie = await t.inject({ method: 'POST', url: `${OIDC}/session/`, remoteAddress: browser.address });
  expect(withoutCookie.json()).toMatchObject({ status: 401, type: '/problems/invalid-provider-handoff' });
});

test('a callback whose state is not the one this browser sent is refused as invalid-state', async () => {
  const { sub } = await linkableAccount();
  const { loginPage } = await signInAtProvider(setup.t, {
    account: sub,
    tamper: (authorization) => authorization.searchParams.set('state', 'forged-state'),
  });
  expect(refusalOf(loginPage)).toBe('invalid-state');
  expect(loginPage.search).toBe('?oidc_error=invalid-state');
  expect(await lastEvent('sign-in.failure')).toMatchObject({
    outcome: 'refused',
    changes: { method: 'oidc', reason: 'invalid-state' },
  });
});

test('a replayed callback, with or without the cookie it came with, is refused and gives no second session', async () => {
  const { t } = setup;
  const { sub } = await linkableAccount();
  const { browser } = await signInAtProvider(t, { account: sub });
  const callback = browser.requests.find(({ url }) => url.pathname === `${OIDC}/callback/`)!;

  for (const cookie of [callback.cookie, '']) {
    const replay = await navigate(t, newBrowser(), callback.url, cookie);
    expect(refusalOf(replay.location!)).toBe('invalid-state');
  }
  expect((await takeOver(t, browser)).statusCode).toBe(200);
});

test('a callback of a sign-in that this browser did not start (a foreign callback) is refused', async () => {
  const { t } = setup;
  const { sub } = await linkableAccount();
  const { browser } = await signInAtProvider(t, { account: sub });
  const callback = browser.requests.find(({ url }) => url.pathname === `${OIDC}/callback/`)!;
  const victim = newBrowser();
  await navigate(t, victim, new URL(`${OIDC}/start/`, 'http://localhost:8080'));
  const planted = await navigate(t, victim, callback.url);
  expect(refusalOf(planted.location!)).toBe('invalid-state');
});

test('an ID token with another nonce is refused as invalid-response', async () => {
  const { sub } = await linkableAccount();
  const { loginPage } = await signInAtProvider(setup.t, {
    account: sub,
    tamper: (authorization) => authorization.searchParams.set('nonce', 'another-nonce'),
  });
  expect(refusalOf(loginPage)).toBe('invalid-response');
  expect(await lastEvent('sign-in.failure')).toMatchObject({
    changes: { method: 'oidc', reason: 'invalid-response' },
  });
});

test('a code the provider issued to another client (another audience) is refused as invalid-response', async () => {
  const { sub } = await linkableAccount();
  const { loginPage } = await signInAtProvider(setup.t, {
    account: sub,
    tamper: (authorization) => authorization.searchParams.set('client_id', OTHER_CLIENT.id),
  });
  expect(refusalOf(loginPage)).toBe('invalid-response');
});

test('the provider answering an error instead of a code is refused as provider-refused, naming its error code', async () => {
  const { sub } = await linkableAccount();
  const { loginPage } = await signInAtProvider(setup.t, {
    account: sub,
    // no session at the provider, and no prompt allowed: it answers login_required
    tamper: (authorization) => authorization.searchParams.set('prompt', 'none'),
  });
  expect(refusalOf(loginPage)).toBe('provider-refused');
  expect((await lastEvent('sign-in.failure')).changes).toEqual({
    method: 'oidc',
    reason: 'provider-refused',
    provider_error: 'login_required',
  });
});

test("the callback's code and state reach no log line, at any level: a sign-in, a replay, a refused code, a wrong path", async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const own = await withProvider({}, { logger: { level: 'trace', stream } });
  try {
    const { t, provider } = own;
    const panel = new URL(t.config.care.panelUrl);
    const email = `${crypto.randomUUID().slice(0, 8)}@agency.example`;
    await t.createUser({ username: email });
    const sub = addAccount(provider, { email, email_verified: true });
    const { browser } = await signInAtProvider(t, { account: sub });
    expect((await takeOver(t, browser)).statusCode).toBe(200);
    const callback = browser.requests.find(({ url }) => url.pathname === `${OIDC}/callback/`)!.url;
    expect(refusalOf((await navigate(t, newBrowser(), callback)).location!)).toBe('invalid-state');

    // a flow of this browser whose code the provider refuses at the exchange
    const flow = newBrowser();
    const { location: authorization } = await navigate(t, flow, new URL(`${OIDC}/start/`, panel));
    const flowState = authorization!.searchParams.get('state')!;
    const bogusCode = `bogus-${crypto.randomUUID()}`;
    const bogus = new URL(`${OIDC}/callback/?${new URLSearchParams({ code: bogusCode, state: flowState })}`, panel);
    expect(refusalOf((await navigate(t, flow, bogus)).location!)).toBe('invalid-response');
    const strayCode = `stray-${crypto.randomUUID()}`;
    expect((await t.inject({ method: 'GET', url: `${OIDC}/callback?code=${strayCode}` })).statusCode).toBe(404);

    const log = lines.join('');
    expect(log).toContain(`"url":"${OIDC}/callback/?code=[redacted]&state=[redacted]&iss=`);
    const secrets = [
      callback.searchParams.get('code')!,
      callback.searchParams.get('state')!,
      bogusCode,
      flowState,
      strayCode,
    ];
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  } finally {
    await own.close();
  }
});

describe('a provider that cannot be reached', () => {
  test('does not stop the start; the button says so, password sign-in works, and once it answers it is used', async () => {
    const port = await freePort();
    const t = await createTestApp({
      config: { oidc: providerSettings({ issuer: `http://127.0.0.1:${port}` }) },
    });
    try {
      const info = await t.inject({ method: 'GET', url: `${OIDC}/` });
      expect(info.json()).toEqual({ enabled: true, name: 'Test IdP', reachable: false });
      const start = await t.inject({ method: 'GET', url: `${OIDC}/start/` });
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toBe('http://localhost:8080/login?oidc_error=unreachable');
      expect((await t.signIn(ADMIN.username, ADMIN.password)).access_token).toEqual(expect.any(String));

      const provider = await startTestProvider({ port });
      try {
        const reachable = await t.inject({ method: 'GET', url: `${OIDC}/` });
        expect(reachable.json()).toEqual({ enabled: true, name: 'Test IdP', reachable: true });
      } finally {
        await provider.stop();
      }
    } finally {
      await t.close();
    }
  });
});

test('without OIDC_ISSUER the routes say no provider is configured', async () => {
  const t = await createTestApp();
  try {
    expect((await t.inject({ method: 'GET', url: `${OIDC}/` })).json()).toEqual({
      enabled: false,
      name: null,
      reachable: false,
    });
    const start = await t.inject({ method: 'GET', url: `${OIDC}/start/` });
    expect(start.headers.location).toBe('http://localhost:8080/login?oidc_error=not-configured');
    const usersBefore = await t.db.select().from(users);
    const callback = await t.inject({ method: 'GET', url: `${OIDC}/callback/?code=x&state=y&session_state=z` });
    expect(callback.headers.location).toBe('http://localhost:8080/login?oidc_error=not-configured');
    const twice = await t.inject({ method: 'GET', url: `${OIDC}/callback/?code=x&code=y` });
    expect(twice.json()).toMatchObject({ status: 400, type: '/problems/validation-error', field: 'code' });
    expect(await t.db.select().from(users)).toHaveLength(usersBefore.length);
  } finally {
    await t.close();
  }
});
