/**
 * The sign-in session of the panel, free of React and react-admin so that it can be tested on its own.
 *
 * - The access token lives only in memory; the refresh token and the logged-out flag live in local storage.
 * - The access token is refreshed automatically REFRESH_LEAD_MS before it expires; if that timed refresh fails the page reloads.
 * - There is at most ONE refresh in flight; every caller (timer, requests, root page) shares its promise,
 *   and requests made during a refresh wait for it.
 */

import type { ProviderInfoResponse } from '../../contracts/oidc';
import type { ReauthenticateInput } from '../../contracts/second-factors';
import { keepDeviceToken, readDeviceToken } from './deviceTokens';
import { ReauthenticationPrompt } from './reauthenticationPrompt';
import type { SecondFactorProof } from './secondFactorChallenge';
import { defaultStorage, defaultTabStorage, type StorageLike } from './storage';
import {
  base64Utf8,
  type Credentials,
  jsonBody,
  parseAccessTokenResponse,
  parseTokenResponse,
  postForJson,
  requestJson,
  SignInError,
  TokenResponseError,
} from './tokenResponse';
import type { WebAuthnJson } from './webauthn';

export const STORAGE_KEYS = {
  /** The current refresh token (rotated on every refresh). */
  refreshToken: 'caredesk.refresh_token',
  /** 'true' after an explicit logout: the root page then does not try an automatic sign-in. */
  loggedOut: 'caredesk.logged_out',
} as const;

/** In the tab's storage: the notices closed since the sign-in (a JSON list of names). */
const CLOSED_NOTICES_KEY = 'caredesk.closed_notices';
/** In the tab's storage, while the browser is at the provider: the login page's query (redirect_to …) to come back to. */
const PROVIDER_RETURN_KEY = 'caredesk.provider_return';

/** The access token is refreshed this many milliseconds before it expires. */
export const REFRESH_LEAD_MS = 2000;

/** The largest delay setTimeout accepts. */
const MAX_TIMER_MS = 2_147_483_647;

interface SessionOptions {
  /** Base URL of the auth service, without trailing slash (e.g. '/api/auth'). */
  authUrl: string;
  fetch?: typeof fetch;
  storage?: StorageLike;
  /** What lasts as long as the sign-in in this tab (closed notices); sessionStorage by default. */
  tabStorage?: StorageLike;
  /** Milliseconds since the epoch. */
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Called when the timed refresh fails. */
  reload?: () => void;
  refreshLeadMs?: number;
}

interface ActiveCredentials extends Credentials {
  /** Local-clock millisecond instant at which the access token expires. */
  expiresAt: number;
}

/** The first step of a sign-in with a passkey: the challenge for the authenticator, and the token to send its answer with. */
export interface PasskeyChallenge {
  passkeyToken: string;
  webauthnOptions: WebAuthnJson;
}

export class Session {
  readonly authUrl: string;
  /** The re-authentication the HTTP client asks for and the panel's dialog answers (docs/panel.md, Re-authentication). */
  readonly reauthentication = new ReauthenticationPrompt();
  private readonly fetchFn: typeof fetch;
  private readonly storage: StorageLike;
  private readonly tabStorage: StorageLike;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly reload: () => void;
  private readonly refreshLeadMs: number;

  private credentials: ActiveCredentials | null = null;
  private inFlight: Promise<void> | null = null;
  private providerTakeOver: Promise<void> | null = null;
  private timer: unknown = null;
  /** Bumped by logout so that a refresh that was in flight cannot sign the user in again. */
  private epoch = 0;

  constructor(options: SessionOptions) {
    this.authUrl = options.authUrl.replace(/\/+$/, '');
    // Late-bound defaults: test doubles (msw, fake timers) patch the globals after this module is loaded.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.storage = options.storage ?? defaultStorage();
    this.tabStorage = options.tabStorage ?? defaultTabStorage();
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimer ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.clearTimer =
      options.clearTimer ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.reload = options.reload ?? (() => globalThis.location.reload());
    this.refreshLeadMs = options.refreshLeadMs ?? REFRESH_LEAD_MS;
  }

