import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditEvents, sessions } from '../../../server/db/schema';
import { ADMIN, AUTH, bearer, type TestApp, type TokenPair } from '../support/helpers';
import {
  addAccount,
  familyOf,
  info,
  navigate,
  newBrowser,
  OIDC,
  refresh,
  refusalOf,
  signInAtProvider,
  takeOver,
  withProvider,
  type Browser,
} from './oidc-helpers';

/**
 * Re-authentication and the own password of users linked to the provider: their password is refused there as at sign-in (the first
 * administrator's excepted), and they confirm their identity at the provider, which is asked to authenticate them again.
 */

let setup: Awaited<ReturnType<typeof withProvider>>;
beforeAll(async () => {
  setup = await withProvider();
});
afterAll(() => setup?.close());

const FACTORS = `${AUTH}/second-factors/`;

/** A user with a password from before the link, linked through a sign-in at the provider: their pair and the browser. */
async function linkedUser(username = `${crypto.randomUUID().slice(0, 8)}@agency.example`) {
  const { t, provider } = setup;
  const user = username === ADMIN.username ? undefined : await t.createUser({ username });
  const sub = addAccount(provider, { email: username, email_verified: true, preferred_username: username });
  const { loginPage, browser } = await signInAtProvider(t, { account: sub });
  expect(refusalOf(loginPage)).toBeNull();
  const pair = (await takeOver(t, browser)).json<TokenPair>();
  return { t, pair, sub, browser, password: user?.password ?? ADMIN.password, uid: decodeJwt(pair.access_token).sub! };
}

/** The first administrator, linked once for the whole file (a user is linked to one subject). */
let firstAdministrator: ReturnType<typeof linkedUser> | undefined;
const linkedFirstAdministrator = () => (firstAdministrator ??= linkedUser(ADMIN.username));

const reauthenticate = (t: TestApp, pair: TokenPair, password: string) =>
  t.inject({
    method: 'POST',
    url: `${AUTH}/reauthenticate/`,
    headers: bearer(pair.access_token),
    payload: { password },
  });

const ownPassword = (t: TestApp, pair: TokenPair, username: string, password: string) =>
  t.inject({
    method: 'PUT',
    url: `${AUTH}/update-password-authentication/`,
    headers: bearer(pair.access_token),
    payload: { username, password },
  });

const extendedInfo = (t: TestApp, pair: TokenPair) =>
  t.inject({ method: 'GET', url: `${AUTH}/info/?extended=true`, headers: bearer(pair.access_token) });

/** The session's last authentication 6 minutes ago, and a refreshed pair saying so. */
async function aged(t: TestApp, pair: TokenPair): Promise<TokenPair> {
  await t.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    .where(eq(sessions.family, familyOf(pair)));
  return (await refresh(t, pair.refresh_token)).json<TokenPair>();
}

/** Where Caredesk's start route sends the browser: the provider's authorization request. */
async function authorizationRequest(t: TestApp, query: string, browser: Browser = newBrowser()) {
  const { location } = await navigate(t, browser, new URL(`${OIDC}/start/${query}`, t.config.care.panelUrl));
  return location!;
}

const interactions = (browser: Browser) =>
  browser.requests.filter(({ url }) => url.pathname.startsWith('/interaction/')).length;

describe('the password of a linked user at re-authentication', () => {
  test('is refused naming the provider, after the right password only, and audited', async () => {
    const { t, pair, password, uid } = await linkedUser();

    const wrong = await reauthenticate(t, pair, 'not-the-password');
    expect(wrong.json()).toMatchObject({ status: 401, type: '/problems/invalid-credentials' });

    const refused = await reauthenticate(t, pair, password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      type: '/problems/sign-in-with-provider',
      title: 'Unauthorized',
      status: 401,
      detail: 'This account signs in with Test IdP: confirm your identity there.',
      provider: 'Test IdP',
    });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'reauthentication.failure'), eq(auditEvents.targetId, uid)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ outcome: 'refused', changes: { method: 'password', reason: 'provider' } });
  });

  test("is the first administrator's way still", async () => {
    const { t, pair } = await linkedFirstAdministrator();
    const response = await reauthenticate(t, pair, ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      issued: expect.any(Number),
      expires: expect.any(Number),
    });
  });
});

