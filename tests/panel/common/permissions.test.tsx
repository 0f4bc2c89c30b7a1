import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../src/resources/files/FileSearch';
import '../../../src/resources/mail/AccountList';
import '../../../src/resources/mail/ProviderList';
import '../../../src/resources/roles/RoleList';
import '../../../src/resources/users/UserList';
import { PERMISSIONS } from '../../../src/common/permissions';
import { createHttpClient } from '../../../src/dataProviders/httpClient';
import { createAuthProvider } from '../../../src/login/authProvider';
import { createSession, STORAGE_KEYS } from '../../../src/session/session';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, AUTH_URL, RECRUITER_UID } from '../support/fakeAuthService';
import type { FakeFilesService } from '../support/fakeFilesService';
import { DISPATCHER_UID, type FakeRolePolicy, NURSE_UID } from '../support/fakeRolePolicy';
import { installPermissionServices, openAs } from '../support/permissionServices';
import { currentUrl, recordNavigation, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();
let policy: FakeRolePolicy;
let files: FakeFilesService;

beforeEach(() => {
  ({ policy, files } = installPermissionServices(backend));
});

/** The drawer's entries by accessible name (the API token entries are named by their screens' titles). */
const drawerEntries = () =>
  screen.queryAllByRole('menuitem').map((item) => item.getAttribute('aria-label') ?? item.textContent);

const usersListHits = () => backend.service.hits('GET', '/api/auth/administration/users/');

describe('mail lists for those who may only read mail', () => {
  it('offer no selection and no Retry now (a click on a row still opens the mail)', async () => {
    await openAs(backend, DISPATCHER_UID, '/mailman/failed-temporarily/');
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
  'Care Request Board',
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
    expect(await authProvider.getPermissions!({})).toEqual([
      'mail:read',
      'files:read',
      'files:write',
      'care:read',
      'care:create',
      'care:contact',
    ]);

    backend.server.resetHandlers(...backend.service.handlers); // the fake without the permissions field: a service that does not send it
    expect(await authProvider.getPermissions!({})).toEqual([...PERMISSIONS]);
    session.dispose();
  });
});

describe('drawer by permission', () => {
  it('shows every entry to a user holding every permission', async () => {
    await openAs(backend, ADMIN_UID, '/dashboard');
    await screen.findByText('Hello Alice Admin!');
    await waitFor(() => expect(drawerEntries()).toEqual(ALL_ENTRIES));
    await waitFor(() => expect(usersListHits()).toHaveLength(1)); // the users list is preloaded
  });

  it('shows a dispatcher only the care, file search and mail lists, and preloads no users list', async () => {
    await openAs(backend, DISPATCHER_UID, '/dashboard');
    await screen.findByText('Hello Dora Dispatch!');
    await waitFor(() =>
      expect(drawerEntries()).toEqual([
        'Dashboard',
        'Care Requests',
        'Care Request Board',
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
    const { user } = await openAs(backend, NURSE_UID, '/dashboard');
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
    await openAs(backend, NURSE_UID, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'No access to the panel', level: 1 })).toBeInTheDocument();
    expect(drawerEntries()).toEqual([]);
  });

  it("gives a user holding one screen's permission the dashboard and that entry", async () => {
    policy.policy.set('caregiver', ['mail:send', 'files:read']);
    await openAs(backend, NURSE_UID, '/dashboard');
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
    await openAs(backend, RECRUITER_UID, `/users/${ADMIN_UID}/`);
    expect(await screen.findByRole('heading', { name: 'No access', level: 1 })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('Alice Admin')).not.toBeInTheDocument();
  });

  it('refuses the API token screens to a dispatcher', async () => {
    await openAs(backend, DISPATCHER_UID, '/filebucket/api-keys/');
    expect(await screen.findByRole('heading', { name: 'No access', level: 1 })).toBeInTheDocument();
    expect(files.hits('GET', '/api/files/administration/access-tokens/')).toHaveLength(0);
  });
});

describe('buttons by permission', () => {
  it('users: a reader sees the list without Add, Ban, Unban, Revoke Tokens and Edit; a manager sees them', async () => {
    await openAs(backend, RECRUITER_UID, '/users/');
    expect(await screen.findByText('Dora Dispatch')).toBeInTheDocument();
    for (const name of ['Add', 'Ban', 'Unban', 'Revoke Tokens', 'Unlock'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Add$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0); // no selection without an action for it
  });

  it('users: the manager sees every action', async () => {
    await openAs(backend, ADMIN_UID, '/users/');
    expect(await screen.findByText('Dora Dispatch')).toBeInTheDocument();
    for (const name of ['Ban', 'Unban', 'Revoke Tokens', 'Unlock'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Dora Dispatch' })).toBeInTheDocument();
  });

  it('mail: mail:read without mail:manage and mail:send hides Add, Edit and Send test mail', async () => {
    await openAs(backend, DISPATCHER_UID, '/mailman/accounts/');
    expect(await screen.findByText('^noreply@caredesk\\.example$')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send test mail/ })).not.toBeInTheDocument();
  });

  it('mail: an administrator has Add, Edit and Send test mail', async () => {
    await openAs(backend, ADMIN_UID, '/mailman/accounts/');
    expect(await screen.findByText('^noreply@caredesk\\.example$')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Send test mail/ })).toHaveLength(2);
  });

  it('files: Upload only with files:write', async () => {
    await openAs(backend, RECRUITER_UID, '/filebucket/search/');
    expect((await screen.findAllByText('contract-2026.pdf')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('files: a dispatcher (files:write) may upload', async () => {
    await openAs(backend, DISPATCHER_UID, '/filebucket/search/');
    expect((await screen.findAllByText('contract-2026.pdf')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});
