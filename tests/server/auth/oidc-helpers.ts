import { decodeJwt } from 'jose';
import type { OidcConfig } from '../../../server/config';
import { AUTH, bearer, createTestApp, uniqueAddress, type TestApp, type TokenPair } from '../support/helpers';
import { createServer, type AddressInfo } from 'node:net';
import {
  CLIENT,
  startTestProvider,
  type TestAccount,
  type TestProvider,
  type TestProviderOptions,
} from '../support/test-provider';

/**
 * What the OpenID Connect tests share: an app configured for the tests' provider, and a browser that goes through the sign-in by
 * following every redirect by hand, with cookies per origin and path as a browser keeps them. Requests to Caredesk go through
 * app.inject, requests to the provider over HTTP.
 */

export const OIDC = '/api/auth/oidc';

export function providerSettings(provider: Pick<TestProvider, 'issuer'>, overrides: Partial<OidcConfig> = {}) {
  return {
    issuer: provider.issuer,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    name: 'Test IdP',
    scopes: 'openid profile email offline_access',
    rolesClaim: 'groups',
    roleMap: new Map([
      ['caredesk-admins', ['administrator']],
      ['dispatch', ['dispatcher']],
      ['recruiting', ['recruiter']],
    ]),
    createUsers: false,
    discoveryRetryMs: 0,
    timeoutSeconds: 10,
    ...overrides,
  } satisfies OidcConfig;
}

/** A provider and an app configured for it; `close` ends both. */
export async function withProvider(
  overrides: Partial<OidcConfig> = {},
  config: Parameters<typeof createTestApp>[0] = {},
  providerOptions: TestProviderOptions = {},
) {
  const provider = await startTestProvider(providerOptions);
  const t = await createTestApp({
    ...config,
    config: { ...config.config, oidc: providerSettings(provider, overrides) },
  });
  return {
    provider,
    t,
    close: async () => {
      await t.close();
      await provider.stop();
    },
  };
}

interface StoredCookie {
  origin: string;
  path: string;
  name: string;
  value: string;
}

/** Cookies as a browser keeps them: per origin and path, replaced by name, removed by `Max-Age=0`. */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(url: URL, setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const attribute = (key: string) =>
        attributes.find((entry) => entry.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expired = attribute('max-age') === '0' || attribute('expires')?.includes('1970');
      this.cookies = this.cookies.filter(
        (cookie) => !(cookie.origin === url.origin && cookie.path === path && cookie.name === name),
      );
      if (!expired) this.cookies.push({ origin: url.origin, path, name, value });
    }
  }

  header(url: URL): string {
    return this.cookies
      .filter((cookie) => cookie.origin === url.origin && url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  value(name: string): string | undefined {
    return this.cookies.find((cookie) => cookie.name === name)?.value;
  }
}

const setCookiesOf = (header: string | string[] | undefined) =>
  header === undefined ? [] : Array.isArray(header) ? header : [header];

export interface Browser {
  jar: CookieJar;
  address: string;
  /** Every request made, with the cookies sent and where it led: a replay sends one again. */
  requests: { url: URL; cookie: string; status: number; location?: URL }[];
}

export const newBrowser = (): Browser => ({ jar: new CookieJar(), address: uniqueAddress(), requests: [] });

/** One GET as a browser navigating would make it: to Caredesk through inject, elsewhere over HTTP; redirects are not followed. */
export async function navigate(t: TestApp, browser: Browser, url: URL, cookie = browser.jar.header(url)) {
  const panel = new URL(t.config.care.panelUrl);
  let status: number;
  let location: string | undefined;
  if (url.origin === panel.origin) {
    const response = await t.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: cookie ? { cookie } : {},
      remoteAddress: browser.address,
    });
    status = response.statusCode;
    location = response.headers.location;
    browser.jar.store(url, setCookiesOf(response.headers['set-cookie']));
  } else {
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    status = response.status;
    location = response.headers.get('location') ?? undefined;
    browser.jar.store(url, response.headers.getSetCookie());
  }
  const next = location === undefined ? undefined : new URL(location, url);
  browser.requests.push({ url, cookie, status, location: next });
  return { status, location: next };
}

