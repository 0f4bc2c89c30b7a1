import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/users/UserCreate';
import '../../../src/resources/users/UserEdit';
import '../../../src/resources/users/UserList';
import '../../../src/resources/mail/AccountEditor';
import '../../../src/resources/mail/ProviderEditor';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { ACCOUNT_UID, PROVIDER_UID } from '../support/fakeMailService';
import { RECRUITER_UID } from '../support/fakeAuthService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';
import { onAPhone } from '../support/phone';

const fake = withFakeMailBackend();
const backend = fake.backend;

async function open(path: string, text: string) {
  storeRefreshToken(backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await screen.findAllByText(text);
  return rendered;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The opacity a person sees on `element`: its own times every ancestor's. */
function seenOpacity(element: Element | null): number {
  let opacity = 1;
  for (let node = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity || '1');
  return opacity;
}

describe('users list rows and cards', () => {
  it('a click on a row opens that user, with one history entry', async () => {
    const { user } = await open('/users/', 'Bob Recruiter');
    const row = screen
      .getAllByText('bobby')
      .find((cell) => cell.closest('tbody tr'))!
      .closest('tr')!;
    const pushed = vi.spyOn(window.history, 'pushState');
    await user.click(within(row).getByText('bobby'));
    await waitFor(() => expect(currentUrl()).toBe(`/users/${RECRUITER_UID}/`));
    await screen.findByDisplayValue('Bob Recruiter');
    // one new history entry: the user's page, pushed once (a second push would make Back land on the same page)
    expect(pushed.mock.calls.map((call) => String(call[2]))).toEqual([`/users/${RECRUITER_UID}/`]);
  });

  it("the row's Edit button still opens the user once", async () => {
    const { user } = await open('/users/', 'Bob Recruiter');
    const pushed = vi.spyOn(window.history, 'pushState');
    await user.click(screen.getByRole('link', { name: 'Edit Bob Recruiter' }));
    await waitFor(() => expect(currentUrl()).toBe(`/users/${RECRUITER_UID}/`));
    await screen.findByDisplayValue('Bob Recruiter');
    // one new history entry: the user's page, pushed once (a second push would make Back land on the same page)
    expect(pushed.mock.calls.map((call) => String(call[2]))).toEqual([`/users/${RECRUITER_UID}/`]);
  });

  it('on a phone, a card opens its user, and its role chips show in full colour', async () => {
    onAPhone();
    const { user } = await open('/users/', 'Bob Recruiter');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const chip = screen
      .getAllByText('recruiter')
      .map((label) => label.closest('[data-role-color]'))
      .find(Boolean)!;
    expect(seenOpacity(chip)).toBe(1);
    const card = chip.closest('[role="button"]') as HTMLElement;
    expect(within(card).queryByRole('link')).not.toBeInTheDocument(); // no control inside the card's own
    await user.click(card);
    await waitFor(() => expect(currentUrl()).toBe(`/users/${RECRUITER_UID}/`));
  });
});

describe('create user with roles', () => {
  it('offers the roles as the edit form does and sends the chosen ones with the new user', async () => {
    const { user } = await open('/users/create/', 'Create a new domain user');
    await user.type(screen.getByLabelText(/Public name/), 'Dora Dispatcher');
    await user.type(screen.getByLabelText(/Username/), 'dora');
    await user.type(screen.getByLabelText(/^Password/), 'dora-secret');
    await user.type(screen.getByLabelText(/Confirmation/), 'dora-secret');
    const roles = screen.getByPlaceholderText('Add a role');
    await user.type(roles, 'disp');
    await user.click(await screen.findByRole('option', { name: 'dispatcher' }));
    await user.type(roles, 'night{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(currentUrl()).toBe('/users/'));
    expect(backend.service.hits('POST', '/api/auth/administration/users/')[0].body).toEqual({
      username: 'dora',
      password: 'dora-secret',
      public_name: 'Dora Dispatcher',
      roles: ['dispatcher', 'night'],
    });
  });
});

describe('user editor', () => {
  it('shows no Submit toolbar on the Sessions tab, which has nothing to save', async () => {
    const { user } = await open(`/users/${RECRUITER_UID}/`, 'Name and roles');
    await screen.findByDisplayValue('Bob Recruiter');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument());
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Authentication' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });
});

describe('editor titles name the thing, in the app bar and the browser tab', () => {
  const appBarTitle = () => document.getElementById('react-admin-title');

  it('users', async () => {
    await open(`/users/${RECRUITER_UID}/`, 'Name and roles');
    await waitFor(() => expect(appBarTitle()).toHaveTextContent('Edit user Bob Recruiter'));
    await waitFor(() => expect(document.title).toBe('Edit user Bob Recruiter · Caredesk'));
  });

  it('mail providers and accounts, in English', async () => {
    await openMailScreen(backend, '/mailman/providers/add/', 'Add');
    await waitFor(() => expect(document.title).toBe('Add mail provider · Caredesk'));
    expect(appBarTitle()).toHaveTextContent('Add mail provider');
  });

  it('an existing provider by its name', async () => {
    await openMailScreen(backend, `/mailman/providers/${PROVIDER_UID}/`, 'Edit');
    await waitFor(() => expect(document.title).toBe('Edit mail provider Mailjet Relay · Caredesk'));
    // the card keeps the specification's title
    expect(screen.getByText('Edit', { selector: '.MuiCardHeader-title, .MuiCardHeader-title *' })).toBeInTheDocument();
  });

  it('accounts, in German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    await openMailScreen(backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Bearbeiten');
    await waitFor(() =>
      expect(document.title).toBe('Absenderkonto ^noreply@caredesk\\.example$ bearbeiten · Caredesk'),
    );
  });

  it('a new account, in German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    await openMailScreen(backend, '/mailman/accounts/add/', 'Hinzufügen');
    await waitFor(() => expect(document.title).toBe('Absenderkonto hinzufügen · Caredesk'));
  });
});

describe('screen titles on a phone', () => {
  it('head the page, since the app bar has no room for them; in German too', async () => {
    onAPhone();
    window.localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    await open(`/users/${RECRUITER_UID}/`, 'Name und Rollen');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Benutzer Bob Recruiter bearbeiten' });
    expect(screen.getByRole('main')).toContainElement(heading);
    // the app bar keeps the title as its spacer only, unseen
    expect(getComputedStyle(document.getElementById('react-admin-title')!).visibility).toBe('hidden');
  });

  it('are the app bar’s alone on a wider screen', async () => {
    await open('/users/', 'Bob Recruiter');
    await waitFor(() => expect(document.getElementById('react-admin-title')).toHaveTextContent('Users'));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(getComputedStyle(document.getElementById('react-admin-title')!).visibility).toBe('visible');
  });
});
