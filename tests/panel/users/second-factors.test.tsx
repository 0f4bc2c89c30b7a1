import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../src/resources/roles/RoleList';
import '../../../src/resources/users/UserEdit';
import '../../../src/resources/users/UserList';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID } from '../support/fakeAuthService';
import { VALID_TOTP_CODE } from '../support/fakeSecondFactors';
import { installPermissionServices, openAs } from '../support/permissionServices';

const backend = withFakeBackend();
/** 2026-12-01 12:00 UTC. */
const GRACE_UNTIL = 1_796_126_400;
const USED = 1_772_361_000;

beforeEach(() => {
  const { users } = backend.service.state;
  Object.assign(users.get(ADMIN_UID)!, {
    secondFactorRequired: true,
    factors: [
      { uid: 'f-phone', kind: 'totp', name: 'Phone', created: USED - 86_400, last_used: USED },
      { uid: 'f-key', kind: 'webauthn', name: 'YubiKey', created: USED - 3600, last_used: null },
    ],
    recoveryCodes: ['a', 'b', 'c'],
  });
  Object.assign(users.get(RECRUITER_UID)!, { secondFactorRequired: true, graceUntil: GRACE_UNTIL });
});

const row = (name: string) =>
  screen
    .getAllByText(name)
    .find((element) => element.closest('tbody tr'))!
    .closest('tr') as HTMLElement;

async function openSecondFactorTab(uid: string) {
  const rendered = await openAs(backend, ADMIN_UID, `/users/${uid}/`);
  await screen.findByDisplayValue(backend.service.state.users.get(uid)!.public_name);
  await rendered.user.click(screen.getByRole('tab', { name: /^(Second factor|Zweiter Faktor)$/ }));
  return rendered;
}

