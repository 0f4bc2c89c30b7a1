import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/mail/AccountEditor';
import '../../../src/resources/mail/AccountList';
import '../../../src/resources/mail/ProviderEditor';
import '../../../src/resources/mail/ProviderList';
import { PLAIN_ACCOUNT_UID, PROVIDER_UID } from '../support/fakeMailService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { choose, submit } from '../support/mailEditors';
import { currentUrl, reloadApp, renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeMailBackend();

describe('provider editor', () => {
  it('validates name, host, port and security and creates the provider, then goes back to the list', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/providers/', 'Mailjet Relay');
    await user.click(screen.getByRole('link', { name: 'Add' }));
    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/add/'));
    expect(
      await screen.findByText('Add', { selector: '.MuiCardHeader-title, .MuiCardHeader-title *' }),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText(/^Name/), 'abc');
    await user.type(screen.getByLabelText(/^Host/), 'abc');
    await user.type(screen.getByLabelText(/^Port/), '25a');
    expect(await screen.findAllByText('Minimum 4 characters required')).toHaveLength(2);
    expect(screen.getByText('Number required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText(/^Name/), 'd');
    await user.type(screen.getByLabelText(/^Host/), 'd.example');
    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/^Port/), '2525');
    await waitFor(() => expect(screen.queryByText('Number required')).not.toBeInTheDocument());
    expect(submit()).toBeDisabled(); // security still missing

    await choose(user, 'Security', 'SSL/TLS');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/'));
    expect(fake.mail.hits('POST', '/administration/providers/').map((entry) => entry.body)).toEqual([
      { name: 'abcd', host: 'abcd.example', port: 2525, security: 'ssl/tls', disabled: false },
    ]);
    expect(await screen.findByText('abcd.example')).toBeInTheDocument();
  });

  it('loads an existing provider, enables Submit only on a change and updates it', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER_UID}/`, 'Edit');
    await waitFor(() => expect(screen.getByLabelText(/^Host/)).toHaveValue('smtp.mailjet.example'));
    expect(screen.getByLabelText(/^Port/)).toHaveValue('587');
    expect(submit()).toBeDisabled();

    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/^Port/), '465');
    await choose(user, 'Security', 'SSL/TLS');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/'));
    expect(fake.mail.hits('PUT', `/administration/providers/${PROVIDER_UID}/`).map((entry) => entry.body)).toEqual([
      { name: 'Mailjet Relay', host: 'smtp.mailjet.example', port: 465, security: 'ssl/tls', disabled: false },
    ]);
  });

  it("shows 'Cannot save:' with the problem's title, detail and field", async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER_UID}/`, 'Edit');
    await waitFor(() => expect(screen.getByLabelText(/^Port/)).toHaveValue('587'));
    await user.clear(screen.getByLabelText(/^Port/));
    await user.type(screen.getByLabelText(/^Port/), '70000');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(
      await screen.findByText('Cannot save: Bad Request: The port must be between 1 and 65535. (in field Port)'),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe(`/mailman/providers/${PROVIDER_UID}/`);
  });
});

describe('editors opened directly or after a reload', () => {
  const historyIndex = () => (window.history.state as { idx: number }).idx;

  async function fillProvider(user: Awaited<ReturnType<typeof openMailScreen>>['user'], name: string) {
    await user.type(screen.getByLabelText(/^Name/), name);
    await user.type(screen.getByLabelText(/^Host/), 'smtp.direct.example');
    await user.type(screen.getByLabelText(/^Port/), '25');
    await choose(user, 'Security', 'No Security');
    await waitFor(() => expect(submit()).toBeEnabled());
  }

  it('a provider added from a direct link is saved once on a double click, announced, and the list replaces the editor', async () => {
    storeRefreshToken(fake.backend.service);
    const { user } = renderApp('/mailman/providers/add/');
    await screen.findByText('Add', { selector: '.MuiCardHeader-title, .MuiCardHeader-title *' });
    const historyLength = window.history.length;
    await fillProvider(user, 'Direct Relay');

    await user.dblClick(submit());

    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/'));
    expect(await screen.findByText('Provider saved')).toBeInTheDocument();
    expect(await screen.findByText('smtp.direct.example')).toBeInTheDocument();
    expect(fake.mail.hits('POST', '/administration/providers/')).toHaveLength(1);
    expect(window.history.length).toBe(historyLength);
    expect(historyIndex()).toBe(0);
  });

  it('Submit is disabled while saving, and a second click meanwhile sends nothing', async () => {
    storeRefreshToken(fake.backend.service);
    const { user } = renderApp('/mailman/providers/add/');
    await screen.findByText('Add', { selector: '.MuiCardHeader-title, .MuiCardHeader-title *' });
    await fillProvider(user, 'Slow Relay');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { http } = await import('msw');
    fake.backend.server.use(
      http.post('http://localhost:3000/api/mail/administration/providers/', () => held.then(() => undefined), {
        once: true,
      }),
    );

    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.click(submit());
    release();

    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/'));
    expect(fake.mail.hits('POST', '/administration/providers/')).toHaveLength(1);
  });

  it('an account editor reloaded after the list saves and goes back to the list (no new history entry)', async () => {
    storeRefreshToken(fake.backend.service);
    const { user, historyLength } = reloadApp(`/mailman/accounts/${PLAIN_ACCOUNT_UID}/`, '/mailman/accounts/');
    await waitFor(() => expect(screen.getByLabelText(/^Regular Expression/)).toHaveValue('.*@intern\\.example$'));
    await user.type(screen.getByLabelText(/^Regular Expression/), '|.*@extern\\.example$');
    await waitFor(() => expect(submit()).toBeEnabled());

    await user.dblClick(submit());

    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(await screen.findByText('Account saved')).toBeInTheDocument();
    expect(historyIndex()).toBe(0);
    expect(window.history.length).toBe(historyLength);
    expect(fake.mail.hits('PUT', `/administration/accounts/${PLAIN_ACCOUNT_UID}/`)).toHaveLength(1);
  });

  it('after a refused save the form stays and can be submitted again', async () => {
    storeRefreshToken(fake.backend.service);
    const { user } = renderApp('/mailman/accounts/add/');
    await screen.findByText('Add', { selector: '.MuiCardHeader-title, .MuiCardHeader-title *' });
    await user.type(screen.getByLabelText(/^Regular Expression/), '(');
    await choose(user, 'Provider', 'Local Relay (relay.local)');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('A ( is never closed by ).')).toBeInTheDocument();
    expect(currentUrl()).toBe('/mailman/accounts/add/');

    await user.type(screen.getByLabelText(/^Regular Expression/), ')@retry\\.example$');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(
      fake.mail
        .hits('POST', '/administration/accounts/')
        .map((entry) => (entry.body as { expression: string }).expression),
    ).toEqual(['(', '()@retry\\.example$']);
  });
});
