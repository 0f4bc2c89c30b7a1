import { act, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { de, enUS } from 'date-fns/locale';
import { beforeEach, describe, expect, it } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/users/UserEdit';
import '../../../src/resources/users/UserList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID } from '../support/fakeAuthService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

/** What Chrome 142 on Linux sends. */
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** 2026-03-01 10:30 UTC. */
const SIGNED_IN = 1_772_361_000;

beforeEach(() => {
  const users = backend.service.state.users;
  users.get(ADMIN_UID)!.last_sign_in = SIGNED_IN;
  users.get(RECRUITER_UID)!.locked = true;
  const sessions = backend.service.state.sessions;
  sessions.set('family-laptop', {
    uid: RECRUITER_UID,
    family: 'family-laptop',
    created: SIGNED_IN - 86_400,
    last_used: SIGNED_IN,
    address: '203.0.113.9',
    user_agent: CHROME_ON_LINUX,
  });
  sessions.set('family-phone', {
    uid: RECRUITER_UID,
    family: 'family-phone',
    created: SIGNED_IN - 3600,
    last_used: SIGNED_IN - 600,
    address: null,
    user_agent: null,
  });
  sessions.set('family-alice', {
    uid: ADMIN_UID,
    family: 'family-alice',
    created: SIGNED_IN,
    last_used: SIGNED_IN,
    address: '192.0.2.1',
    user_agent: 'Chromium',
  });
});

async function openList() {
  storeRefreshToken(backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/users/')}`);
  await screen.findByText('Bob Recruiter');
  await waitFor(() => expect(currentUrl()).toBe('/users/'));
  return rendered;
}

async function openSessions(uid = RECRUITER_UID) {
  storeRefreshToken(backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(`/users/${uid}/`)}`);
  await screen.findByDisplayValue(backend.service.state.users.get(uid)!.public_name);
  await rendered.user.click(screen.getByRole('tab', { name: /^(Sessions|Sitzungen)$/ }));
  return rendered;
}

const row = (name: string) => {
  const cell = screen.getAllByText(name).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${name}`);
  return cell.closest('tr') as HTMLElement;
};
const button = (name: string) => screen.getByRole('button', { name });

describe('users list: account security', () => {
  it('shows a Locked chip for a throttled user and the last sign-in, "never" without one', async () => {
    await openList();
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toBeInTheDocument();
    expect(within(row('Bob Recruiter')).getByText('Locked')).toBeInTheDocument();
    expect(within(row('Alice Admin')).queryByText('Locked')).not.toBeInTheDocument();
    expect(
      within(row('Alice Admin')).getByText(format(new Date(SIGNED_IN * 1000), 'Pp', { locale: enUS })),
    ).toBeInTheDocument();
    expect(within(row('Bob Recruiter')).getByText('never')).toBeInTheDocument();
  });

  it('unlocks the selected users (POST unlock-users {uids}), says so, and the chip goes', async () => {
    const { user } = await openList();
    expect(button('Unlock')).toBeDisabled();
    await user.click(within(row('Bob Recruiter')).getByRole('checkbox'));
    await user.click(within(row('Carla Care')).getByRole('checkbox'));
    await user.click(button('Unlock'));

    expect(await screen.findByText('Sign-in has been unlocked.')).toBeInTheDocument();
    const [request] = backend.service.hits('POST', '/api/auth/administration/unlock-users/');
    expect((request.body as { uids: string[] }).uids.sort()).toEqual([CAREGIVER_UID, RECRUITER_UID].sort());
    await waitFor(() => expect(within(row('Bob Recruiter')).queryByText('Locked')).not.toBeInTheDocument());
    await waitFor(() => expect(button('Unlock')).toBeDisabled());
  });

  it('edits a locked user sending back only name and roles', async () => {
    storeRefreshToken(backend.service);
    const { user } = renderApp(`/?redirect_to=${encodeURIComponent(`/users/${RECRUITER_UID}/`)}`);
    const name = await screen.findByDisplayValue('Bob Recruiter');
    await user.type(name, 'by');
    await waitFor(() => expect(button('Submit')).toBeEnabled());
    await user.click(button('Submit'));
    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`)[0].body).toEqual(
      {
        uid: RECRUITER_UID,
        public_name: 'Bob Recruiterby',
        roles: ['recruiter', 'trainer'],
      },
    );
  });
});

describe('user editor: sessions', () => {
  it("lists the user's active sessions, newest use first, with created, last used, address and browser", async () => {
    await openSessions();
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    const rows = within(table)
      .getAllByRole('row')
      .map((tableRow) => [...tableRow.children].map((cell) => cell.textContent));
    const at = (seconds: number) => new Date(seconds * 1000).toLocaleString('en');
    expect(rows).toEqual([
      ['Signed in', 'Last used', 'Client address', 'Browser', 'Actions'],
      [at(SIGNED_IN - 86_400), at(SIGNED_IN), '203.0.113.9', 'Chrome 142 on Linux', 'Revoke'],
      [at(SIGNED_IN - 3600), at(SIGNED_IN - 600), '–', '–', 'Revoke'],
    ]);
    expect(
      backend.service.hits('GET', `/api/auth/administration/users/${RECRUITER_UID}/sessions/`).length,
    ).toBeGreaterThan(0);
    const browser = within(table).getByText('Chrome 142 on Linux');
    act(() => browser.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CHROME_ON_LINUX);
  });

  it('revokes a session after confirmation (DELETE .../sessions/{family}/), and it leaves the list; Cancel sends nothing', async () => {
    const { user } = await openSessions();
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    await user.click(
      within(within(table).getByText('Chrome 142 on Linux').closest('tr')!).getByRole('button', { name: 'Revoke' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke this session?' })).not.toBeInTheDocument());
    expect(
      backend.service.hits('DELETE', `/api/auth/administration/users/${RECRUITER_UID}/sessions/family-laptop/`),
    ).toHaveLength(0);

    await user.click(
      within(within(table).getByText('Chrome 142 on Linux').closest('tr')!).getByRole('button', { name: 'Revoke' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this session?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('The session has been revoked.')).toBeInTheDocument();
    expect(
      backend.service.hits('DELETE', `/api/auth/administration/users/${RECRUITER_UID}/sessions/family-laptop/`),
    ).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Chrome 142 on Linux')).not.toBeInTheDocument());
    expect(backend.service.state.sessions.has('family-phone')).toBe(true);
  });

  it("keeps the editor's unsaved changes when a session is revoked", async () => {
    storeRefreshToken(backend.service);
    const { user } = renderApp(`/?redirect_to=${encodeURIComponent(`/users/${RECRUITER_UID}/`)}`);
    await user.type(await screen.findByDisplayValue('Bob Recruiter'), 'by');
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    // the stored user changes meanwhile (a sign-in elsewhere): reloading the user would reset the form
    backend.service.state.users.get(RECRUITER_UID)!.last_sign_in = SIGNED_IN + 60;
    await user.click(
      within(within(table).getByText('Chrome 142 on Linux').closest('tr')!).getByRole('button', { name: 'Revoke' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this session?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Chrome 142 on Linux')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'Name and roles' }));
    expect(screen.getByDisplayValue('Bob Recruiterby')).toBeInTheDocument();
    // the toolbar comes back with the tab, and the form validates anew for it before Submit is enabled
    await waitFor(() => expect(button('Submit')).toBeEnabled());
  });

  it('says so when the user has no active session', async () => {
    await openSessions(CAREGIVER_UID);
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
  });
});

describe('in German', () => {
  it('names the chip, the column, the action and the sessions in German, with German dates', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    await openList();
    expect(screen.getByRole('columnheader', { name: 'Letzte Anmeldung' })).toBeInTheDocument();
    expect(within(row('Bob Recruiter')).getByText('Blockiert')).toBeInTheDocument();
    expect(within(row('Bob Recruiter')).getByText('nie')).toBeInTheDocument();
    expect(
      within(row('Alice Admin')).getByText(format(new Date(SIGNED_IN * 1000), 'Pp', { locale: de })),
    ).toBeInTheDocument();
    expect(button('Freigeben')).toBeDisabled();
  });

  it('shows the sessions tab in German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const { user } = await openSessions();
    const table = await screen.findByRole('table', { name: 'Aktive Sitzungen' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Angemeldet', 'Zuletzt genutzt', 'Client-Adresse', 'Browser', 'Aktionen']);
    await user.click(within(table).getAllByRole('button', { name: 'Beenden' })[0]);
    expect(await screen.findByRole('dialog', { name: 'Diese Sitzung beenden?' })).toHaveTextContent(
      'Das Gerät, das sie nutzt, muss sich erneut anmelden.',
    );
  });
});
