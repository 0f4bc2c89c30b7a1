import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/users/UserCreate';
import '../../../src/resources/users/UserEdit';
import '../../../src/resources/users/UserList';
import { withFakeBackend } from '../support/backend';
import { RECRUITER_UID } from '../support/fakeAuthService';
import { currentUrl, reloadApp, renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

const button = (name: string) => screen.getByRole('button', { name });

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
    backend.server.use(
      http.post('http://localhost:3000/api/auth/administration/users/', () => held.then(() => undefined), {
        once: true,
      }),
    );

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
describe('edit user', () => {
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
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`)[0].body).toEqual(
      {
        uid: RECRUITER_UID,
        public_name: 'Bob Recruiter',
        roles: ['recruiter', 'trainer', 'dispatcher', 'night'],
      },
    );
    expect(
      backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/password-authentication/`),
    ).toHaveLength(0);
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
    expect(
      backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/password-authentication/`)[0].body,
    ).toEqual({
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
    expect(backend.service.hits('POST', '/api/auth/administration/revoke-refresh-tokens/')[0].body).toEqual({
      uids: [RECRUITER_UID],
    });

    await user.click(button('Ban'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ban this user?' })).getByRole('button', { name: 'Ban' }),
    );
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
