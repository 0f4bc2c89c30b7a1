import { blue, deepPurple, green, indigo, red } from '@mui/material/colors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/users/UserCreate';
import '../../../src/resources/users/UserEdit';
import '../../../src/resources/users/UserList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID } from '../support/fakeAuthService';
import { expectPanelPager } from '../support/pager';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

async function openList() {
  storeRefreshToken(backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/users/')}`);
  await screen.findByText('Bob Recruiter');
  await waitFor(() => expect(currentUrl()).toBe('/users/'));
  return rendered;
}

/** The table row showing `name` (the top bar may show the same name). */
const row = (name: string) => {
  const cell = screen.getAllByText(name).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${name}`);
  return cell.closest('tr') as HTMLElement;
};
const button = (name: string) => screen.getByRole('button', { name });

describe('users list', () => {
  it('shows name, username, coloured role chips, ID, a Banned chip and edit links to /users/{uid}/', async () => {
    await openList();

    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Username', 'Roles', 'ID', 'Actions']));

    const alice = row('Alice Admin');
    expect(within(alice).getByText('alice')).toBeInTheDocument();
    expect(within(alice).getByText(ADMIN_UID)).toBeInTheDocument();
    expect(within(alice).getByText('administrator').closest('[data-role-color]')).toHaveAttribute(
      'data-role-color',
      red[700],
    );
    expect(within(alice).getByText('ceo').closest('[data-role-color]')).toHaveAttribute(
      'data-role-color',
      deepPurple[500],
    );
    expect(within(alice).queryByText('Banned')).not.toBeInTheDocument();

    const bob = row('Bob Recruiter');
    expect(within(bob).getByText('recruiter').closest('[data-role-color]')).toHaveAttribute(
      'data-role-color',
      green[800],
    );
    expect(within(bob).getByText('trainer').closest('[data-role-color]')).toHaveAttribute(
      'data-role-color',
      indigo[500],
    );

    const carla = row('Carla Care');
    expect(within(carla).getByText('caregiver').closest('[data-role-color]')).toHaveAttribute(
      'data-role-color',
      blue[700],
    );
    expect(within(carla).getByText('Banned')).toBeInTheDocument();
    expect(within(carla).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/users/${CAREGIVER_UID}/`);

    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/users/create/');
  });

  it('shows 10 users per page by default, with 10, 25, 50 and 100 to choose', async () => {
    for (let index = 0; index < 9; index += 1) {
      const uid = `55555555-5555-4555-8555-5555555555${String(index).padStart(2, '0')}`;
      backend.service.state.users.set(uid, {
        uid,
        public_name: `Zoe ${index}`,
        roles: ['caregiver'],
        banned: false,
        username: `zoe${index}`,
        password: 'zoe-secret',
      });
    }
    const { user } = await openList();
    await expectPanelPager(user, 10, '1-10 of 12');
    // the layout's preload and the list share one paged call: the service pages, nobody fetches every user
    const loads = backend.service.hits('GET', '/api/auth/administration/users/');
    expect(loads.map((load) => load.search)).toEqual(['?page=1&page_size=10&sort_by=public_name&ordering=asc']);
  });

  it("searches in name, username, roles and ID through the service (the paged call's query)", async () => {
    const { user } = await openList();
    const loads = backend.service.hits('GET', '/api/auth/administration/users/').length;

    await user.type(screen.getByPlaceholderText('Search'), 'recruit');
    await waitFor(() => expect(() => row('Alice Admin')).toThrow());
    expect(screen.getByText('Bob Recruiter')).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Search'));
    await user.type(screen.getByPlaceholderText('Search'), CAREGIVER_UID.slice(0, 8));
    await waitFor(() => expect(screen.queryByText('Bob Recruiter')).not.toBeInTheDocument());
    expect(screen.getByText('Carla Care')).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Search'));
    await user.type(screen.getByPlaceholderText('Search'), 'carla');
    await waitFor(() => expect(() => row('Alice Admin')).toThrow());
    expect(screen.getByText('Carla Care')).toBeInTheDocument();

    const lastSearch = () => backend.service.hits('GET', '/api/auth/administration/users/').slice(loads).at(-1)?.search;
    await waitFor(() => expect(lastSearch()).toBe('?page=1&page_size=10&sort_by=public_name&ordering=asc&query=carla'));
  });

  it('Revoke Tokens, Ban and Unban are always shown, disabled without a selection', async () => {
    const { user } = await openList();

    for (const name of ['Revoke Tokens', 'Ban', 'Unban']) expect(button(name)).toBeDisabled();
    await user.click(within(row('Bob Recruiter')).getByRole('checkbox'));
    for (const name of ['Revoke Tokens', 'Ban', 'Unban']) expect(button(name)).toBeEnabled();
  });

  it("revokes the selected users' tokens and says 'Tokens haven been removed.'", async () => {
    const { user } = await openList();

    await user.click(within(row('Bob Recruiter')).getByRole('checkbox'));
    await user.click(within(row('Carla Care')).getByRole('checkbox'));
    await user.click(button('Revoke Tokens'));

    expect(await screen.findByText('Tokens haven been removed.')).toBeInTheDocument();
    const [request] = backend.service.hits('POST', '/api/auth/administration/revoke-refresh-tokens/');
    expect((request.body as { uids: string[] }).uids.sort()).toEqual([CAREGIVER_UID, RECRUITER_UID].sort());
    await waitFor(() => expect(button('Revoke Tokens')).toBeDisabled());
  });

  it("bans the selected users after asking, says 'Users have been baned.' and shows the Banned chip", async () => {
    const { user } = await openList();

    await user.click(within(row('Bob Recruiter')).getByRole('checkbox'));
    await user.click(button('Ban'));
    const question = await screen.findByRole('dialog', { name: 'Ban this user?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.service.hits('POST', '/api/auth/administration/ban-users/')).toHaveLength(0);

    await user.click(button('Ban'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ban this user?' })).getByRole('button', { name: 'Ban' }),
    );
    expect(await screen.findByText('Users have been baned.')).toBeInTheDocument();
    // the question, still fading out, keeps its count although the selection is cleared
    expect(screen.queryByText('Ban these 0 users?')).not.toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/administration/ban-users/')[0].body).toEqual({
      uids: [RECRUITER_UID],
    });
    await waitFor(() => expect(within(row('Bob Recruiter')).getByText('Banned')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row('Carla Care')).getByRole('checkbox'));
    await user.click(button('Unban'));
    expect(await screen.findByText('Users have been unbanned.')).toBeInTheDocument();
    await waitFor(() => expect(within(row('Carla Care')).queryByText('Banned')).not.toBeInTheDocument());
  });

  async function banAfterAsking(user: Awaited<ReturnType<typeof openList>>['user']) {
    await user.click(button('Ban'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ban this user?' })).getByRole('button', { name: 'Ban' }),
    );
  }

  it("offers no Ban while one's own account is selected, and says why", async () => {
    const { user } = await openList();
    await user.click(within(row('Bob Recruiter')).getByRole('checkbox'));
    await user.click(within(row('Alice Admin')).getByRole('checkbox'));
    expect(button('Ban')).toBeDisabled();
    expect(button('Revoke Tokens')).toBeEnabled();
    expect(screen.getByLabelText('You cannot ban yourself.')).toBeInTheDocument();
    await user.click(within(row('Alice Admin')).getByRole('checkbox'));
    expect(button('Ban')).toBeEnabled();
  });

  it('shows a failure as a dismissible red alert, and clears the alert on a route change', async () => {
    const { user } = await openList();

    await user.click(within(row('Bob Recruiter')).getByRole('checkbox'));
    backend.service.state.users.delete(RECRUITER_UID); // removed meanwhile, elsewhere
    await banAfterAsking(user);

    const alert = await screen.findByTestId('global-alert');
    expect(alert).toHaveTextContent(/^Not Found/);
    expect(alert.className).toMatch(/filledError/);
    await user.click(await within(alert).findByRole('button', { name: 'Close' })); // once the question's dialog has gone
    expect(screen.queryByTestId('global-alert')).not.toBeInTheDocument();

    await banAfterAsking(user);
    expect(await screen.findByTestId('global-alert')).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Dashboard' }));
    await screen.findByText('Hello Alice Admin!');
    expect(screen.queryByTestId('global-alert')).not.toBeInTheDocument();
  });
});

