import { blue, deepPurple, green, indigo, red } from '@mui/material/colors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../src/resources/users/UserCreate';
import '../../src/resources/users/UserEdit';
import '../../src/resources/users/UserList';
import { LOCALE_STORAGE_KEY } from '../../src/i18n/detectLocale';
import { useFakeBackend } from './support/backend';
import { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID } from './support/fakeAuthService';
import { expectPanelPager } from './support/pager';
import { currentUrl, reloadApp, renderApp, storeRefreshToken } from './support/renderApp';

const backend = useFakeBackend();

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
    expect(within(alice).getByText('administrator').closest('[data-role-color]')).toHaveAttribute('data-role-color', red[700]);
    expect(within(alice).getByText('ceo').closest('[data-role-color]')).toHaveAttribute('data-role-color', deepPurple[500]);
    expect(within(alice).queryByText('Banned')).not.toBeInTheDocument();

    const bob = row('Bob Recruiter');
    expect(within(bob).getByText('recruiter').closest('[data-role-color]')).toHaveAttribute('data-role-color', green[800]);
    expect(within(bob).getByText('trainer').closest('[data-role-color]')).toHaveAttribute('data-role-color', indigo[500]);

    const carla = row('Carla Care');
    expect(within(carla).getByText('caregiver').closest('[data-role-color]')).toHaveAttribute('data-role-color', blue[700]);
    expect(within(carla).getByText('Banned')).toBeInTheDocument();
    expect(within(carla).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', `/users/${CAREGIVER_UID}/`);

    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/users/create/');
  });

  it('shows 10 users per page by default, with 10, 25, 50 and 100 to choose', async () => {
    for (let index = 0; index < 9; index += 1) {
      const uid = `55555555-5555-4555-8555-5555555555${String(index).padStart(2, '0')}`;
      backend.service.state.users.set(uid, { uid, public_name: `Zoe ${index}`, roles: ['caregiver'], banned: false, username: `zoe${index}`, password: 'zoe-secret' });
    }
    const { user } = await openList();
    await expectPanelPager(user, 10, '1-10 of 12');
    // the layout's preload and the list share one paged call: the service pages, nobody fetches every user
    const loads = backend.service.hits('GET', '/api/auth/administration/users/');
    expect(loads.map((load) => load.search)).toEqual(['?page=1&page_size=10&sort_by=public_name&ordering=asc']);
  });

  it('searches in name, username, roles and ID through the service (the paged call\'s query)', async () => {
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
    await user.click(within(await screen.findByRole('dialog', { name: 'Ban this user?' })).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Users have been baned.')).toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/administration/ban-users/')[0].body).toEqual({ uids: [RECRUITER_UID] });
    await waitFor(() => expect(within(row('Bob Recruiter')).getByText('Banned')).toBeInTheDocument());

    await user.click(within(row('Carla Care')).getByRole('checkbox'));
    await user.click(button('Unban'));
    expect(await screen.findByText('Users have been unbanned.')).toBeInTheDocument();
    await waitFor(() => expect(within(row('Carla Care')).queryByText('Banned')).not.toBeInTheDocument());
  });

  async function banAfterAsking(user: Awaited<ReturnType<typeof openList>>['user']) {
    await user.click(button('Ban'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ban this user?' })).getByRole('button', { name: 'Ban' }));
  }

  it('offers no Ban while one\'s own account is selected, and says why', async () => {
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

describe('create user', () => {
  async function openCreate() {
    storeRefreshToken(backend.service);
    const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/users/create/')}`);
    await screen.findByText('Create a new domain user');
    return rendered;
  }

  it('shows the required messages and sends nothing for an empty form', async () => {
    const { user } = await openCreate();

    await user.click(button('Submit'));

    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    expect(backend.service.hits('POST', '/api/auth/administration/users/')).toHaveLength(0);
  });

  it('checks the minimum lengths and the confirmation', async () => {
    const { user } = await openCreate();

    await user.type(screen.getByLabelText(/Public name/), 'Ann');
    await user.type(screen.getByLabelText(/Username/), 'ann');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/Confirmation/), 'other');
    await user.click(button('Submit'));

    await waitFor(() => expect(screen.getAllByText('Minimum 4 characters required')).toHaveLength(2));
    expect(screen.getByText('Minimum 7 characters required')).toBeInTheDocument();
    expect(screen.getByText('The password and its confirmation are not equal')).toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/administration/users/')).toHaveLength(0);
  });

  it('creates the user and goes to /users/', async () => {
    const { user } = await openCreate();

    await user.type(screen.getByLabelText(/Public name/), 'Dora Dispatcher');
    await user.type(screen.getByLabelText(/Username/), 'dora');
    await user.type(screen.getByLabelText(/^Password/), 'dora-secret');
    await user.type(screen.getByLabelText(/Confirmation/), 'dora-secret');
    await user.click(button('Submit'));

    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(backend.service.hits('POST', '/api/auth/administration/users/')[0].body).toEqual({
      username: 'dora',
      password: 'dora-secret',
      public_name: 'Dora Dispatcher',
      roles: [],
    });
    expect(await screen.findByText('Dora Dispatcher')).toBeInTheDocument();
  });

  it('opened directly: Submit is disabled while saving, a double click creates one user, and the list replaces the form', async () => {
    storeRefreshToken(backend.service);
    const { user } = renderApp('/users/create/');
    await screen.findByText('Create a new domain user');
    const historyLength = window.history.length;
    await user.type(screen.getByLabelText(/Public name/), 'Emil Evening');
    await user.type(screen.getByLabelText(/Username/), 'emil');
    await user.type(screen.getByLabelText(/^Password/), 'emil-secret');
    await user.type(screen.getByLabelText(/Confirmation/), 'emil-secret');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { http } = await import('msw');
    backend.server.use(http.post('http://localhost:3000/api/auth/administration/users/', () => held.then(() => undefined), { once: true }));

    await user.dblClick(button('Submit'));
    await waitFor(() => expect(button('Submit')).toBeDisabled());
    await user.click(button('Submit'));
    release();

    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(await screen.findByText('Emil Evening')).toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/administration/users/')).toHaveLength(1);
    expect(window.history.length).toBe(historyLength);
  });

  it("shows 'Cannot save:' with the problem when the service refuses", async () => {
    const { user } = await openCreate();

    await user.type(screen.getByLabelText(/Public name/), 'Another Bob');
    await user.type(screen.getByLabelText(/Username/), 'BOBBY');
    await user.type(screen.getByLabelText(/^Password/), 'bob-secret2');
    await user.type(screen.getByLabelText(/Confirmation/), 'bob-secret2');
    await user.click(button('Submit'));

    expect(await screen.findByTestId('global-alert')).toHaveTextContent(
      'Cannot save: Conflict: The username is already taken. (in field Username)',
    );
    expect(currentUrl()).toBe('/users/create/');
  });
});

// The edit form (tabs, Autocomplete) is the heaviest screen to render in jsdom; give it more room than the default.
describe('edit user', { timeout: 60_000 }, () => {
  async function openEdit(uid = RECRUITER_UID) {
    storeRefreshToken(backend.service);
    const rendered = renderApp(`/?redirect_to=${encodeURIComponent(`/users/${uid}/`)}`);
    await screen.findByDisplayValue(backend.service.state.users.get(uid)!.public_name);
    return rendered;
  }

  it('has the tabs, and Submit is enabled only when something changed and the form is valid', async () => {
    const { user } = await openEdit();

    expect(screen.getByRole('tab', { name: 'Name and roles' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Authentication' })).toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();

    const name = screen.getByLabelText(/Public name/);
    await user.type(name, 'y');
    await waitFor(() => expect(button('Submit')).toBeEnabled());

    await user.clear(name);
    await waitFor(() => expect(button('Submit')).toBeDisabled());
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(name, 'Bob');
    await waitFor(() => expect(screen.getByText('Minimum 4 characters required')).toBeInTheDocument());
    expect(button('Submit')).toBeDisabled();

    await user.type(name, 'by');
    await waitFor(() => expect(button('Submit')).toBeEnabled());

    // without roles the form is invalid
    const roles = within(screen.getByText('recruiter').closest('.MuiAutocomplete-root') as HTMLElement);
    while (roles.queryAllByTestId('CancelIcon').length > 0) await user.click(roles.getAllByTestId('CancelIcon')[0]);
    await waitFor(() => expect(button('Submit')).toBeDisabled());
    expect(await screen.findByText('At least one role is required')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Add a role')).toBeInTheDocument();
  });

  it('offers the known roles, accepts free text, and sends only PUT domain-user for name and roles', async () => {
    const { user } = await openEdit();

    const input = screen.getByPlaceholderText('Add a role');
    expect(input).toHaveAttribute('role', 'combobox');
    await user.type(input, 'disp');
    await user.click(await screen.findByRole('option', { name: 'dispatcher' }));
    await user.type(input, 'night{Enter}');
    await user.click(button('Submit'));

    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`)[0].body).toEqual({
      uid: RECRUITER_UID,
      public_name: 'Bob Recruiter',
      roles: ['recruiter', 'trainer', 'dispatcher', 'night'],
    });
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/password-authentication/`)).toHaveLength(0);
  });

  it('sends only PUT password-authentication for username and password, which must match its confirmation', async () => {
    const { user } = await openEdit();

    await user.click(screen.getByRole('tab', { name: 'Authentication' }));
    const username = screen.getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'rob1');
    await user.type(screen.getByLabelText(/New password/), 'secret7');
    await user.type(screen.getByLabelText(/Confirmation/), 'secreT7');
    expect(await screen.findByText('The password and its confirmation are not equal')).toBeInTheDocument();
    await waitFor(() => expect(button('Submit')).toBeDisabled());

    await user.clear(screen.getByLabelText(/Confirmation/));
    await user.type(screen.getByLabelText(/Confirmation/), 'secret7');
    await waitFor(() => expect(button('Submit')).toBeEnabled());
    await user.click(button('Submit'));

    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/password-authentication/`)[0].body).toEqual({
      username: 'rob1',
      password: 'secret7',
    });
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`)).toHaveLength(0);
  });

  it('reloaded after the list, saves, says so and goes back to the list', async () => {
    storeRefreshToken(backend.service);
    const { user, historyLength } = reloadApp(`/users/${RECRUITER_UID}/`, '/users/');
    const name = await screen.findByDisplayValue('Bob Recruiter');
    await user.type(name, 'by');
    await waitFor(() => expect(button('Submit')).toBeEnabled());

    await user.dblClick(button('Submit'));

    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(await screen.findByText('User saved')).toBeInTheDocument();
    expect((window.history.state as { idx: number }).idx).toBe(0);
    expect(window.history.length).toBe(historyLength);
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`)).toHaveLength(1);
  });

  it('acts on its user: Revoke Tokens, Ban or Unban as the user is, and Unlock only while sign-in is locked', async () => {
    backend.service.state.users.get(RECRUITER_UID)!.locked = true;
    const { user } = await openEdit();
    expect(screen.queryByRole('button', { name: 'Unban' })).not.toBeInTheDocument();

    await user.click(button('Revoke Tokens'));
    expect(await screen.findByText('Tokens haven been removed.')).toBeInTheDocument();
    expect(backend.service.hits('POST', '/api/auth/administration/revoke-refresh-tokens/')[0].body).toEqual({ uids: [RECRUITER_UID] });

    await user.click(button('Ban'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ban this user?' })).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Users have been baned.')).toBeInTheDocument();
    expect(backend.service.state.users.get(RECRUITER_UID)!.banned).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('Users have been unbanned.')).toBeInTheDocument();
    expect(backend.service.state.users.get(RECRUITER_UID)!.banned).toBe(false);
    await screen.findByRole('button', { name: 'Ban' });

    await user.click(button('Unlock'));
    expect(await screen.findByText('Sign-in has been unlocked.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument());
    expect(currentUrl()).toBe(`/users/${RECRUITER_UID}/`);
  });

  it("shows 'Cannot save:' with the message when the service refuses", async () => {
    const { user } = await openEdit();

    await user.click(screen.getByRole('tab', { name: 'Authentication' }));
    const username = screen.getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'alice');
    await waitFor(() => expect(button('Submit')).toBeEnabled());
    await user.click(button('Submit'));

    expect(await screen.findByTestId('global-alert')).toHaveTextContent(
      'Cannot save: Conflict: The username is already taken. (in field Username)',
    );
    expect(currentUrl()).toBe(`/users/${RECRUITER_UID}/`);
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
    expect(saveAlert).toHaveTextContent('Speichern nicht möglich: Konflikt: Der Benutzername ist bereits vergeben. (im Feld Benutzername)');
    expect(saveAlert).not.toHaveTextContent(/Conflict|already taken/);
  });
});