describe('users: second factors', () => {
  it('shows each user’s second factor as a chip: on, required but missing, off', async () => {
    await openAs(backend, ADMIN_UID, '/users/');
    await screen.findByText('Bob Recruiter');
    expect(screen.getByRole('columnheader', { name: 'Second factor' })).toBeInTheDocument();
    expect(within(row('Alice Admin')).getByTestId('second-factor-chip')).toHaveTextContent('Second factor: On');
    expect(within(row('Bob Recruiter')).getByTestId('second-factor-chip')).toHaveTextContent(
      'Second factor: Required, missing',
    );
    expect(within(row('Carla Care')).getByTestId('second-factor-chip')).toHaveTextContent('Second factor: Off');
  });

  it('names the chips in German', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    await openAs(backend, ADMIN_UID, '/users/');
    await screen.findByText('Bob Recruiter');
    expect(within(row('Alice Admin')).getByTestId('second-factor-chip')).toHaveTextContent('Zweiter Faktor: An');
    expect(within(row('Bob Recruiter')).getByTestId('second-factor-chip')).toHaveTextContent(
      'Zweiter Faktor: Verlangt, fehlt',
    );
    expect(within(row('Carla Care')).getByTestId('second-factor-chip')).toHaveTextContent('Zweiter Faktor: Aus');
  });

  it('lists the user’s factors in the editor, whether they are required, and the recovery codes left', async () => {
    await openSecondFactorTab(ADMIN_UID);
    const table = await screen.findByRole('table', { name: 'Second factors' });
    expect(within(table).getByText('Authenticator app')).toBeInTheDocument();
    expect(within(row('YubiKey')).getByText('Passkey or security key')).toBeInTheDocument();
    expect(within(row('YubiKey')).getByText('never')).toBeInTheDocument();
    expect(within(row('Phone')).getByText(new Date(USED * 1000).toLocaleString('en'))).toBeInTheDocument();
    expect(screen.getByText('The roles of this user require a second factor.')).toBeInTheDocument();
    expect(screen.getByText('3 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says until when a required factor may be missing', async () => {
    await openSecondFactorTab(RECRUITER_UID);
    expect(await screen.findByText('No second factor.')).toBeInTheDocument();
    const day = format(new Date(GRACE_UNTIL * 1000), 'MM/dd/yyyy');
    expect(screen.getByRole('alert')).toHaveTextContent(
      `It must be set up by ${day}; after that the user can only set it up.`,
    );
    expect(screen.getByRole('button', { name: 'Reset second factors' })).toBeDisabled();
  });

  it('resets the user’s factors after asking, with a re-authentication when the service wants one', async () => {
    backend.service.state.reauthenticationRequired = true;
    const { user } = await openSecondFactorTab(ADMIN_UID);
    await user.click(await screen.findByRole('button', { name: 'Reset second factors' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the second factors of this user?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset second factors' }));

    const reauthentication = await screen.findByRole('dialog', { name: 'Confirm your identity' });
    await user.type(within(reauthentication).getByLabelText('Password'), 'alice-secret{Enter}');
    // Alice has factors of her own: the second step follows
    await user.type(await within(reauthentication).findByLabelText('One-time code'), `${VALID_TOTP_CODE}{Enter}`);

    expect(await screen.findByText('No second factor.')).toBeInTheDocument();
    expect(await screen.findByText('The second factors have been reset.')).toBeInTheDocument();
    expect(backend.service.hits('DELETE', `/api/auth/administration/users/${ADMIN_UID}/second-factors/`)).toHaveLength(
      2,
    );
    expect(backend.service.state.users.get(ADMIN_UID)!.factors).toEqual([]);
  });

  it('shows a reader (users:read without users:manage) a user’s factors from the chip, without Reset', async () => {
    installPermissionServices(backend);
    const { user } = await openAs(backend, RECRUITER_UID, '/users/');
    await screen.findByText('Alice Admin');
    await user.click(within(row('Alice Admin')).getByRole('button', { name: 'Second factors of Alice Admin: On' }));

    const dialog = await screen.findByRole('dialog', { name: 'Second factors of Alice Admin' });
    expect(await within(dialog).findByText('YubiKey')).toBeInTheDocument();
    expect(within(dialog).getByText('The roles of this user require a second factor.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reset second factors' })).not.toBeInTheDocument();
  });

  it('shows German texts in the editor', async () => {
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    await openSecondFactorTab(CAREGIVER_UID);
    expect(await screen.findByText('Kein zweiter Faktor.')).toBeInTheDocument();
    expect(screen.getByText('Die Rollen dieses Benutzers verlangen keinen zweiten Faktor.')).toBeInTheDocument();
  });
});

describe('dashboard and roles', () => {
  it('counts the users who miss a required second factor, linking to the users list', async () => {
    await openAs(backend, ADMIN_UID, '/dashboard');
    const users = await screen.findByRole('region', { name: 'Users' }, { timeout: 15_000 });
    expect(await within(users).findByRole('link', { name: 'Missing a required second factor 2' })).toHaveAttribute(
      'href',
      '/users/',
    );
  });

  it('saves a role’s second-factor requirement with the existing PUT', async () => {
    const { policy } = installPermissionServices(backend);
    const { user } = await openAs(backend, ADMIN_UID, '/roles/');
    const dispatcher = await screen.findByRole('region', { name: 'dispatcher' });
    expect(
      within(screen.getByRole('region', { name: 'administrator' })).getByRole('switch', {
        name: /^Second factor required/,
      }),
    ).toBeChecked();
    const toggle = within(dispatcher).getByRole('switch', { name: /^Second factor required/ });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    await user.click(within(dispatcher).getByRole('button', { name: 'Save dispatcher' }));

    await waitFor(() => expect(policy.puts).toHaveLength(1));
    expect(policy.puts[0].body).toMatchObject({ role: 'dispatcher', second_factor_required: true });
    expect(policy.secondFactorRoles.has('dispatcher')).toBe(true);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'dispatcher' })).getByRole('button', { name: 'Save dispatcher' }),
      ).toBeDisabled(),
    );
  });
});
