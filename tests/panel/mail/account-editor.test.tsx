import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/mail/AccountEditor';
import '../../../src/resources/mail/AccountList';
import '../../../src/resources/mail/ProviderEditor';
import '../../../src/resources/mail/ProviderList';
import { ACCOUNT_UID, PLAIN_ACCOUNT_UID, PROVIDER2_UID, PROVIDER_UID } from '../support/fakeMailService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { choose, submit } from '../support/mailEditors';
import { currentUrl } from '../support/renderApp';

const fake = withFakeMailBackend();

describe('account editor', () => {
  it('requires expression and provider, asks credentials when authentication is required and creates the account', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/accounts/add/', 'Add');
    expect(submit()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Edit Credentials' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test mail' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Regular Expression/), 'x');
    await user.clear(screen.getByLabelText(/^Regular Expression/));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Regular Expression/), '^office@caredesk\\.example$');
    expect(submit()).toBeDisabled(); // no provider yet

    await choose(user, 'Provider', 'Local Relay (relay.local)');
    await waitFor(() => expect(submit()).toBeEnabled());

    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Authentication required' }));
    expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.type(screen.getByLabelText(/^Username/), 'office');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/), 'office-secret');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(fake.mail.hits('POST', '/administration/accounts/').map((entry) => entry.body)).toEqual([
      {
        expression: '^office@caredesk\\.example$',
        provider: { uid: PROVIDER2_UID },
        credentials: { username: 'office', password: 'office-secret' },
        credentials_changed: true,
        disabled: false,
      },
    ]);
  });

  it('keeps stored credentials unless Edit Credentials is pressed', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Edit');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Regular Expression/)).toHaveValue('^noreply@caredesk\\.example$'),
    );
    expect(screen.getByRole('checkbox', { name: 'Authentication required' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Edit Credentials' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.type(screen.getByLabelText(/^Regular Expression/), '|^info@caredesk\\.example$');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(fake.mail.hits('PUT', `/administration/accounts/${ACCOUNT_UID}/`).map((entry) => entry.body)).toEqual([
      {
        expression: '^noreply@caredesk\\.example$|^info@caredesk\\.example$',
        provider: { uid: PROVIDER_UID },
        credentials: null,
        credentials_changed: false,
        disabled: false,
      },
    ]);
    expect(fake.mail.state.accounts[0].credentials).toEqual({ username: 'mailer', password: 'secret' });
  });

  it('replaces credentials after Edit Credentials, with both username and password required', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Edit');
    await user.click(await screen.findByRole('button', { name: 'Edit Credentials' }));
    expect(screen.getByLabelText(/^Username/)).toHaveValue('mailer');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Password/), 'new-secret');
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Username/), 'mailer2');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(fake.mail.hits('PUT', `/administration/accounts/${ACCOUNT_UID}/`).map((entry) => entry.body)).toEqual([
      {
        expression: '^noreply@caredesk\\.example$',
        provider: { uid: PROVIDER_UID },
        credentials: { username: 'mailer2', password: 'new-secret' },
        credentials_changed: true,
        disabled: false,
      },
    ]);
  });

  it('removes stored credentials when authentication is no longer required', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Edit');
    const box = await screen.findByRole('checkbox', { name: 'Authentication required' });
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(fake.mail.hits('PUT', `/administration/accounts/${ACCOUNT_UID}/`).map((entry) => entry.body)).toEqual([
      {
        expression: '^noreply@caredesk\\.example$',
        provider: { uid: PROVIDER_UID },
        credentials: null,
        credentials_changed: true,
        disabled: false,
      },
    ]);
    expect(fake.mail.state.accounts[0].credentials).toBeNull();
  });

  it('adds credentials to an account without any', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${PLAIN_ACCOUNT_UID}/`, 'Edit');
    const box = await screen.findByRole('checkbox', { name: 'Authentication required' });
    await waitFor(() => expect(screen.getByLabelText(/^Regular Expression/)).toHaveValue('.*@intern\\.example$'));
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(screen.queryByRole('button', { name: 'Edit Credentials' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), 'intern');
    await user.type(screen.getByLabelText(/^Password/), 'intern-secret');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(fake.mail.hits('PUT', `/administration/accounts/${PLAIN_ACCOUNT_UID}/`).map((entry) => entry.body)).toEqual([
      {
        expression: '.*@intern\\.example$',
        provider: { uid: PROVIDER2_UID },
        credentials: { username: 'intern', password: 'intern-secret' },
        credentials_changed: true,
        disabled: false,
      },
    ]);
  });

  it('shows what is wrong with an invalid expression on the Expression field, not in a banner', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${PLAIN_ACCOUNT_UID}/`, 'Edit');
    const expression = await screen.findByLabelText(/^Regular Expression/, {}, { timeout: 5000 });
    await waitFor(() => expect(expression).toHaveValue('.*@intern\\.example$'));
    await user.clear(expression);
    await user.type(expression, '([[');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    const message = await screen.findByText('A [ is never closed by ].');
    expect(expression).toHaveAttribute('aria-invalid', 'true');
    expect(expression.getAttribute('aria-describedby')?.split(' ')).toContain(message.closest('[id]')?.id);
    expect(screen.queryByText(/Cannot save/)).not.toBeInTheDocument();
    expect(screen.queryByText(/backreferences and lookaround/)).not.toBeInTheDocument();
    expect(currentUrl()).toBe(`/mailman/accounts/${PLAIN_ACCOUNT_UID}/`);
    expect(
      fake.mail
        .hits('PUT', `/administration/accounts/${PLAIN_ACCOUNT_UID}/`)
        .map((entry) => (entry.body as { expression: string }).expression),
    ).toEqual(['([']);

    // a change clears it, and the corrected expression saves
    await user.type(expression, ']');
    await waitFor(() => expect(screen.queryByText('A [ is never closed by ].')).not.toBeInTheDocument());
  });
});