export interface SignInAtProvider {
  /** The provider's `sub` to sign in as. */
  account: string;
  /** The `amr` the provider puts in the ID token. */
  amr?: string[];
  /** Changes the authorization request on its way to the provider, as an attacker in the middle could. */
  tamper?: (authorization: URL) => void;
  /** Starts with `reauthenticate=true`: the provider is asked to authenticate again. */
  reauthenticate?: boolean;
}

/**
 * From the panel's "Sign in with …" to the login page Caredesk sends the browser back to: follows every redirect, signs in at the
 * provider's interaction as the account. Answers the login page's URL.
 */
export async function signInAtProvider(
  t: TestApp,
  { account, amr = ['pwd'], tamper, reauthenticate }: SignInAtProvider,
  browser = newBrowser(),
): Promise<{ loginPage: URL; browser: Browser }> {
  const panel = new URL(t.config.care.panelUrl);
  let url = new URL(`${OIDC}/start/${reauthenticate ? '?reauthenticate=true' : ''}`, panel);
  for (let hop = 0; hop < 12; hop++) {
    const { status, location } = await navigate(t, browser, url);
    if (!location) throw new Error(`${url.href} answered ${status} without a redirect`);
    if (location.origin === panel.origin && location.pathname === '/login') return { loginPage: location, browser };
    if (url.origin === panel.origin && location.origin !== panel.origin) tamper?.(location);
    if (location.pathname.startsWith('/interaction/'))
      location.search = new URLSearchParams({ account, amr: amr.join(',') }).toString();
    url = location;
  }
  throw new Error('the sign-in did not come back to the login page');
}

/** The panel's one POST after `?oidc=continue`, with the browser's cookies for it. */
export function takeOver(t: TestApp, browser: Browser) {
  const url = new URL(`${OIDC}/session/`, t.config.care.panelUrl);
  const cookie = browser.jar.header(url);
  return t.inject({
    method: 'POST',
    url: url.pathname,
    headers: cookie ? { cookie } : {},
    remoteAddress: browser.address,
  });
}

export const refusalOf = (loginPage: URL) => loginPage.searchParams.get('oidc_error');

/** A provider account, stored under a fresh subject. */
export function addAccount(provider: TestProvider, account: TestAccount, sub = `sub-${crypto.randomUUID()}`) {
  provider.accounts.set(sub, account);
  return sub;
}

/** The session's family (the access token's `sid`). */
export const familyOf = (pair: TokenPair) => decodeJwt(pair.access_token).sid as string;

/**
 * A Caredesk user linked to a fresh provider account (by its verified email), signed in there and taken over by the panel: the
 * panel's pair and the browser, which holds the provider's session cookie.
 */
export async function signedInThroughProvider(
  t: TestApp,
  provider: TestProvider,
  { roles = [], amr, ...account }: TestAccount & { roles?: string[]; amr?: string[] } = {},
) {
  const email = `${crypto.randomUUID().slice(0, 8)}@agency.example`;
  const user = await t.createUser({ username: email, roles });
  const sub = addAccount(provider, { email, email_verified: true, name: 'Anna Pflege', ...account });
  const { loginPage, browser } = await signInAtProvider(t, { account: sub, amr });
  if (refusalOf(loginPage)) throw new Error(`the sign-in was refused: ${loginPage.href}`);
  const response = await takeOver(t, browser);
  if (response.statusCode !== 200) throw new Error(`the hand-over failed: ${response.statusCode} ${response.body}`);
  return { pair: response.json<TokenPair>(), sub, uid: user.domain_user.uid, browser };
}

/** The refresh-token grant at the provider's token endpoint, as a client makes it. */
export const providerRefresh = (provider: TestProvider, refreshToken: string) =>
  fetch(`${provider.issuer}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    }),
  });

/** POST /token/ with a refresh token. */
export const refresh = (t: TestApp, refreshToken: string, remoteAddress?: string) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(refreshToken), remoteAddress });

/** GET /info/ with the pair's access token. */
export const info = (t: TestApp, pair: TokenPair) =>
  t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(pair.access_token) });

/** A port that nothing listens on until someone starts there. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
