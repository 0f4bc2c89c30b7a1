import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../src/account/SecurityPage';
import { withFakeBackend } from '../support/backend';
import { captureDownloads, textOf } from '../support/downloads';
import { ADMIN_UID } from '../support/fakeAuthService';
import { providerLink } from '../support/fakeAuthUsers';
import { providerInfo } from '../support/fakeProviderSignIn';
import { TOTP_SECRET, VALID_TOTP_CODE } from '../support/fakeSecondFactors';
import { attestation, notAllowed, fakeWebAuthnLibrary, resetWebAuthn } from '../support/fakeWebAuthn';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** The fake WebAuthn library every panel test gets (tests/panel/setup.ts). */
const webauthn = fakeWebAuthnLibrary();

const backend = withFakeBackend();
const alice = () => backend.service.state.users.get(ADMIN_UID)!;
const PHONE = { uid: 'factor-phone', kind: 'totp' as const, name: 'Phone', created: 1_772_000_000, last_used: null };

beforeEach(() => resetWebAuthn(webauthn));

async function openSecurity() {
  storeRefreshToken(backend.service);
  const rendered = renderApp('/?redirect_to=%2Fsecurity');
  await waitFor(() => expect(currentUrl()).toBe('/security'));
  await screen.findByRole('heading', { name: 'Second factors' });
  return rendered;
}

/** Adding an authenticator app while the service wants a recent sign-in: the re-authentication dialog it opens. */
async function reauthenticationOfAddingAnApp() {
  backend.service.state.reauthenticationRequired = true;
  const rendered = await openSecurity();
  await rendered.user.click(await screen.findByRole('button', { name: 'Add authenticator app' }));
  await rendered.user.click(
    within(await screen.findByRole('dialog', { name: 'Add authenticator app' })).getByRole('button', {
      name: 'Continue',
    }),
  );
  return { ...rendered, reauthentication: await screen.findByRole('dialog', { name: 'Confirm your identity' }) };
}

/** The page behind a dialog is hidden from the accessibility tree until the dialog has gone. */
const factorTable = async () => {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return screen.getByRole('table', { name: 'Second factors' });
};