describe('problems in German', () => {
  it('the German panel says why one cannot ban oneself, and names a taken username in German with the field by its label', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    storeRefreshToken(backend.service);
    const { user } = renderApp(`/?redirect_to=${encodeURIComponent('/users/')}`);
    await screen.findByText('Bob Recruiter');

    await user.click(within(row('Alice Admin')).getByRole('checkbox'));
    expect(button('Sperren')).toBeDisabled();
    expect(screen.getByLabelText('Sie können sich nicht selbst sperren.')).toBeInTheDocument();

    await user.click(within(row('Bob Recruiter')).getByRole('link', { name: /Bearbeiten/ }));
    await screen.findByDisplayValue('Bob Recruiter');
    await user.click(screen.getByRole('tab', { name: 'Authentifizierung' }));
    const username = screen.getByLabelText(/Benutzername/);
    await user.clear(username);
    await user.type(username, 'alice');
    await waitFor(() => expect(button('Absenden')).toBeEnabled());
    await user.click(button('Absenden'));
    const saveAlert = await screen.findByText(/^Speichern nicht möglich:/);
    expect(saveAlert).toHaveTextContent(
      'Speichern nicht möglich: Konflikt: Der Benutzername ist bereits vergeben. (im Feld Benutzername)',
    );
    expect(saveAlert).not.toHaveTextContent(/Conflict|already taken/);
  });
});
