import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID } from '../support/fakeAuthService';
import { VALID_TOTP_CODE } from '../support/fakeSecondFactors';
import { assertionOf, fakeWebAuthnLibrary, resetWebAuthn } from '../support/fakeWebAuthn';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** The fake WebAuthn library every panel test gets (tests/panel/setup.ts). */
const webauthn = fakeWebAuthnLibrary();

const backend = withFakeBackend();
const PASSWORD_ROUTE = '/api/auth/update-password-authentication/';
const NEW_PASSWORD = 'Fresh-Start-1';

beforeEach(() => {
  resetWebAuthn(webauthn);
  backend.service.state.reauthenticationRequired = true;
});

/** /new-password with both fields filled and Save pressed: the service asks for a recent authentication. */
async function changeOwnPassword() {
  storeRefreshToken(backend.service);
  const rendered = renderApp('/?redirect_to=%2Fnew-password');
  await waitFor(() => expect(currentUrl()).toBe('/new-password'));
  await rendered.user.type(await screen.findByLabelText(/^New password/), NEW_PASSWORD);
  await rendered.user.type(screen.getByLabelText(/^Confirmation/), NEW_PASSWORD);
  await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your identity' });
  return { ...rendered, dialog };
}

const passwordPuts = () => backend.service.hits('PUT', PASSWORD_ROUTE);
const reauthentications = () => backend.service.hits('POST', '/api/auth/reauthenticate/').map((entry) => entry.body);

describe('re-authentication', () => {
  it('asks for the password and repeats the action with the fresh access token', async () => {
    const { user, dialog } = await changeOwnPassword();
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');

    await user.type(within(dialog).getByLabelText('Password'), 'alice-secret{Enter}');

    expect(await screen.findByText('The password was successfully updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reauthentications()).toEqual([{ password: 'alice-secret' }]);
    const puts = passwordPuts();
    expect(puts).toHaveLength(2);
    expect(backend.service.state.freshAccessTokens.has(puts[1].authorization!.replace('Bearer ', ''))).toBe(true);
    expect(puts[1].body).toEqual({ username: 'alice', password: NEW_PASSWORD });
  });

  it('keeps asking after a wrong password, and says why', async () => {
    const { user, dialog } = await changeOwnPassword();

    await user.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');

    expect(await within(dialog).findByText('Wrong password.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/username/i)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(passwordPuts()).toHaveLength(1);
  });

  it('continues with the second factor where one is enrolled: a one-time code, after a wrong one', async () => {
    Object.assign(backend.service.state.users.get(ADMIN_UID)!, {
      factors: [{ uid: 'f1', kind: 'totp', name: 'Phone', created: 1, last_used: null }],
      recoveryCodes: ['aaaa-bbbb-cccc'],
    });
    const { user, dialog } = await changeOwnPassword();
    await user.type(within(dialog).getByLabelText('Password'), 'alice-secret{Enter}');

    const code = await within(dialog).findByLabelText('One-time code');
    expect(within(dialog).getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '999999{Enter}');
    expect(await within(dialog).findByText(/The code is not correct/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('One-time code'), `${VALID_TOTP_CODE}{Enter}`);

    expect(await screen.findByText('The password was successfully updated')).toBeInTheDocument();
    expect(reauthentications().slice(1)).toEqual([
      { second_factor_token: expect.stringMatching(/^challenge-/), totp_code: '999999' },
      { second_factor_token: expect.stringMatching(/^challenge-/), totp_code: VALID_TOTP_CODE },
    ]);
  });

  it('offers a recovery code and a passkey in the second step', async () => {
    const factors = [{ uid: 'f2', kind: 'webauthn' as const, name: 'Key', created: 1, last_used: null }];
    Object.assign(backend.service.state.users.get(ADMIN_UID)!, { factors, recoveryCodes: ['aaaa-bbbb-cccc'] });
    webauthn.startAuthentication.mockResolvedValue(assertionOf(ADMIN_UID));
    const { user, dialog } = await changeOwnPassword();
    await user.type(within(dialog).getByLabelText('Password'), 'alice-secret{Enter}');

    expect(await within(dialog).findByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByText('The password was successfully updated')).toBeInTheDocument();
    expect(reauthentications()[1]).toMatchObject({ webauthn: assertionOf(ADMIN_UID) });
  });

  it('Cancel refuses the action in words and keeps the session', async () => {
    const { user, dialog } = await changeOwnPassword();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('The action was cancelled: your identity was not confirmed.')).toBeInTheDocument();
    expect(currentUrl()).toBe('/new-password');
    expect(passwordPuts()).toHaveLength(1);
    expect(reauthentications()).toHaveLength(0);
  });

  it('speaks German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    storeRefreshToken(backend.service);
    const { user } = renderApp('/?redirect_to=%2Fnew-password');
    await user.type(await screen.findByLabelText(/^Neues Passwort/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Bestätigung/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const dialog = await screen.findByRole('dialog', { name: 'Identität bestätigen' });
    await user.type(within(dialog).getByLabelText('Passwort'), 'falsch{Enter}');
    expect(await within(dialog).findByText('Falsches Passwort.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(
      await screen.findByText('Die Aktion wurde abgebrochen: Ihre Identität wurde nicht bestätigt.'),
    ).toBeInTheDocument();
  });
});
