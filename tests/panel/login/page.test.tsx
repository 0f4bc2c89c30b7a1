import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { createSession, STORAGE_KEYS } from '../../../src/session/session';
import { startPanel } from '../../../src/startPanel';
import { withFakeBackend } from '../support/backend';
import { AUTH_URL, problem, testConfig } from '../support/fakeAuthService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

const usernameField = () => screen.getByLabelText('Username');
const passwordField = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('/login', () => {
  it('logs out on opening (stored token removed, logged-out flag set) and focuses the username field', async () => {
    storeRefreshToken(backend.service);
    renderApp('/login');

    await waitFor(() => expect(usernameField()).toHaveFocus());
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('sends nothing unless both fields are filled', async () => {
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await user.type(usernameField(), 'alice');
    await user.click(loginButton());
    await user.clear(usernameField());
    await user.type(passwordField(), 'alice-secret{Enter}');

    expect(backend.service.basicHits()).toHaveLength(0);
    expect(currentUrl()).toBe('/login');
  });

  it('on success clears the flag and goes to redirect_to keeping the other query parameters', async () => {
    const { user } = renderApp('/login?redirect_to=%2Fusers%2F&foo=bar');

    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(passwordField(), 'alice-secret');
    await user.click(loginButton());

    await waitFor(() => expect(currentUrl()).toBe('/users/?foo=bar'));
    expect(await screen.findByText('Bob Recruiter')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toMatch(/^refresh-/);
  });

  it('goes to the dashboard by default and greets the user by public name', async () => {
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(passwordField(), 'alice-secret{Enter}');

    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
    expect(await screen.findByText('Hello Alice Admin!')).toBeInTheDocument();
    expect(await screen.findByTestId('public-name')).toHaveTextContent('Alice Admin');
  });

  it('on 401 shows the translated error in a red alert and clears both fields', async () => {
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(passwordField(), 'wrong-password');
    await user.click(loginButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Request failed with status code 401');
    expect(alert).toHaveClass('login-alert');
    expect(usernameField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(currentUrl()).toBe('/login');
    expect(backend.service.basicHits()).toHaveLength(1);
  });

  it('shows the German sign-in error when German is chosen', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Benutzername'), 'alice');
    await user.type(screen.getByLabelText('Passwort'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Anmeldung fehlgeschlagen, Fehlercode 401');
  });

  it('on 429 tells how many minutes to wait (Retry-After)', async () => {
    backend.server.use(
      http.post(`${AUTH_URL}/token/`, () =>
        problem(429, 'Too Many Requests', 'Too many failed sign-ins.', undefined, { 'Retry-After': '150' }),
      ),
    );
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(passwordField(), 'alice-secret{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-ins. Please try again in 3 minutes.',
    );
  });

  it("shows another refusal the service explains by its type, in German, never the service's English", async () => {
    backend.server.use(
      http.post(`${AUTH_URL}/token/`, () =>
        problem(
          429,
          'Too Many Requests',
          'Too many failed sign-in attempts.',
          undefined,
          {},
          '/problems/too-many-sign-in-failures',
        ),
      ),
    );
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Benutzername'), 'alice');
    await user.type(screen.getByLabelText('Passwort'), 'alice-secret{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Zu viele Anfragen: Zu viele fehlgeschlagene Anmeldungen. Bitte versuchen Sie es später erneut.',
    );
    expect(alert).not.toHaveTextContent(/Too many/);
  });
});

describe('a page loaded at /login (startPanel)', () => {
  /**
   * Starts the panel as src/main.tsx does (its own React root, outside Testing Library's render), with a loader that
   * records where the panel's App was asked for.
   */
  async function startAt(
    path: string,
    load: () => Promise<typeof import('../../../src/App')> = () => import('../../../src/App'),
  ) {
    window.history.replaceState(null, '', path);
    const container = document.body.appendChild(document.createElement('div'));
    const session = createSession({ authUrl: testConfig.authUrl });
    const loads: string[] = [];
    const recordingLoad = () => {
      loads.push(currentUrl());
      return load();
    };
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    const root = await startPanel(container, Promise.resolve([testConfig, createI18nProvider()]), {
      load: recordingLoad,
      session,
    });
    onTestFinished(() => {
      root.unmount();
      container.remove();
      session.dispose();
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    });
    return { loads, user: userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never }) };
  }

  it('shows the form without the panel, loads the panel once someone types, and opens redirect_to after the sign-in', async () => {
    storeRefreshToken(backend.service);
    const { loads, user } = await startAt('/login?redirect_to=%2Fusers%2F&foo=bar');

    await waitFor(() => expect(usernameField()).toHaveFocus());
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(loads).toEqual([]);

    await user.type(usernameField(), 'alice');
    expect(loads[0]).toBe('/login?redirect_to=%2Fusers%2F&foo=bar');
    await user.type(passwordField(), 'alice-secret');
    await user.click(loginButton());

    await waitFor(() => expect(currentUrl()).toBe('/users/?foo=bar'));
    expect(await screen.findByText('Bob Recruiter')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();
  });

  it('keeps the language chosen on the form for the panel', async () => {
    const { user } = await startAt('/login');

    await user.click(await screen.findByRole('button', { name: /English/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('"de"');

    await user.type(screen.getByLabelText('Benutzername'), 'alice');
    await user.type(screen.getByLabelText('Passwort'), 'alice-secret{Enter}');
    expect(await screen.findByText('Hallo Alice Admin!')).toBeInTheDocument();
  });

  it('says why when the panel cannot be loaded after the sign-in', async () => {
    const { user } = await startAt('/login', () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );

    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(passwordField(), 'alice-secret{Enter}');

    expect(
      await screen.findByText('The panel cannot start: Failed to fetch dynamically imported module'),
    ).toBeInTheDocument();
  });
});
