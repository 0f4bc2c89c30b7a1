import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/dataProviders/httpClient';
import { createAuthProvider } from '../../../src/login/authProvider';
import { redirectTarget, signInRedirect } from '../../../src/login/redirect';
import { createSession, STORAGE_KEYS } from '../../../src/session/session';
import { withFakeBackend } from '../support/backend';
import { AUTH_URL, RECRUITER_UID } from '../support/fakeAuthService';
import { currentUrl, recordNavigation, reloadApp, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

describe('redirect helpers', () => {
  it('builds /?redirect_to=<path>&<original query>', () => {
    expect(signInRedirect('/users/', '?q=1&b=2')).toBe('/?redirect_to=%2Fusers%2F&q=1&b=2');
    expect(signInRedirect('/dashboard', '')).toBe('/?redirect_to=%2Fdashboard');
    expect(signInRedirect('/login', '?redirect_to=%2Fusers%2F')).toBe('/?redirect_to=%2Fusers%2F');
  });

  it('resolves redirect_to (default /dashboard) keeping the other parameters, and only same-site paths', () => {
    expect(redirectTarget('?redirect_to=%2Fusers%2F&q=1')).toBe('/users/?q=1');
    expect(redirectTarget('?q=1')).toBe('/dashboard?q=1');
    expect(redirectTarget('')).toBe('/dashboard');
    expect(redirectTarget('?redirect_to=https%3A%2F%2Fevil.example%2F')).toBe('/dashboard');
    expect(redirectTarget('?redirect_to=%2F%2Fevil.example')).toBe('/dashboard');
    expect(redirectTarget('?redirect_to=%2Flogin')).toBe('/dashboard');
  });
});

describe('authProvider', () => {
  const location = { pathname: '/users/', search: '?x=1' };

  it('checkAuth rejects without a session, with the root redirect and no notification', async () => {
    const session = createSession({ authUrl: AUTH_URL });
    const authProvider = createAuthProvider({
      session,
      httpClient: createHttpClient(session),
      getLocation: () => location,
    });

    await expect(authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: '/?redirect_to=%2Fusers%2F&x=1',
      message: false,
    });
  });

  it('a failed session check keeps the refresh token; a user-initiated logout clears it and sets the flag', async () => {
    const session = createSession({ authUrl: AUTH_URL });
    const authProvider = createAuthProvider({
      session,
      httpClient: createHttpClient(session),
      getLocation: () => location,
    });
    await session.login('alice', 'alice-secret');

    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(session.hasValidAccessToken()).toBe(true);
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: '/?redirect_to=%2Fusers%2F&x=1',
    });

    expect(await authProvider.logout({})).toBe('/?redirect_to=%2Fusers%2F&x=1');
    expect(session.hasValidAccessToken()).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toMatch(/^refresh-/);
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();

    expect(await authProvider.logout({ userInitiated: true })).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('true');
    session.dispose();
  });
});

