import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../src/resources/files/FileSearch';
import '../../src/resources/mail/AccountList';
import '../../src/resources/mail/ProviderList';
import '../../src/resources/roles/RoleList';
import '../../src/resources/users/UserList';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createSession, STORAGE_KEYS } from '../../src/auth/session';
import { PERMISSIONS } from '../../src/common/permissions';
import { createHttpClient } from '../../src/dataProviders/httpClient';
import { LOCALE_STORAGE_KEY } from '../../src/i18n/detectLocale';
import { useFakeBackend } from './support/backend';
import { ADMIN_UID, AUTH_URL, RECRUITER_UID } from './support/fakeAuthService';
import { createFakeFilesService, type FakeFilesService } from './support/fakeFilesService';
import { createFakeMailService } from './support/fakeMailService';
import { createFakeRolePolicy, DISPATCHER_UID, type FakeRolePolicy, NURSE_UID } from './support/fakeRolePolicy';
import { currentUrl, recordNavigation, renderApp, storeRefreshToken } from './support/renderApp';

const backend = useFakeBackend();
let policy: FakeRolePolicy;
let files: FakeFilesService;

beforeEach(() => {
  policy = createFakeRolePolicy(() => backend.service);
  policy.addUsers();
  files = createFakeFilesService();
  const mail = createFakeMailService(() => backend.service);
  backend.server.use(...policy.handlers, ...files.handlers, ...mail.handlers);
});

/** Signs in as `uid` (stored refresh token) and opens `path`, waiting until the panel arrived there. */
async function openAs(uid: string, path: string) {
  storeRefreshToken(backend.service, uid);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  return rendered;
}

/** The drawer's entries by accessible name (the API token entries are named by their screens' titles). */
const drawerEntries = () => screen.queryAllByRole('menuitem').map((item) => item.getAttribute('aria-label') ?? item.textContent);

const usersListHits = () => backend.service.hits('GET', '/api/auth/administration/users/');