describe('the own password of a linked user', () => {
  test('is refused with 403 naming the provider, and /info/ says their password is refused', async () => {
    const { t, pair, password } = await linkedUser();
    const refused = await ownPassword(t, pair, 'new-name@agency.example', `${password}-new`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: '/problems/sign-in-with-provider', provider: 'Test IdP' });
    expect((await extendedInfo(t, pair)).json().authentication).toEqual({
      username: expect.any(String),
      provider: 'Test IdP',
      password_refused: true,
    });
  });

  test("is the first administrator's to change", async () => {
    const { t, pair } = await linkedFirstAdministrator();
    expect((await extendedInfo(t, pair)).json().authentication).toMatchObject({ password_refused: false });
    // a common password: refused by the password rules, past the provider's refusal (a change would end the test's admin session)
    const checked = await ownPassword(t, pair, ADMIN.username, 'password');
    expect(checked.json()).toMatchObject({ status: 400, type: '/problems/common-password' });
  });

  test('a password user is told nothing of a provider', async () => {
    const { t } = setup;
    const user = await t.createUser({ username: `${crypto.randomUUID().slice(0, 8)}@agency.example` });
    const pair = await t.signIn(user.username, user.password);
    expect((await extendedInfo(t, pair)).json().authentication).toEqual({
      username: user.username,
      provider: null,
      password_refused: false,
    });
  });
});

describe('re-authentication at the provider', () => {
  test('asks the provider for a new authentication (prompt=login, max_age=0); a sign-in does not', async () => {
    const { t } = setup;
    const asked = (await authorizationRequest(t, '?reauthenticate=true')).searchParams;
    expect(asked.get('prompt')).toBe('login');
    expect(asked.get('max_age')).toBe('0');
    expect(asked.get('state')).toEqual(expect.any(String));
    const plain = (await authorizationRequest(t, '')).searchParams;
    expect(plain.has('prompt')).toBe(false);
    expect(plain.has('max_age')).toBe(false);
    const wrong = await t.inject({ method: 'GET', url: `${OIDC}/start/?reauthenticate=maybe` });
    expect(wrong.json()).toMatchObject({ status: 400, type: '/problems/validation-error' });
  });

  test('the provider asks again despite its live session, and the new session is a recent authentication', async () => {
    const { t, pair, sub, browser } = await linkedUser();
    const old = await aged(t, pair);
    const refused = await t.inject({
      method: 'POST',
      url: `${FACTORS}totp/`,
      headers: bearer(old.access_token),
      payload: {},
    });
    expect(refused.json()).toMatchObject({ type: '/problems/reauthentication-required' });

    // the provider's session is alive: a plain sign-in passes without its login, a re-authentication goes through it
    const before = interactions(browser);
    await signInAtProvider(t, { account: sub }, browser);
    expect(interactions(browser)).toBe(before);
    const started = Math.floor(Date.now() / 1000);
    const { loginPage } = await signInAtProvider(t, { account: sub, reauthenticate: true }, browser);
    expect(interactions(browser)).toBe(before + 1);
    expect(loginPage.searchParams.get('oidc')).toBe('continue');

    const fresh = (await takeOver(t, browser)).json<TokenPair>();
    expect(decodeJwt(fresh.access_token).auth_time).toBeGreaterThanOrEqual(started);
    expect(familyOf(fresh)).not.toBe(familyOf(pair));
    expect((await info(t, fresh)).json()).toMatchObject({ uid: decodeJwt(pair.access_token).sub });
    const accepted = await t.inject({
      method: 'POST',
      url: `${FACTORS}totp/`,
      headers: bearer(fresh.access_token),
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
  });

  test('an answer from the live session without a new authentication (prompt and max_age dropped) is refused', async () => {
    const { t, sub, browser } = await linkedUser();
    const { loginPage } = await signInAtProvider(
      t,
      {
        account: sub,
        reauthenticate: true,
        tamper: (authorization) => {
          authorization.searchParams.delete('prompt');
          authorization.searchParams.delete('max_age');
        },
      },
      browser,
    );
    expect(refusalOf(loginPage)).toBe('invalid-response');
  });
});
