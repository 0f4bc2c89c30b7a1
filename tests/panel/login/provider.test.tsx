import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PROVIDER_REFUSALS } from '../../../contracts/oidc';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { providerSignInDe } from '../../../src/i18n/messages/de/providerSignIn';
import { providerSignInEn } from '../../../src/i18n/messages/en/providerSignIn';
import { createSession, STORAGE_KEYS } from '../../../src/session/session';
import { startPanel } from '../../../src/startPanel';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, AUTH_URL, testConfig } from '../support/fakeAuthService';
import { providerLink } from '../support/fakeAuthUsers';
import { providerInfo } from '../support/fakeProviderSignIn';
import { VALID_TOTP_CODE } from '../support/fakeSecondFactors';
import { currentUrl, renderApp } from '../support/renderApp';

/**
 * The login page's sign-in at the OpenID Connect provider: the button as GET /oidc/ describes the provider, the way back with
 * `?oidc=continue` (the one POST /oidc/session/, then as after a password: the panel, or the second step) and with
 * `?oidc_error=<refusal>` (said in words), each leaving the address at once.
 */

const backend = withFakeBackend();
const state = () => backend.service.state;
const alice = () => state().users.get(ADMIN_UID)!;
const providerLinkFor = () => screen.findByRole('link', { name: 'Sign in with Agency Login' });
const takeOvers = () => backend.service.hits('POST', '/api/auth/oidc/session/');

const signedInAsAlice = async () => {
  await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
  expect(await screen.findByText('Hello Alice Admin!')).toBeInTheDocument();
};

describe('the button', () => {
  it('is not there without a provider', async () => {
    renderApp('/login');
    await screen.findByLabelText('Username');
    await waitFor(() => expect(backend.service.hits('GET', '/api/auth/oidc/').length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('opens the provider’s sign-in on the auth service and keeps the login page’s query for the way back', async () => {
    state().provider = providerInfo();
    const { user } = renderApp('/login?redirect_to=%2Fusers%2F');
    const link = await providerLinkFor();
    expect(link).toHaveAttribute('href', `${AUTH_URL}/oidc/start/`);
    // a navigation jsdom cannot make: the link's own click is what counts
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(window.sessionStorage.getItem('caredesk.provider_return')).toBe('?redirect_to=%2Fusers%2F');
  });

  it('speaks German', async () => {
    state().provider = providerInfo();
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Mit Agency Login anmelden' })).toBeInTheDocument();
    expect(screen.getByText('oder')).toBeInTheDocument();
  });

  it('is disabled with the reason while the provider cannot be reached; the password signs in all the same', async () => {
    state().provider = providerInfo({ reachable: false });
    const { user } = renderApp('/login');
    const button = await screen.findByRole('button', { name: 'Sign in with Agency Login' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Agency Login cannot be reached right now. Sign in with your password, or try again later.',
    );
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'alice-secret{Enter}');
    await signedInAsAlice();
  });

  it("a linked user's password is refused with a hint to the button", async () => {
    state().provider = providerInfo();
    alice().providerLink = providerLink();
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'alice-secret{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account signs in with Agency Login: use "Sign in with Agency Login".',
    );
  });
});

describe('coming back with ?oidc=continue', () => {
  it('takes the sign-in over with the cookie, without logging out first, and opens the dashboard', async () => {
    state().provider = providerInfo();
    state().providerHandoff = ADMIN_UID;
    window.localStorage.setItem(STORAGE_KEYS.loggedOut, 'true');
    renderApp('/login?oidc=continue');

    await signedInAsAlice();
    expect(takeOvers()).toHaveLength(1);
    expect(takeOvers()[0].credentials).toBe('include');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toMatch(/^refresh-/);
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBeNull();
  });

  it('goes where the login page was to go before the provider', async () => {
    state().providerHandoff = ADMIN_UID;
    window.sessionStorage.setItem('caredesk.provider_return', '?redirect_to=%2Fusers%2F&foo=bar');
    renderApp('/login?oidc=continue');

    await waitFor(() => expect(currentUrl()).toBe('/users/?foo=bar'));
    expect(await screen.findByText('Bob Recruiter')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('caredesk.provider_return')).toBeNull();
  });

  it('continues with the second step when the user has a factor and the provider proved none', async () => {
    Object.assign(alice(), {
      factors: [{ uid: 'factor-1', kind: 'totp', name: 'Phone', created: 1_772_000_000, last_used: null }],
    });
    state().providerHandoff = ADMIN_UID;
    const { user } = renderApp('/login?oidc=continue');

    await screen.findByRole('heading', { name: 'Two-step verification' });
    expect(currentUrl()).toBe('/login');
    await user.type(screen.getByLabelText('One-time code'), `${VALID_TOTP_CODE}{Enter}`);
    await signedInAsAlice();
    // no username: no device token is read or kept for one
    expect(backend.service.hits('POST', '/api/auth/token/second-factor/')[0].deviceToken).toBeNull();
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('caredesk.device_token.'))).toEqual([]);
  });

  it('says so when the hand-over has ended, and leaves the form to the password', async () => {
    renderApp('/login?oidc=continue');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long or was ended. Please sign in again.',
    );
    expect(currentUrl()).toBe('/login');
    expect(screen.getByLabelText('Username')).toBeEnabled();
    expect(takeOvers()).toHaveLength(1);
  });
});

describe('coming back with ?oidc_error', () => {
  it('says the refusal in words and takes it out of the address', async () => {
    renderApp('/login?oidc_error=no-account&redirect_to=%2Fusers%2F');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Caredesk user belongs to your account at the sign-in provider. Ask an administrator to add you.',
    );
    expect(currentUrl()).toBe('/login?redirect_to=%2Fusers%2F');
    expect(takeOvers()).toHaveLength(0);
  });

  it('says it in German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    renderApp('/login?oidc_error=banned');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ihr Caredesk-Benutzer ist gesperrt.');
  });

  it('says a word it does not know as a failure', async () => {
    renderApp('/login?oidc_error=something-new');
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in through the provider failed');
    expect(currentUrl()).toBe('/login');
  });

  it('has words for every refusal in both languages', () => {
    for (const messages of [providerSignInEn, providerSignInDe]) {
      const { refusals } = messages.provider_sign_in;
      expect(Object.keys(refusals).sort()).toEqual([...PROVIDER_REFUSALS].sort());
      expect(Object.values(refusals).every((text) => text.length > 20)).toBe(true);
    }
    for (const refusal of PROVIDER_REFUSALS)
      expect(providerSignInDe.provider_sign_in.refusals[refusal]).not.toBe(
        providerSignInEn.provider_sign_in.refusals[refusal],
      );
  });
});

describe('a page loaded at /login?oidc=continue (startPanel)', () => {
  it('signs in before the panel has loaded and opens it at the dashboard', async () => {
    state().providerHandoff = ADMIN_UID;
    window.history.replaceState(null, '', '/login?oidc=continue');
    const container = document.body.appendChild(document.createElement('div'));
    const session = createSession({ authUrl: testConfig.authUrl });
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    const root = await startPanel(container, Promise.resolve([testConfig, createI18nProvider()]), { session });
    onTestFinished(() => {
      root.unmount();
      container.remove();
      session.dispose();
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    });

    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
    expect(await within(container).findByText('Hello Alice Admin!')).toBeInTheDocument();
    // StrictMode runs the form's effects twice: one hand-over, taken once
    expect(takeOvers()).toHaveLength(1);
  });
});