describe('mail lists for those who may only read mail', () => {
  it('offer no selection and no Retry now (a click on a row still opens the mail)', async () => {
    await openAs(DISPATCHER_UID, '/mailman/failed-temporarily/');
    const subject = await screen.findByText('Reminder');
    expect(within(subject.closest('tr')!).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry now/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});

const ALL_ENTRIES = [
  'Dashboard',
  'Users',
  'Roles',
  'Audit',
  'Care Requests',
  'Create Care Request',
  'Pricing API Access Tokens',
  'Search files',
  'Filebucket API Access Tokens',
  'Providers',
  'Accounts',
  'Queue',
  'Delivered Mails',
  'Delivery Retries',
  'Failed Deliveries',
  'Mail Log',
];

describe('authProvider.getPermissions', () => {
  it('returns the permissions of /info/, and every permission when the service sends no such field', async () => {
    const session = createSession({ authUrl: AUTH_URL });
    const authProvider = createAuthProvider({ session, httpClient: createHttpClient(session) });
    await session.login('dora', 'dora-secret');
    expect(await authProvider.getPermissions!({})).toEqual(['mail:read', 'files:read', 'files:write', 'care:read', 'care:create', 'care:contact']);

    backend.server.resetHandlers(...backend.service.handlers); // the fake without the permissions field: a service that does not send it
    expect(await authProvider.getPermissions!({})).toEqual([...PERMISSIONS]);
    session.dispose();
  });
});

describe('drawer by permission', () => {
  it('shows every entry to a user holding every permission', async () => {
    await openAs(ADMIN_UID, '/dashboard');
    await screen.findByText('Hello Alice Admin!');
    await waitFor(() => expect(drawerEntries()).toEqual(ALL_ENTRIES));
    await waitFor(() => expect(usersListHits()).toHaveLength(1)); // the users list is preloaded
  });

  it('shows a dispatcher only the care, file search and mail lists, and preloads no users list', async () => {
    await openAs(DISPATCHER_UID, '/dashboard');
    await screen.findByText('Hello Dora Dispatch!');
    await waitFor(() =>
      expect(drawerEntries()).toEqual([
        'Dashboard',
        'Care Requests',
        'Create Care Request',
        'Search files',
        'Providers',
        'Accounts',
        'Queue',
        'Delivered Mails',
        'Delivery Retries',
        'Failed Deliveries',
        'Mail Log',
      ]),
    );
    expect(usersListHits()).toHaveLength(0);
  });

  it('shows a user without any permission no entry, and on every screen a page that says so, with New Password and Logout', async () => {
    const { user } = await openAs(NURSE_UID, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'No access to the panel', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Hello Nina Nurse!')).not.toBeInTheDocument();
    expect(drawerEntries()).toEqual([]);
    expect(usersListHits()).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'New Password' }));
    await waitFor(() => expect(currentUrl()).toBe('/new-password'));
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument(); // the own password stays reachable
    expect(screen.queryByRole('heading', { name: 'No access to the panel', level: 1 })).not.toBeInTheDocument();

    window.history.pushState(null, '', '/users/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const logout = await screen.findByRole('button', { name: 'Logout' });
    expect(usersListHits()).toHaveLength(0);
    await user.click(logout);
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('counts a user whose permissions open no screen (mail:send and care:contact only) as one without any', async () => {
    policy.policy.set('caregiver', ['mail:send', 'care:contact']);
    await openAs(NURSE_UID, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'No access to the panel', level: 1 })).toBeInTheDocument();
    expect(drawerEntries()).toEqual([]);
  });

  it('gives a user holding one screen\'s permission the dashboard and that entry', async () => {
    policy.policy.set('caregiver', ['mail:send', 'files:read']);
    await openAs(NURSE_UID, '/dashboard');
    expect(await screen.findByText('Hello Nina Nurse!')).toBeInTheDocument();
    await waitFor(() => expect(drawerEntries()).toEqual(['Dashboard', 'Search files']));
  });
});

describe('a direct link to a forbidden screen', () => {
  it('shows the no-access page in place, without loading the screen and without any redirect', async () => {
    storeRefreshToken(backend.service, DISPATCHER_UID);
    renderApp('/?redirect_to=%2Fusers%2F');
    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    const urls = recordNavigation();

    expect(await screen.findByRole('heading', { name: 'No access', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the dashboard' })).toHaveAttribute('href', '/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(currentUrl()).toBe('/users/');
    expect(urls).toEqual([]);
    expect(usersListHits()).toHaveLength(0);
    expect(drawerEntries()).toContain('Care Requests'); // the rest of the panel stays usable
  });

  it('refuses the editors to a user who may only read (users:read, not users:manage)', async () => {
    await openAs(RECRUITER_UID, `/users/${ADMIN_UID}/`);
    expect(await screen.findByRole('heading', { name: 'No access', level: 1 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Alice Admin')).not.toBeInTheDocument();
  });

  it('refuses the API token screens to a dispatcher', async () => {
    await openAs(DISPATCHER_UID, '/filebucket/api-keys/');
    expect(await screen.findByRole('heading', { name: 'No access', level: 1 })).toBeInTheDocument();
    expect(files.hits('GET', '/api/files/administration/access-tokens/')).toHaveLength(0);
  });
});

describe('buttons by permission', () => {
  it('users: a reader sees the list without Add, Ban, Unban, Revoke Tokens and Edit; a manager sees them', async () => {
    await openAs(RECRUITER_UID, '/users/');
    expect(await screen.findByText('Dora Dispatch')).toBeInTheDocument();
    for (const name of ['Add', 'Ban', 'Unban', 'Revoke Tokens', 'Unlock']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Add$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0); // no selection without an action for it
  });

  it('users: the manager sees every action', async () => {
    await openAs(ADMIN_UID, '/users/');
    expect(await screen.findByText('Dora Dispatch')).toBeInTheDocument();
    for (const name of ['Ban', 'Unban', 'Revoke Tokens', 'Unlock']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Dora Dispatch' })).toBeInTheDocument();
  });

  it('mail: mail:read without mail:manage and mail:send hides Add, Edit and Send test mail', async () => {
    await openAs(DISPATCHER_UID, '/mailman/accounts/');
    expect(await screen.findByText('^noreply@caredesk\\.example$')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send test mail/ })).not.toBeInTheDocument();
  });

  it('mail: an administrator has Add, Edit and Send test mail', async () => {
    await openAs(ADMIN_UID, '/mailman/accounts/');
    expect(await screen.findByText('^noreply@caredesk\\.example$')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Send test mail/ })).toHaveLength(2);
  });

  it('files: Upload only with files:write', async () => {
    await openAs(RECRUITER_UID, '/filebucket/search/');
    expect((await screen.findAllByText('contract-2026.pdf')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('files: a dispatcher (files:write) may upload', async () => {
    await openAs(DISPATCHER_UID, '/filebucket/search/');
    expect((await screen.findAllByText('contract-2026.pdf')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});

const roleCard = (role: string) => screen.getByRole('region', { name: role });

describe('Roles screen', () => {
  it('lists every role with a policy or in use, its permissions as labelled checkboxes', async () => {
    await openAs(ADMIN_UID, '/roles/');
    await screen.findByRole('region', { name: 'dispatcher' });
    const names = screen.getAllByRole('region').map((region) => within(region).getByRole('heading', { level: 2 }).textContent);
    expect(names).toEqual(['administrator', 'caregiver', 'ceo', 'dispatcher', 'recruiter', 'trainer']);

    const dispatcher = roleCard('dispatcher');
    expect(within(dispatcher).getByRole('checkbox', { name: 'View care requests' })).toBeChecked();
    expect(within(dispatcher).getByRole('checkbox', { name: 'Upload files' })).toBeChecked();
    expect(within(dispatcher).getByRole('checkbox', { name: 'Manage mail delivery' })).not.toBeChecked();
    expect(within(dispatcher).getByRole('checkbox', { name: 'View users' })).toHaveAccessibleDescription('See the users, their roles and the role policy.');
    expect(within(dispatcher).getByRole('group', { name: 'Mail delivery' })).toBeInTheDocument();
    expect(within(dispatcher).getByText('6 permissions')).toBeInTheDocument();
    expect(within(roleCard('trainer')).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
    expect(within(roleCard('trainer')).getAllByRole('checkbox')).toHaveLength(PERMISSIONS.length);
  });

  it('saves a toggled permission with PUT and shows that it was saved', async () => {
    const { user } = await openAs(ADMIN_UID, '/roles/');
    const dispatcher = await screen.findByRole('region', { name: 'dispatcher' });
    const save = within(dispatcher).getByRole('button', { name: 'Save dispatcher' });
    expect(save).toBeDisabled();

    await user.click(within(dispatcher).getByRole('checkbox', { name: 'Manage mail delivery' }));
    await user.click(within(dispatcher).getByRole('checkbox', { name: 'Upload files' }));
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('The permissions of the role dispatcher were saved.')).toBeInTheDocument();
    expect(policy.puts).toEqual([
      { role: 'dispatcher', body: { role: 'dispatcher', permissions: ['mail:read', 'mail:manage', 'files:read', 'care:read', 'care:create', 'care:contact'] } },
    ]);
    expect(policy.policy.get('dispatcher')).toContain('mail:manage');
    const saved = roleCard('dispatcher');
    expect(within(saved).getByRole('checkbox', { name: 'Manage mail delivery' })).toBeChecked();
    expect(within(saved).getByRole('checkbox', { name: 'Upload files' })).not.toBeChecked();
    expect(within(saved).getByRole('button', { name: 'Save dispatcher' })).toBeDisabled();
  });

  it('shows the 409 of the last roles manager in words and keeps the stored permissions', async () => {
    policy.policy.set('ceo', ['users:read']); // only administrator grants roles:manage, and only Alice has it
    const { user } = await openAs(ADMIN_UID, '/roles/');
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
    const { user } = await openAs(ADMIN_UID, '/roles/');
    const recruiter = await screen.findByRole('region', { name: 'recruiter' });
    policy.policy.set('administrator', ['users:read']);
    policy.policy.set('ceo', ['users:read']);

    await user.click(within(recruiter).getByRole('checkbox', { name: 'View the audit trail' }));
    await user.click(within(recruiter).getByRole('button', { name: 'Save recruiter' }));

    expect(await screen.findByText('Forbidden: You are not allowed to do this.')).toBeInTheDocument();
    expect(policy.policy.get('recruiter')).not.toContain('audit:read');
  });

  it('is read-only for users:read without roles:manage', async () => {
    await openAs(RECRUITER_UID, '/roles/');
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
    const { user } = await openAs(ADMIN_UID, '/roles/');
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
    await openAs(DISPATCHER_UID, '/roles/');
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toBeInTheDocument();
  });

  it('offers a user without permissions Neues Passwort and Abmelden', async () => {
    await openAs(NURSE_UID, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Kein Zugriff auf das Panel', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neues Passwort' })).toHaveAttribute('href', '/new-password');
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });
});
