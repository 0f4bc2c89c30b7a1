import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID } from '../support/fakeAuthService';
import { VALID_TOTP_CODE } from '../support/fakeSecondFactors';
import { assertionOf, notAllowed, fakeWebAuthnLibrary, resetWebAuthn } from '../support/fakeWebAuthn';
import { currentUrl, renderApp } from '../support/renderApp';

/** The fake WebAuthn library every panel test gets (tests/panel/setup.ts). */
const webauthn = fakeWebAuthnLibrary();

const backend = withFakeBackend();
const alice = () => backend.service.state.users.get(ADMIN_UID)!;
const RECOVERY_CODE = 'abcd-efgh-2345';

beforeEach(() => {
  resetWebAuthn(webauthn);
  Object.assign(alice(), {
    factors: [{ uid: 'factor-1', kind: 'totp', name: 'Phone', created: 1_772_000_000, last_used: null }],
    recoveryCodes: [RECOVERY_CODE, 'wxyz-wxyz-6789'],
  });
});

async function enterPassword(username = 'alice') {
  const rendered = renderApp('/login');
  await rendered.user.type(await screen.findByLabelText('Username'), username);
  await rendered.user.type(screen.getByLabelText('Password'), 'alice-secret{Enter}');
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return rendered;
}

const signedIn = async () => {
  await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
  expect(await screen.findByText('Hello Alice Admin!')).toBeInTheDocument();
};

describe('sign-in with a second factor', () => {
  it('asks for the one-time code with a numeric keyboard and autofill, refuses a wrong one in words and signs in with the right one', async () => {
    const { user } = await enterPassword();
    const code = screen.getByLabelText('One-time code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    await user.type(code, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct. Please try again.');
    expect(screen.getByLabelText('One-time code')).toHaveValue('');

    await user.type(screen.getByLabelText('One-time code'), `${VALID_TOTP_CODE}{Enter}`);
    await signedIn();
    const proofs = backend.service
      .hits('POST', '/api/auth/token/second-factor/')
      .map((entry) => entry.body as Record<string, unknown>);
    expect(proofs.map((proof) => proof.totp_code)).toEqual(['000000', VALID_TOTP_CODE]);
    expect(proofs[1].second_factor_token).toBe(proofs[0].second_factor_token);
  });

  it('signs in with a recovery code, which then no longer works', async () => {
    const { user } = await enterPassword();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText('Enter one of your recovery codes. Each code works once.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), `${RECOVERY_CODE}{Enter}`);

    await signedIn();
    expect(alice().recoveryCodes).toEqual(['wxyz-wxyz-6789']);
  });

  it('uses a passkey with the options of the challenge when one is enrolled', async () => {
    alice().factors!.push({ uid: 'factor-2', kind: 'webauthn', name: 'Key', created: 1_772_000_000, last_used: null });
    webauthn.startAuthentication.mockResolvedValue(assertionOf(ADMIN_UID));
    const { user } = await enterPassword();

    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));

    await signedIn();
    const [options] = webauthn.startAuthentication.mock.calls[0] as [{ optionsJSON: { challenge: string } }];
    expect(options.optionsJSON.challenge).toMatch(/^webauthn-challenge-challenge-/);
    expect(backend.service.hits('POST', '/api/auth/token/second-factor/')[0].body).toMatchObject({
      webauthn: assertionOf(ADMIN_UID),
    });
  });

  it('says so when the passkey dialog was closed, and keeps the step', async () => {
    alice().factors = [{ uid: 'factor-2', kind: 'webauthn', name: 'Key', created: 1_772_000_000, last_used: null }];
    webauthn.startAuthentication.mockRejectedValue(notAllowed());
    const { user } = await enterPassword();
    expect(screen.queryByLabelText('One-time code')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not used.');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });

  it('says so when the browser cannot use passkeys', async () => {
    alice().factors!.push({ uid: 'factor-2', kind: 'webauthn', name: 'Key', created: 1_772_000_000, last_used: null });
    const { user } = await enterPassword();
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);

    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use passkeys or security keys.');
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
  });

  it('goes back to the password when the challenge has ended', async () => {
    const { user } = await enterPassword();
    backend.service.state.secondFactorTokens.clear();

    await user.type(screen.getByLabelText('One-time code'), `${VALID_TOTP_CODE}{Enter}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in took too long or was ended. Please enter your password again.',
    );
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Two-step verification' })).not.toBeInTheDocument();
  });

  it('Back to sign-in returns to the password form', async () => {
    const { user } = await enterPassword();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
  });

  it('speaks German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Benutzername'), 'alice');
    await user.type(screen.getByLabelText('Passwort'), 'alice-secret{Enter}');

    expect(await screen.findByRole('heading', { name: 'Bestätigung in zwei Schritten' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Einmalcode'), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code ist nicht richtig.');
    expect(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' })).toBeInTheDocument();
  });
});

describe('device tokens', () => {
  it('keeps the sign-in’s device token per lower-cased username and sends it with the next sign-in', async () => {
    alice().factors = [];
    window.localStorage.setItem('caredesk.device_token.alice', 'device-old');
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'ALICE');
    await user.type(screen.getByLabelText('Password'), 'alice-secret{Enter}');

    await signedIn();
    expect(backend.service.basicHits()[0].deviceToken).toBe('device-old');
    expect(window.localStorage.getItem('caredesk.device_token.alice')).toMatch(/^device-\d+-alice$/);
  });

  it('keeps the device token of a sign-in completed with the second factor', async () => {
    const { user } = await enterPassword();
    expect(backend.service.basicHits()[0].deviceToken).toBeNull();
    await user.type(screen.getByLabelText('One-time code'), `${VALID_TOTP_CODE}{Enter}`);
    await signedIn();
    expect(window.localStorage.getItem('caredesk.device_token.alice')).toMatch(/^device-\d+-alice$/);
  });
});

describe('passkey sign-in', () => {
  it('"Sign in with a passkey" signs in without a password', async () => {
    alice().factors = [{ uid: 'factor-2', kind: 'webauthn', name: 'Key', created: 1_772_000_000, last_used: null }];
    webauthn.startAuthentication.mockResolvedValue(assertionOf(ADMIN_UID));
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    await signedIn();
    expect(backend.service.hits('POST', '/api/auth/passkey/options/')[0].body).toEqual({});
    expect(backend.service.hits('POST', '/api/auth/token/passkey/')[0].body).toMatchObject({
      passkey_token: expect.stringMatching(/^passkey-/),
      webauthn: assertionOf(ADMIN_UID),
    });
    expect(backend.service.basicHits()).toHaveLength(0);
  });

  it('offers passkeys in the username field where the browser can, and ends that offer when the password form is sent', async () => {
    alice().factors = [];
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    webauthn.startAuthentication.mockReturnValue(new Promise(() => undefined));
    const { user } = renderApp('/login');
    const username = await screen.findByLabelText('Username');
    expect(username).toHaveAttribute('autocomplete', 'username webauthn');
    await waitFor(() =>
      expect(webauthn.startAuthentication).toHaveBeenCalledWith(expect.objectContaining({ useBrowserAutofill: true })),
    );

    await user.type(username, 'alice');
    await user.type(screen.getByLabelText('Password'), 'alice-secret{Enter}');

    await signedIn();
    expect(webauthn.WebAuthnAbortService.cancelCeremony).toHaveBeenCalled();
  });

  it('shows nothing when the browser has no passkeys', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    renderApp('/login');
    const form = (await screen.findByRole('button', { name: 'Login' })).closest('form')!;
    expect(within(form).queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/passkey/options/')).toHaveLength(0);
  });
});
