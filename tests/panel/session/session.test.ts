import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Info } from '../../../contracts/auth';
import { createHttpClient } from '../../../src/dataProviders/httpClient';
import { createSession, REFRESH_LEAD_MS, type Session, STORAGE_KEYS } from '../../../src/session/session';
import { TokenResponseError } from '../../../src/session/tokenResponse';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, AUTH_URL } from '../support/fakeAuthService';

const backend = withFakeBackend();
const sessions: Session[] = [];

afterEach(() => {
  while (sessions.length) sessions.pop()!.dispose();
  vi.useRealTimers();
});

const track = (session: Session) => {
  sessions.push(session);
  return session;
};

/** A session on a hand-driven clock whose timer never fires (to let the access token expire silently). */
function sessionWithManualClock(start = Date.now()) {
  let now = start;
  const session = track(
    createSession({
      authUrl: AUTH_URL,
      now: () => now,
      setTimer: () => 0,
      clearTimer: () => undefined,
    }),
  );
  return { session, advance: (ms: number) => (now += ms) };
}

describe('session: sign-in and storage', () => {
  it('signs in with Basic credentials, keeps the access token in memory and stores only the refresh token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    const session = track(createSession({ authUrl: AUTH_URL }));

    await session.login('alice', 'alice-secret');

    const [request] = backend.service.basicHits();
    expect(request.authorization).toBe(`Basic ${btoa('alice:alice-secret')}`);
    expect(session.hasValidAccessToken()).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toMatch(/^refresh-/);
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();
    const stored = Object.keys(window.localStorage).map((key) => window.localStorage.getItem(key));
    expect(stored.some((value) => value?.startsWith('access-'))).toBe(false);
    expect(await session.getAccessToken()).toMatch(/^access-/);
  });

  it.each([
    [{ issued: 1, expires: 2, refresh_token: 'r' }, 'no access token'],
    [{ access_token: 'a', issued: 1, refresh_token: 'r' }, 'no expiry'],
    [{ access_token: 'a', issued: 1, expires: 2 }, 'no refresh token'],
  ])('names a malformed token response %j "%s" and keeps no credentials', async (body, name) => {
    backend.server.use(http.post(`${AUTH_URL}/token/`, () => HttpResponse.json(body)));
    const session = track(createSession({ authUrl: AUTH_URL }));

    const error = await session.login('alice', 'alice-secret').catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(TokenResponseError);
    expect((error as Error).message).toBe(name);
    expect(session.hasValidAccessToken()).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('logout clears the credentials and sets the logged-out flag', async () => {
    const session = track(createSession({ authUrl: AUTH_URL }));
    await session.login('alice', 'alice-secret');

    session.logout();

    expect(session.hasValidAccessToken()).toBe(false);
    expect(await session.getAccessToken()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('true');
  });

  it('a refresh that was in flight during logout does not sign the user in again', async () => {
    const session = track(createSession({ authUrl: AUTH_URL }));
    await session.login('alice', 'alice-secret');
    backend.service.state.tokenDelayMs = 30;

    const refreshing = session.refresh().catch(() => 'failed');
    session.logout();

    expect(await refreshing).toBe('failed');
    expect(session.hasValidAccessToken()).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('session: automatic sign-in', () => {
  it('uses the stored refresh token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, backend.service.grantRefreshToken());
    const session = track(createSession({ authUrl: AUTH_URL }));

    expect(await session.autoSignIn()).toBe(true);
    expect(backend.service.refreshHits()).toHaveLength(1);
    expect(session.hasValidAccessToken()).toBe(true);
  });

  it('does not try when the logged-out flag is set, and removes the token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, backend.service.grantRefreshToken());
    window.localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    const session = track(createSession({ authUrl: AUTH_URL }));

    expect(await session.autoSignIn()).toBe(false);
    expect(backend.service.refreshHits()).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('removes a refused token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-unknown');
    const session = track(createSession({ authUrl: AUTH_URL }));

    expect(await session.autoSignIn()).toBe(false);
    expect(backend.service.refreshHits()).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('session: refresh timing', () => {
  it(`refreshes ${REFRESH_LEAD_MS} ms before the access token expires (fake timers)`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = vi.fn();
    const session = track(createSession({ authUrl: AUTH_URL, reload }));
    await session.login('alice', 'alice-secret');
    const firstRefreshToken = window.localStorage.getItem(STORAGE_KEYS.refreshToken);
    const lifetimeMs = backend.service.state.ttl * 1000;

    await vi.advanceTimersByTimeAsync(lifetimeMs - REFRESH_LEAD_MS - 1);
    expect(backend.service.refreshHits()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(backend.service.refreshHits()).toHaveLength(1));
    expect(backend.service.refreshHits()[0].authorization).toBe(`Bearer ${firstRefreshToken}`);
    await vi.waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).not.toBe(firstRefreshToken));

    // the next timer is armed for the new token
    await vi.advanceTimersByTimeAsync(lifetimeMs - REFRESH_LEAD_MS);
    await vi.waitFor(() => expect(backend.service.refreshHits()).toHaveLength(2));
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when the timed refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = vi.fn();
    const session = track(createSession({ authUrl: AUTH_URL, reload }));
    await session.login('alice', 'alice-secret');
    backend.service.state.refreshTokens.clear(); // the service no longer knows the token

    await vi.advanceTimersByTimeAsync(backend.service.state.ttl * 1000 - REFRESH_LEAD_MS);

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(backend.service.refreshHits()).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('does not reload when the user logged out before the timer fired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reload = vi.fn();
    const session = track(createSession({ authUrl: AUTH_URL, reload }));
    await session.login('alice', 'alice-secret');
    session.logout();

    await vi.advanceTimersByTimeAsync(backend.service.state.ttl * 1000);

    expect(backend.service.refreshHits()).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('fetch wrapper', () => {
  it('sends the bearer access token', async () => {
    const session = track(createSession({ authUrl: AUTH_URL }));
    await session.login('alice', 'alice-secret');
    const httpClient = createHttpClient(session);

    const { json } = await httpClient(`${AUTH_URL}/info/`);

    expect((json as Static<typeof Info>).uid).toBe(ADMIN_UID);
    expect(backend.service.hits('GET', '/api/auth/info/')[0].authorization).toBe(
      `Bearer ${await session.getAccessToken()}`,
    );
  });

  it('parallel requests made during a refresh wait for it and share ONE refresh', async () => {
    const session = track(createSession({ authUrl: AUTH_URL }));
    await session.login('alice', 'alice-secret');
    const oldToken = await session.getAccessToken();
    const httpClient = createHttpClient(session);
    backend.service.state.tokenDelayMs = 50;

    const refresh = session.refresh();
    const results = await Promise.all([
      httpClient(`${AUTH_URL}/info/`),
      httpClient(`${AUTH_URL}/administration/users/`),
      httpClient(`${AUTH_URL}/info/`),
      session.refresh(),
      refresh,
    ]);

    expect(results).toHaveLength(5);
    expect(backend.service.refreshHits()).toHaveLength(1);
    const newToken = await session.getAccessToken();
    expect(newToken).not.toBe(oldToken);
    const dataRequests = backend.service.state.requests.filter((entry) => entry.path !== '/api/auth/token/');
    expect(dataRequests).toHaveLength(3);
    for (const entry of dataRequests) expect(entry.authorization).toBe(`Bearer ${newToken}`);
  });

  it('refreshes first (once) when the access token has already expired', async () => {
    const { session, advance } = sessionWithManualClock();
    await session.login('alice', 'alice-secret');
    const oldToken = await session.getAccessToken();
    advance(backend.service.state.ttl * 1000 + 1);
    expect(session.hasValidAccessToken()).toBe(false);
    const httpClient = createHttpClient(session);

    await Promise.all([
      httpClient(`${AUTH_URL}/info/`),
      httpClient(`${AUTH_URL}/info/`),
      httpClient(`${AUTH_URL}/administration/users/`),
    ]);

    expect(backend.service.refreshHits()).toHaveLength(1);
    const newToken = await session.getAccessToken();
    expect(newToken).not.toBe(oldToken);
    for (const entry of backend.service.state.requests.filter((item) => item.path !== '/api/auth/token/')) {
      expect(entry.authorization).toBe(`Bearer ${newToken}`);
    }
  });

  it('fails with a 401 HttpError without calling the service when there is no session', async () => {
    const httpClient = createHttpClient(track(createSession({ authUrl: AUTH_URL })));

    await expect(httpClient(`${AUTH_URL}/info/`)).rejects.toMatchObject({ status: 401 });
    expect(backend.service.state.requests).toHaveLength(0);
  });

  it('turns a problem body into an HttpError describing it', async () => {
    const session = track(createSession({ authUrl: AUTH_URL }));
    await session.login('alice', 'alice-secret');
    const httpClient = createHttpClient(session);

    const error = await httpClient(`${AUTH_URL}/administration/ban-users/`, {
      method: 'POST',
      body: JSON.stringify({ uids: [ADMIN_UID] }),
    }).catch((reason: unknown) => reason);

    expect(error).toMatchObject({ status: 400, message: 'Bad Request: You cannot ban yourself. (in field uids)' });
  });
});