describe('/security', () => {
  it('opens from the account menu and says when there is no factor yet', async () => {
    storeRefreshToken(backend.service);
    const { user } = renderApp('/?redirect_to=%2Fdashboard');
    await user.click(await screen.findByRole('button', { name: 'Alice Admin (Account)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Security' }));

    await waitFor(() => expect(currentUrl()).toBe('/security'));
    expect(await screen.findByText('You have no second factor yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('adds an authenticator app: QR code, the key in fours, the code, then the first recovery codes shown once', async () => {
    const downloads = captureDownloads();
    const { user } = await openSecurity();
    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add authenticator app' });
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'Phone{Enter}');

    expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(dialog).getByTestId('totp-key')).toHaveTextContent(TOTP_SECRET.match(/.{4}/g)!.join(' '));
    const code = within(dialog).getByLabelText(/^Code from the app/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12{Enter}');
    expect(within(dialog).getByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '000000{Enter}');
    expect(
      await within(dialog).findByText(/The code is not correct\. Enter the code your authenticator app shows now\./),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, `${VALID_TOTP_CODE}{Enter}`);

    const codes = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    // no other session to sign out
    expect(within(codes).queryByText(/signed out/)).not.toBeInTheDocument();
    const shown = within(codes)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual(alice().recoveryCodes);
    await user.click(within(codes).getByRole('button', { name: 'Download' }));
    expect(downloads[0].name).toBe('caredesk-recovery-codes.txt');
    expect(await textOf(downloads[0].blob)).toContain(shown.join('\n'));
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));

    const row = (await within(await factorTable()).findByText('Phone')).closest('tr')!;
    expect(within(row).getByText('Authenticator app')).toBeInTheDocument();
    expect(within(row).getByText('never')).toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/second-factors/totp/')[0].body).toEqual({ name: 'Phone' });
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
  });

  it('adds a passkey through the browser, and says so when its steps were cancelled', async () => {
    alice().factors = [PHONE];
    const { user } = await openSecurity();
    webauthn.startRegistration.mockRejectedValueOnce(notAllowed()).mockResolvedValueOnce(attestation);
    await user.click(screen.getByRole('button', { name: 'Add passkey or security key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey or security key' });
    await user.type(within(dialog).getByLabelText('Name (optional)'), 'YubiKey{Enter}');
    expect(
      await within(dialog).findByText('Nothing was added: the browser’s steps were cancelled.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(await factorTable()).findByText('YubiKey')).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenLastCalledWith({
      optionsJSON: expect.objectContaining({ challenge: 'registration-challenge' }),
    });
    expect(backend.service.hits('POST', '/api/auth/second-factors/webauthn/')[0].body).toEqual({
      name: 'YubiKey',
      webauthn: attestation,
    });
    // not the first factor: no recovery codes
    expect(screen.queryByRole('dialog', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  /** Sessions of Alice's elsewhere, which her first factor ends. */
  const otherSessions = (...families: string[]) => {
    for (const family of families)
      backend.service.state.sessions.set(family, {
        uid: ADMIN_UID,
        family,
        created: 1_772_000_000,
        last_used: 1_772_000_000,
        address: null,
        user_agent: null,
      });
  };

  it('the first factor says that it signed out the other sessions', async () => {
    otherSessions('family-laptop', 'family-phone');
    const { user } = await openSecurity();
    await user.click(screen.getByRole('button', { name: 'Add passkey or security key' }));
    await user.type(
      within(await screen.findByRole('dialog', { name: 'Add passkey or security key' })).getByLabelText(
        'Name (optional)',
      ),
      'YubiKey{Enter}',
    );

    const codes = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(
      within(codes).getByText(
        'Your 2 other sessions have been signed out: sign in there again with your second factor.',
      ),
    ).toBeInTheDocument();
    expect(backend.service.state.sessions.size).toBe(0);
  });

  it('says so in German too', async () => {
    otherSessions('family-tablet');
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    storeRefreshToken(backend.service);
    const { user } = renderApp('/?redirect_to=%2Fsecurity');
    await user.click(await screen.findByRole('button', { name: 'Passkey oder Sicherheitsschlüssel hinzufügen' }));
    await user.type(
      within(
        await screen.findByRole('dialog', { name: 'Passkey oder Sicherheitsschlüssel hinzufügen' }),
      ).getByLabelText('Name (optional)'),
      'YubiKey{Enter}',
    );

    const codes = await screen.findByRole('dialog', { name: 'Ihre Wiederherstellungscodes' });
    expect(
      within(codes).getByText(
        'Ihre andere Sitzung wurde abgemeldet: Melden Sie sich dort erneut mit Ihrem zweiten Faktor an.',
      ),
    ).toBeInTheDocument();
  });

  it('removes a factor after asking', async () => {
    alice().factors = [PHONE];
    const { user } = await openSecurity();
    await user.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this second factor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('You have no second factor yet.')).toBeInTheDocument();
    expect(backend.service.hits('DELETE', '/api/auth/second-factors/factor-phone/')).toHaveLength(1);
  });

  it('makes new recovery codes after asking, and shows them once', async () => {
    Object.assign(alice(), { factors: [PHONE], recoveryCodes: ['old-1', 'old-2'] });
    const { user } = await openSecurity();
    expect(await screen.findByText('2 recovery codes left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Replace your recovery codes?' })).getByRole('button', {
        name: 'New recovery codes',
      }),
    );

    const codes = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(alice().recoveryCodes).not.toContain('old-1');
  });

  it('asks for a recent sign-in before adding, then goes on', async () => {
    const { user, reauthentication } = await reauthenticationOfAddingAnApp();
    await user.type(within(reauthentication).getByLabelText('Password'), 'alice-secret{Enter}');

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    alice().factors = [PHONE];
    storeRefreshToken(backend.service);
    renderApp('/?redirect_to=%2Fsecurity');
    expect(await screen.findByRole('heading', { name: 'Zweite Faktoren' })).toBeInTheDocument();
    expect(await screen.findByText('Authenticator-App')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Phone entfernen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Wiederherstellungscodes' })).toBeInTheDocument();
  });
});

describe('/security of a user who signs in at the provider', () => {
  const PROVIDER_NOTE =
    'You sign in with Agency Login, which manages your second factor: when Agency Login confirms your sign-in with its multi-factor authentication, Caredesk asks for nothing more. A factor you set up here is asked for only after a sign-in at Agency Login without it.';

  it('says that the provider manages the second factor, and keeps the own factors available', async () => {
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    alice().factors = [PHONE];
    await openSecurity();

    expect(await screen.findByText(PROVIDER_NOTE)).toBeInTheDocument();
    expect(await factorTable()).toHaveTextContent('Phone');
    expect(screen.getByRole('button', { name: 'Add authenticator app' })).toBeEnabled();
  });

  it('confirms the identity at the provider, not with a password, and comes back to this page', async () => {
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    const { user, reauthentication } = await reauthenticationOfAddingAnApp();
    expect(within(reauthentication).getByText(/Sign in again at Agency Login/)).toBeInTheDocument();
    expect(within(reauthentication).queryByLabelText('Password')).not.toBeInTheDocument();
    const confirm = within(reauthentication).getByRole('link', { name: 'Confirm with Agency Login' });
    expect(confirm).toHaveAttribute('href', 'http://localhost:3000/api/auth/oidc/start/?reauthenticate=true');
    await user.click(confirm);
    expect(window.sessionStorage.getItem('caredesk.provider_return')).toBe('?redirect_to=%2Fsecurity');
    expect(backend.service.hits('POST', '/api/auth/reauthenticate/')).toHaveLength(0);
  });

  it("keeps the first administrator's password prompt", async () => {
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    alice().firstAdministrator = true;
    const { reauthentication } = await reauthenticationOfAddingAnApp();
    expect(await within(reauthentication).findByLabelText('Password')).toBeInTheDocument();
  });

  it('says nothing of a provider to a user who signs in with a password', async () => {
    backend.service.state.provider = providerInfo();
    await openSecurity();
    await screen.findByText('You have no second factor yet.');
    await waitFor(() =>
      expect(backend.service.hits('GET', '/api/auth/info/').some((hit) => hit.search === '?extended=true')).toBe(true),
    );
    expect(screen.queryByText(/manages your second factor/)).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    backend.service.state.provider = providerInfo();
    alice().providerLink = providerLink();
    storeRefreshToken(backend.service);
    renderApp('/?redirect_to=%2Fsecurity');
    expect(
      await screen.findByText(/^Sie melden sich über Agency Login an; dort wird Ihr zweiter Faktor verwaltet/),
    ).toBeInTheDocument();
  });
});