  /** True while an access token is held in memory and has not expired yet. */
  hasValidAccessToken(): boolean {
    return this.credentials !== null && this.now() < this.credentials.expiresAt;
  }

  /** True while a refresh call is under way. */
  isRefreshing(): boolean {
    return this.inFlight !== null;
  }

  /** The logged-out flag that an explicit logout leaves behind. */
  isLoggedOut(): boolean {
    return this.storage.getItem(STORAGE_KEYS.loggedOut) === 'true';
  }

  hasStoredRefreshToken(): boolean {
    return !!this.storage.getItem(STORAGE_KEYS.refreshToken);
  }

  /** Whether the user closed the notice `name` since signing in (a reload keeps it closed, the next sign-in shows it again). */
  isNoticeClosed(name: string): boolean {
    return this.closedNotices().includes(name);
  }

  closeNotice(name: string): void {
    if (!this.isNoticeClosed(name))
      this.tabStorage.setItem(CLOSED_NOTICES_KEY, JSON.stringify([...this.closedNotices(), name]));
  }

  private closedNotices(): string[] {
    try {
      const names: unknown = JSON.parse(this.tabStorage.getItem(CLOSED_NOTICES_KEY) ?? '[]');
      return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
    } catch {
      return [];
    }
  }

  /**
   * Signs in with username and password (Basic credentials, and the username's device token); on success clears the logged-out
   * flag. A user with a second factor gets a SignInError whose challenge (secondFactorChallenge) completeSecondFactor answers.
   */
  async login(username: string, password: string): Promise<void> {
    const deviceToken = readDeviceToken(this.storage, username);
    const headers: Record<string, string> = { Authorization: `Basic ${base64Utf8(`${username}:${password}`)}` };
    if (deviceToken) headers['X-Device-Token'] = deviceToken;
    await this.signIn(() => this.requestToken('/token/', { headers }), username);
  }

  /**
   * The second step of a sign-in: the challenge's token with one proof, and the username's device token again (its failed proofs count
   * on the token, so the throttle of the username's other failures does not hold this browser up). After a sign-in at the OpenID
   * Connect provider the panel knows no username (null).
   */
  async completeSecondFactor(
    username: string | null,
    secondFactorToken: string,
    proof: SecondFactorProof,
  ): Promise<void> {
    const request = jsonBody({ second_factor_token: secondFactorToken, ...proof });
    const deviceToken = username === null ? null : readDeviceToken(this.storage, username);
    if (deviceToken) request.headers['X-Device-Token'] = deviceToken;
    await this.signIn(() => this.requestToken('/token/second-factor/', request), username);
  }

  /** GET /oidc/: whether staff may sign in at the agency's OpenID Connect provider, its name, and whether it can be reached now. */
  async signInProvider(): Promise<ProviderInfoResponse> {
    const body = (await requestJson(this.fetchFn, `${this.authUrl}/oidc/`, {}, this.now())) as Record<
      string,
      unknown
    > | null;
    const name = typeof body?.name === 'string' && body.name.trim() !== '' ? body.name : null;
    return { enabled: body?.enabled === true && name !== null, name, reachable: body?.reachable === true };
  }

  /** Where "Sign in with …" sends the browser: the provider's sign-in starts there (a navigation, not a request). */
  get providerSignInUrl(): string {
    return `${this.authUrl}/oidc/start/`;
  }

  /** Keeps the login page's query (redirect_to …) in the tab while the browser signs in at the provider. */
  keepProviderReturnQuery(query: string): void {
    this.tabStorage.setItem(PROVIDER_RETURN_KEY, query);
  }

