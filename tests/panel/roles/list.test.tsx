import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../src/resources/roles/RoleList';
import { PERMISSIONS } from '../../../src/common/permissions';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, RECRUITER_UID } from '../support/fakeAuthService';
import { DISPATCHER_UID, type FakeRolePolicy, NURSE_UID } from '../support/fakeRolePolicy';
import { installPermissionServices, openAs } from '../support/permissionServices';

/** The Roles screen (read and write, read-only), and the screens of missing permissions in German. */
const backend = withFakeBackend();
let policy: FakeRolePolicy;

beforeEach(() => {
  ({ policy } = installPermissionServices(backend));
});

const roleCard = (role: string) => screen.getByRole('region', { name: role });

describe('Roles screen', () => {
  it('lists every role with a policy or in use, its permissions as labelled checkboxes', async () => {
    await openAs(backend, ADMIN_UID, '/roles/');
    await screen.findByRole('region', { name: 'dispatcher' });
    const names = screen
      .getAllByRole('region')
      .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);
    expect(names).toEqual(['administrator', 'caregiver', 'ceo', 'dispatcher', 'recruiter', 'trainer']);

    const dispatcher = roleCard('dispatcher');
    expect(within(dispatcher).getByRole('checkbox', { name: 'View care requests' })).toBeChecked();
    expect(within(dispatcher).getByRole('checkbox', { name: 'Upload files' })).toBeChecked();
    expect(within(dispatcher).getByRole('checkbox', { name: 'Manage mail delivery' })).not.toBeChecked();
    expect(within(dispatcher).getByRole('checkbox', { name: 'View users' })).toHaveAccessibleDescription(
      'See the users, their roles and the role policy.',
    );
    expect(within(dispatcher).getByRole('group', { name: 'Mail delivery' })).toBeInTheDocument();
    expect(within(dispatcher).getByText('6 permissions')).toBeInTheDocument();
    expect(
      within(roleCard('trainer'))
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(0);
    expect(within(roleCard('trainer')).getAllByRole('checkbox')).toHaveLength(PERMISSIONS.length);
  });

  it('saves a toggled permission with PUT and shows that it was saved', async () => {
    const { user } = await openAs(backend, ADMIN_UID, '/roles/');
    const dispatcher = await screen.findByRole('region', { name: 'dispatcher' });
    const save = within(dispatcher).getByRole('button', { name: 'Save dispatcher' });
    expect(save).toBeDisabled();

    await user.click(within(dispatcher).getByRole('checkbox', { name: 'Manage mail delivery' }));
    await user.click(within(dispatcher).getByRole('checkbox', { name: 'Upload files' }));
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('The permissions of the role dispatcher were saved.')).toBeInTheDocument();
    expect(policy.puts).toEqual([
      {
        role: 'dispatcher',
        body: {
          role: 'dispatcher',
          permissions: ['mail:read', 'mail:manage', 'files:read', 'care:read', 'care:create', 'care:contact'],
        },
      },
    ]);
    expect(policy.policy.get('dispatcher')).toContain('mail:manage');
    const saved = roleCard('dispatcher');
    expect(within(saved).getByRole('checkbox', { name: 'Manage mail delivery' })).toBeChecked();
    expect(within(saved).getByRole('checkbox', { name: 'Upload files' })).not.toBeChecked();
    expect(within(saved).getByRole('button', { name: 'Save dispatcher' })).toBeDisabled();
  });

  it('shows the 409 of the last roles manager in words and keeps the stored permissions', async () => {
    policy.policy.set('ceo', ['users:read']); // only administrator grants roles:manage, and only Alice has it
    const { user } = await openAs(backend, ADMIN_UID, '/roles/');
    const administrator = await screen.findByRole('region', { name: 'administrator' });

    await user.click(within(administrator).getByRole('checkbox', { name: 'Manage roles' }));
    await user.click(within(administrator).getByRole('button', { name: 'Save administrator' }));

    expect(
      await screen.findByText(
        'Conflict: This would leave no active user who may manage roles. Give another user such a role first.',
      ),
    ).toBeInTheDocument();
    expect(policy.policy.get('administrator')).toContain('roles:manage');
  });

  it('shows a 403 in words (the permission was taken away meanwhile)', async () => {
    const { user } = await openAs(backend, ADMIN_UID, '/roles/');
    const recruiter = await screen.findByRole('region', { name: 'recruiter' });
    policy.policy.set('administrator', ['users:read']);
    policy.policy.set('ceo', ['users:read']);

    await user.click(within(recruiter).getByRole('checkbox', { name: 'View the audit trail' }));
    await user.click(within(recruiter).getByRole('button', { name: 'Save recruiter' }));

    expect(await screen.findByText('Forbidden: You are not allowed to do this.')).toBeInTheDocument();
    expect(policy.policy.get('recruiter')).not.toContain('audit:read');
  });

  it('is read-only for users:read without roles:manage', async () => {
    await openAs(backend, RECRUITER_UID, '/roles/');
    const administrator = await screen.findByRole('region', { name: 'administrator' });
    expect(screen.getByText('You may view the roles but not change them.')).toBeInTheDocument();
    for (const box of within(administrator).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save / })).not.toBeInTheDocument();
  });
});

describe('German', () => {
  beforeEach(() => window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"'));

  it('names the Roles screen, the permissions and the 409 in German', async () => {
    policy.policy.set('ceo', []);
    const { user } = await openAs(backend, ADMIN_UID, '/roles/');
    const administrator = await screen.findByRole('region', { name: 'administrator' });
    expect(screen.getByRole('heading', { name: 'Rollen', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Rollen' })).toHaveAttribute('href', '/roles/');
    expect(within(administrator).getByRole('group', { name: 'Betreuungsanfragen' })).toBeInTheDocument();
    expect(within(administrator).getByRole('checkbox', { name: 'Kontaktdaten der Kunden' })).toBeChecked();

    await user.click(within(administrator).getByRole('checkbox', { name: 'Rollen verwalten' }));
    await user.click(within(administrator).getByRole('button', { name: 'Speichern administrator' }));
    expect(
      await screen.findByText(
        'Konflikt: Dann dürfte kein aktiver Benutzer mehr Rollen verwalten. Geben Sie zuerst einem anderen Benutzer eine solche Rolle.',
      ),
    ).toBeInTheDocument();
  });

  it('says no access in German', async () => {
    await openAs(backend, DISPATCHER_UID, '/roles/');
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toBeInTheDocument();
  });

  it('offers a user without permissions Neues Passwort and Abmelden', async () => {
    await openAs(backend, NURSE_UID, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff auf das Panel', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neues Passwort' })).toHaveAttribute('href', '/new-password');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });
});