describe('root page', () => {
  it('signs in with the stored refresh token and opens the dashboard', async () => {
    storeRefreshToken(backend.service);
    renderApp('/');

    expect(await screen.findByText('Hello Alice Admin!')).toBeInTheDocument();
    expect(currentUrl()).toBe('/dashboard');
    expect(backend.service.refreshHits()).toHaveLength(1);
  });

  it('goes to redirect_to keeping the other query parameters', async () => {
    storeRefreshToken(backend.service);
    renderApp(`/?redirect_to=${encodeURIComponent(`/users/${RECRUITER_UID}/`)}&tab=1`);

    await waitFor(() => expect(currentUrl()).toBe(`/users/${RECRUITER_UID}/?tab=1`));
    expect(await screen.findByDisplayValue('Bob Recruiter')).toBeInTheDocument();
  });

  it('goes to /login with the same query when the logged-out flag is set, removing the token', async () => {
    storeRefreshToken(backend.service);
    window.localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    renderApp('/?redirect_to=%2Fusers%2F&x=1');

    await waitFor(() => expect(currentUrl()).toBe('/login?redirect_to=%2Fusers%2F&x=1'));
    expect(backend.service.refreshHits()).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('goes to /login when the refresh token is refused, removing it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-revoked');
    renderApp('/');

    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(backend.service.refreshHits()).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('protected routes', () => {
  it('send a signed-out visitor to /?redirect_to=<path>&<query>, and on to /login when there is no session', async () => {
    const urls = recordNavigation();
    renderApp('/users/?x=1');

    await waitFor(() => expect(currentUrl()).toBe('/login?redirect_to=%2Fusers%2F&x=1'));
    expect(urls).toContain('/?redirect_to=%2Fusers%2F&x=1');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
  });

  it('come back after the automatic sign-in on the root page (page reload with a stored token)', async () => {
    storeRefreshToken(backend.service);
    const urls = recordNavigation();
    renderApp('/users/?x=1');

    await waitFor(() => expect(currentUrl()).toBe('/users/?x=1'));
    expect(await screen.findByText('Bob Recruiter')).toBeInTheDocument();
    expect(urls).toContain('/?redirect_to=%2Fusers%2F&x=1');
    expect(backend.service.refreshHits()).toHaveLength(1);
  });

  it('unknown paths go to / (and from there to the dashboard when signed in)', async () => {
    storeRefreshToken(backend.service);
    const urls = recordNavigation();
    renderApp('/');
    await screen.findByText('Hello Alice Admin!');

    window.history.pushState(null, '', '/no/such/page');
    window.dispatchEvent(new PopStateEvent('popstate'));

    await waitFor(() => expect(urls.slice(-2)).toEqual(['/', '/dashboard']));
    expect(currentUrl()).toBe('/dashboard');
  });
});

describe('history', () => {
  it('a reload of a protected page signs in again without a new history entry: Back goes to the previous page', async () => {
    storeRefreshToken(backend.service);
    const { historyLength } = reloadApp('/users/?x=1', '/dashboard');

    await waitFor(() => expect(currentUrl()).toBe('/users/?x=1'));
    expect(await screen.findByText('Bob Recruiter')).toBeInTheDocument();
    expect(window.history.length).toBe(historyLength);
    expect((window.history.state as { idx: number }).idx).toBe(1);

    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
    expect(await screen.findByText('Hello Alice Admin!')).toBeInTheDocument();
  });

  it('a signed-out visitor of a protected page reaches /login without new history entries', async () => {
    const { historyLength } = reloadApp('/users/', '/dashboard');

    await waitFor(() => expect(currentUrl()).toBe('/login?redirect_to=%2Fusers%2F'));
    expect(window.history.length).toBe(historyLength);
  });

  it('an unknown path is replaced, not stacked', async () => {
    storeRefreshToken(backend.service);
    const { historyLength } = reloadApp('/no/such/page', '/dashboard');

    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
    expect(window.history.length).toBe(historyLength);
  });
});

describe('session loss', () => {
  it('a 401 from the service sends the user through the root page, which signs in again with the kept refresh token', async () => {
    storeRefreshToken(backend.service);
    const urls = recordNavigation();
    const { user } = renderApp('/?redirect_to=%2Fusers%2F');
    await screen.findByText('Bob Recruiter');
    const refreshes = backend.service.refreshHits().length;

    const historyLength = window.history.length;

    backend.service.state.accessTokens.clear(); // the service no longer accepts the access token
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(backend.service.refreshHits()).toHaveLength(refreshes + 1));
    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(urls).toContain('/?redirect_to=%2Fusers%2F');
    expect(await screen.findByText('Bob Recruiter')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();
    expect(window.history.length).toBe(historyLength); // the way through the root page replaced, it added no entry
  });
});

describe('account menu', () => {
  it('Logout clears the session, sets the logged-out flag and opens /login', async () => {
    storeRefreshToken(backend.service);
    const { user } = renderApp('/');
    await screen.findByText('Hello Alice Admin!');

    await user.click(screen.getByRole('button', { name: 'Alice Admin (Account)' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'New Password' })).toHaveAttribute('href', '/new-password');
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it("shows 'no public name' for a user without one", async () => {
    backend.service.state.users.get(RECRUITER_UID)!.public_name = '';
    storeRefreshToken(backend.service, RECRUITER_UID);
    renderApp('/');

    expect(await screen.findByText('Hello no public name!')).toBeInTheDocument();
    expect(screen.getByTestId('public-name')).toHaveTextContent('no public name');
  });
});

describe('layout', () => {
  it('has the drawer (Dashboard, Users) and loads the user list when it opens', async () => {
    storeRefreshToken(backend.service);
    renderApp('/');
    await screen.findByText('Hello Alice Admin!');

    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('menuitem', { name: 'Users' })).toHaveAttribute('href', '/users/');
    await waitFor(() => expect(backend.service.hits('GET', '/api/auth/administration/users/')).toHaveLength(1));
  });
});