  /** The query kept for the way back from the provider, once. */
  takeProviderReturnQuery(): string | null {
    const query = this.tabStorage.getItem(PROVIDER_RETURN_KEY);
    this.tabStorage.removeItem(PROVIDER_RETURN_KEY);
    return query;
  }

  /**
   * After the provider sent the browser back with `?oidc=continue`: takes over that sign-in (the service's hand-over cookie, on the
   * panel's origin, single use) and answers as the password sign-in does, a second step included. Callers at the same time (React's
   * StrictMode runs effects twice) share the one request.
   */
  loginWithProvider(): Promise<void> {
    this.providerTakeOver ??= this.signIn(
      () => this.requestToken('/oidc/session/', { headers: {}, credentials: 'include' }),
      null,
    ).finally(() => {
      this.providerTakeOver = null;
    });
    return this.providerTakeOver;
  }

  /** The challenge of a sign-in with a passkey (no username: the authenticator names the user). */
  async passkeyChallenge(): Promise<PasskeyChallenge> {
    const body = (await postForJson(
      this.fetchFn,
      `${this.authUrl}/passkey/options/`,
      jsonBody({}),
      this.now(),
    )) as Record<string, unknown> | null;
    if (
      typeof body?.passkey_token !== 'string' ||
      body.webauthn_options === null ||
      typeof body.webauthn_options !== 'object'
    ) {
      throw new SignInError('no passkey challenge', 502);
    }
    return { passkeyToken: body.passkey_token, webauthnOptions: body.webauthn_options as WebAuthnJson };
  }

  async loginWithPasskey(passkeyToken: string, webauthn: WebAuthnJson): Promise<void> {
    await this.signIn(
      () => this.requestToken('/token/passkey/', jsonBody({ passkey_token: passkeyToken, webauthn })),
      null,
    );
  }

  /**
   * Proves the signed-in user's identity again (the password; then, after a second-factor challenge, the proof) and replaces
   * the access token with the fresh one; the refresh token stays.
   */
  async reauthenticate(body: ReauthenticateInput): Promise<void> {
    const token = await this.getAccessToken();
    const epoch = this.epoch;
    if (!token) throw new SignInError('Unauthorized', 401);
    const request = jsonBody(body);
    const headers = { ...request.headers, Authorization: `Bearer ${token}` };
    const access = parseAccessTokenResponse(
      await postForJson(this.fetchFn, `${this.authUrl}/reauthenticate/`, { ...request, headers }, this.now()),
    );
    if (epoch !== this.epoch || !this.credentials) throw new Error('session ended during re-authentication');
    this.activate({ ...access, refreshToken: this.credentials.refreshToken, deviceToken: null });
  }

  private async signIn(request: () => Promise<Credentials>, username: string | null): Promise<void> {
    const epoch = ++this.epoch;
    const credentials = await request();
    if (epoch !== this.epoch) throw new Error('sign-in superseded');
    this.storage.setItem(STORAGE_KEYS.refreshToken, credentials.refreshToken);
    this.storage.removeItem(STORAGE_KEYS.loggedOut);
    this.tabStorage.removeItem(CLOSED_NOTICES_KEY);
    if (username !== null) keepDeviceToken(this.storage, username, credentials.deviceToken);
    this.activate(credentials);
  }

