import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/users/UserEdit';
import '../../../src/resources/users/UserList';
import { withFakeBackend } from '../support/backend';
import { RECRUITER_UID } from '../support/fakeAuthService';
import { PROVIDER_ISSUER, providerLink } from '../support/fakeAuthUsers';
import { providerInfo } from '../support/fakeProviderSignIn';
import { onAPhone } from '../support/phone';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/**
 * How users sign in, in the users screens: the list's column and filter (a chip on a phone's card), only with a provider configured;
 * the editor's link with Unlink, and the roles the provider sets shown read-only with the reason.
 */

const backend = withFakeBackend();
const state = () => backend.service.state;
const bob = () => state().users.get(RECRUITER_UID)!;

/** Bob signs in at the provider, which sets his roles. */
function linkBob(overrides: Parameters<typeof providerLink>[0] = {}) {
  state().provider = providerInfo();
  bob().providerLink = providerLink(overrides);
}

async function open(path: string, shown: () => Promise<unknown>) {
  storeRefreshToken(backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await shown();
  await waitFor(() => expect(currentUrl()).toBe(path));
  return rendered;
}
const openList = () => open('/users/', () => screen.findByText('Bob Recruiter'));

const row = (name: string) =>
  screen
    .getAllByText(name)
    .find((element) => element.closest('tbody tr'))!
    .closest('tr')!;
const listed = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((element) =>
      within(element)
        .getAllByRole('cell')[1]
        ?.textContent?.replace(/Banned$/, ''),
    );

describe('the users list', () => {
  it('shows nothing of sign-in methods without a provider', async () => {
    await openList();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).not.toContain('Signs in with');
    expect(screen.queryByRole('button', { name: /^Filter/ })).not.toBeInTheDocument();
  });

  it('says how each user signs in, and filters by it', async () => {
    linkBob();
    const { user } = await openList();

    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toContain('Signs in with'),
    );
    expect(within(row('Bob Recruiter')).getByTestId('sign-in-chip')).toHaveTextContent('Signs in with: Agency Login');
    expect(within(row('Alice Admin')).getByText('Password')).toBeInTheDocument();

    const choose = async (option: string) => {
      await user.click(screen.getByRole('button', { name: /^Filter/ }));
      const menu = await screen.findByRole('dialog', { name: 'Filter' });
      await user.click(within(menu).getByRole('combobox', { name: 'Signs in with' }));
      await user.click(await screen.findByRole('option', { name: option }));
      await user.keyboard('{Escape}');
    };
    await choose('Agency Login');
    await waitFor(() => expect(listed()).toEqual(['Bob Recruiter']));
    const asked = backend.service.hits('GET', '/api/auth/administration/users/').at(-1)!;
    expect(JSON.parse(new URLSearchParams(asked.search).get('filters')!)).toEqual({ sign_in: 'oidc' });
    expect(screen.getByRole('button', { name: /^Filter/ })).toHaveAccessibleName('Filter (1 active)');

    await choose('Password');
    await waitFor(() => expect(listed()).toEqual(['Alice Admin', 'Carla Care']));
  });

  it('speaks German', async () => {
    linkBob();
    window.localStorage.setItem('RaStore.locale', JSON.stringify('de'));
    await openList();
    await waitFor(() => expect(within(row('Alice Admin')).getByText('Passwort')).toBeInTheDocument());
    expect(within(row('Bob Recruiter')).getByTestId('sign-in-chip')).toHaveTextContent(
      'Meldet sich an mit: Agency Login',
    );
  });

  it("on a phone, a linked user's card shows the provider", async () => {
    onAPhone();
    linkBob();
    await openList();
    const card = await waitFor(() => {
      const chip = screen.getByTestId('sign-in-chip');
      return chip.closest('li') ?? chip.closest('a')!;
    });
    expect(card).toHaveTextContent('Bob Recruiter');
    expect(screen.getAllByTestId('sign-in-chip')).toHaveLength(1);
  });
});

describe('the user editor', () => {
  const openBob = async () => open(`/users/${RECRUITER_UID}/`, () => screen.findByDisplayValue('Bob Recruiter'));

  it('shows the roles the provider sets read-only with the reason, and saves the name without them', async () => {
    linkBob();
    const { user } = await openBob();

    expect(
      await screen.findByText(
        "Managed by Agency Login: at every sign-in and refresh there, the roles are set from the user's groups, so a change here would be overwritten. Change the groups at Agency Login.",
      ),
    ).toBeInTheDocument();
    const roles = screen.getByText('recruiter').closest('.MuiAutocomplete-root') as HTMLElement;
    expect(within(roles).queryAllByTestId('CancelIcon')).toHaveLength(0);
    expect(within(roles).getByRole('combobox')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText(/Public name/), 'by');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(backend.service.hits('PUT', `/api/auth/administration/users/${RECRUITER_UID}/domain-user/`)[0].body).toEqual(
      {
        uid: RECRUITER_UID,
        public_name: 'Bob Recruiterby',
        roles: ['recruiter', 'trainer'],
      },
    );
  });

  it('keeps the roles editable where the provider sets none', async () => {
    linkBob({ roles_managed: false });
    await openBob();
    await screen.findByText('recruiter');
    expect(screen.queryByText(/Managed by Agency Login/)).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Add a role')).not.toHaveAttribute('readonly');
  });

  it('shows the link on the Authentication tab and unlinks after a confirmation that says what follows', async () => {
    linkBob();
    const { user } = await openBob();
    await user.click(screen.getByRole('tab', { name: 'Authentication' }));

    const section = await screen.findByRole('region', { name: 'Sign-in provider' });
    expect(
      within(section).getByText('Bob Recruiter signs in with Agency Login, with this account there:'),
    ).toBeInTheDocument();
    expect(within(section).getByText(PROVIDER_ISSUER)).toBeInTheDocument();
    expect(within(section).getByText('f3a1c2d4-sub')).toBeInTheDocument();
    expect(within(section).getByText('Last sign-in there')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink from the sign-in provider?' });
    expect(dialog).toHaveTextContent('Bob Recruiter is signed out of every session that came from Agency Login.');
    expect(dialog).toHaveTextContent('set a new one here');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('The link has been removed.')).toBeInTheDocument();
    expect(backend.service.hits('DELETE', `/api/auth/administration/users/${RECRUITER_UID}/oidc-link/`)).toHaveLength(
      1,
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sign-in provider' })).not.toBeInTheDocument());
    expect(bob().providerLink).toBeUndefined();
  });

  it('says a refusal in the dialog', async () => {
    linkBob();
    const { user } = await openBob();
    await user.click(screen.getByRole('tab', { name: 'Authentication' }));
    delete bob().providerLink;
    const section = await screen.findByRole('region', { name: 'Sign-in provider' });
    await user.click(within(section).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(
      await within(dialog).findByText(/The user is not linked to the sign-in provider \(any more\)\./),
    ).toBeInTheDocument();
  });

  it('shows no link for a user who signs in with a password', async () => {
    state().provider = providerInfo();
    const { user } = await openBob();
    await user.click(screen.getByRole('tab', { name: 'Authentication' }));
    await screen.findByLabelText(/Username/);
    expect(screen.queryByRole('region', { name: 'Sign-in provider' })).not.toBeInTheDocument();
  });
});