  /**
   * Exchanges the stored refresh token for a fresh pair. Concurrent callers share one request.
   * On failure the in-memory credentials are dropped; a refresh token the service refused is removed.
   */
  refresh(): Promise<void> {
    if (!this.inFlight) {
      this.inFlight = this.performRefresh().finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  /**
   * The automatic sign-in of the root page: uses the stored refresh token unless the logged-out flag is set.
   * When it cannot sign in it removes the stored token and resolves false.
   */
  autoSignIn(): Promise<boolean> {
    if (this.hasValidAccessToken() && !this.inFlight) return Promise.resolve(true);
    if (!this.inFlight && (this.isLoggedOut() || !this.hasStoredRefreshToken())) {
      this.storage.removeItem(STORAGE_KEYS.refreshToken);
      return Promise.resolve(false);
    }
    return this.refresh().then(
      () => true,
      () => {
        this.storage.removeItem(STORAGE_KEYS.refreshToken);
        return false;
      },
    );
  }

  /**
   * The bearer token for a request: waits for a refresh in flight, refreshes first when the access token
   * has already expired, and resolves null when there is no usable session.
   */
  async getAccessToken(): Promise<string | null> {
    if (this.inFlight) {
      try {
        await this.inFlight;
      } catch {
        return null;
      }
    }
    if (!this.credentials) return null;
    if (this.now() >= this.credentials.expiresAt) {
      try {
        await this.refresh();
      } catch {
        return null;
      }
    }
    return this.credentials?.accessToken ?? null;
  }

  /** Explicit logout: clears all credentials and sets the logged-out flag. */
  logout(): void {
    this.epoch++;
    this.forget();
    this.storage.removeItem(STORAGE_KEYS.refreshToken);
    this.storage.setItem(STORAGE_KEYS.loggedOut, 'true');
    this.tabStorage.removeItem(CLOSED_NOTICES_KEY);
  }

  /** Drops the in-memory access token but keeps the stored refresh token (a failed session check). */
  dropAccess(): void {
    this.forget();
  }

  /** Stops the refresh timer (unmount, tests). */
  dispose(): void {
    this.epoch++;
    this.forget();
  }

  private forget(): void {
    this.credentials = null;
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
  }

  private async performRefresh(): Promise<void> {
    const epoch = this.epoch;
    const refreshToken = this.storage.getItem(STORAGE_KEYS.refreshToken);
    if (!refreshToken) {
      this.forget();
      throw new TokenResponseError('no refresh token');
    }
    let credentials: Credentials;
    try {
      credentials = await this.requestToken('/token/', { headers: { Authorization: `Bearer ${refreshToken}` } });
    } catch (error) {
      if (epoch === this.epoch) {
        this.forget();
        // The service refused the token (or answered nonsense after consuming it): it is of no further use.
        // Another tab may have rotated it meanwhile, so only remove it while it is still ours.
        const refused = error instanceof TokenResponseError || (error instanceof SignInError && error.status > 0);
        if (refused && this.storage.getItem(STORAGE_KEYS.refreshToken) === refreshToken) {
          this.storage.removeItem(STORAGE_KEYS.refreshToken);
        }
      }
      throw error;
    }
    if (epoch !== this.epoch) throw new Error('session ended during refresh');
    this.storage.setItem(STORAGE_KEYS.refreshToken, credentials.refreshToken);
    this.activate(credentials);
  }

  private async requestToken(
    path: string,
    init: RequestInit & { headers: Record<string, string> },
  ): Promise<Credentials> {
    const headers = { Accept: 'application/json', ...init.headers };
    return parseTokenResponse(
      await postForJson(this.fetchFn, `${this.authUrl}${path}`, { ...init, headers }, this.now()),
    );
  }

  private activate(credentials: Credentials): void {
    const receivedAt = this.now();
    // Measure the lifetime with the service's own clock (expires - issued) so that a skewed local clock
    // neither refreshes in a loop nor too late; without `issued` fall back to the absolute expiry.
    const expiresAt =
      credentials.issued !== null && credentials.expires >= credentials.issued
        ? receivedAt + (credentials.expires - credentials.issued) * 1000
        : credentials.expires * 1000;
    this.forget();
    this.credentials = { ...credentials, expiresAt };
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - this.refreshLeadMs - receivedAt));
    this.timer = this.setTimer(() => {
      this.timer = null;
      const epoch = this.epoch;
      // A refresh that fails because the user logged out meanwhile is no reason to reload.
      this.refresh().catch(() => {
        if (epoch === this.epoch) this.reload();
      });
    }, delay);
  }
}

export const createSession = (options: SessionOptions): Session => new Session(options);
