import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/mail/AccountEditor';
import '../../../src/resources/mail/AccountList';
import '../../../src/resources/mail/ProviderEditor';
import '../../../src/resources/mail/ProviderList';
import '../../../src/resources/mail/RetryList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { ACCOUNT_UID, PLAIN_ACCOUNT_UID, PROVIDER2_UID, PROVIDER_UID } from '../support/fakeMailService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { currentUrl } from '../support/renderApp';
import { onAPhone } from '../support/phone';

/** Disabling and deleting providers and accounts, and Retry now on the retry list, on the real screens. */

const fake = withFakeMailBackend();

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem(LOCALE_STORAGE_KEY);
});

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};
const hasRow = (text: string) => screen.queryAllByText(text).some((element) => element.closest('tbody tr'));
const submit = () => screen.getByRole('button', { name: /^(Submit|Absenden|Speichern)$/ });

describe('disabling', () => {
  it('the provider editor disables a provider with its switch; the list marks it Disabled', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER_UID}/`, 'Edit');
    await waitFor(() => expect(screen.getByLabelText(/^Host/)).toHaveValue('smtp.mailjet.example'));
    const disabled = screen.getByRole('switch', { name: 'Disabled' });
    expect(disabled).not.toBeChecked();
    expect(screen.getByText('Kept, but not used to deliver mails while disabled.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await user.click(disabled);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/'));
    expect(fake.mail.hits('PUT', `/administration/providers/${PROVIDER_UID}/`).map((entry) => entry.body)).toEqual([
      { name: 'Mailjet Relay', host: 'smtp.mailjet.example', port: 587, security: 'starttls', disabled: true },
    ]);
    await waitFor(() => expect(within(row('Mailjet Relay')).getByText('Disabled')).toBeInTheDocument());
    expect(within(row('Local Relay')).queryByText('Disabled')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toContain('Status');
  });

  it('the account editor disables an account; the list marks it, and an account of a disabled provider as Provider disabled', async () => {
    fake.mail.state.providers.get(PROVIDER2_UID)!.disabled = true;
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Edit');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Regular Expression/)).toHaveValue('^noreply@caredesk\\.example$'),
    );
    await user.click(screen.getByRole('switch', { name: 'Disabled' }));
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(fake.mail.hits('PUT', `/administration/accounts/${ACCOUNT_UID}/`).map((entry) => entry.body)).toEqual([
      {
        expression: '^noreply@caredesk\\.example$',
        provider: { uid: PROVIDER_UID },
        credentials: null,
        credentials_changed: false,
        disabled: true,
      },
    ]);
    await waitFor(() => expect(within(row('^noreply@caredesk\\.example$')).getByText('Disabled')).toBeInTheDocument());
    expect(within(row('.*@intern\\.example$')).getByText('Provider disabled')).toBeInTheDocument();
  });

  it("the account editor's provider choice marks a disabled provider", async () => {
    fake.mail.state.providers.get(PROVIDER2_UID)!.disabled = true;
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${ACCOUNT_UID}/`, 'Edit');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Regular Expression/)).toHaveValue('^noreply@caredesk\\.example$'),
    );
    await user.click(screen.getByRole('combobox', { name: /^Provider/ }));
    expect(await screen.findByRole('option', { name: 'Local Relay (relay.local) · Disabled' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Mailjet Relay (smtp.mailjet.example)' })).toBeInTheDocument();
  });

  it('a phone card marks a disabled provider too, in German', async () => {
    onAPhone();
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    fake.mail.state.providers.get(PROVIDER_UID)!.disabled = true;
    await openMailScreen(fake.backend, '/mailman/providers/', 'Mailjet Relay');
    const card = screen.getByText('Mailjet Relay').closest('li') as HTMLElement;
    expect(within(card).getByText('Deaktiviert')).toBeInTheDocument();
  });
});

describe('deleting', () => {
  it('a provider in use: the dialog shows why the service refused, with how many accounts; nothing is deleted', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER_UID}/`, 'Edit');
    await waitFor(() => expect(screen.getByLabelText(/^Host/)).toHaveValue('smtp.mailjet.example'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete provider' });
    expect(
      within(dialog).getByText(
        'Delete the provider Mailjet Relay for good? Only a provider no account uses can be deleted.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await within(dialog).findByText(
        'Conflict: The provider cannot be deleted: 1 account uses it. Delete that account or give it another provider first.',
      ),
    ).toBeInTheDocument();
    expect(fake.mail.hits('DELETE', `/administration/providers/${PROVIDER_UID}/`)).toHaveLength(1);
    expect(fake.mail.state.providers.has(PROVIDER_UID)).toBe(true);
    expect(currentUrl()).toBe(`/mailman/providers/${PROVIDER_UID}/`);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so in German, with the plural', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    fake.mail.state.accounts.push({
      uid: 'bbbbbbbb-0000-4000-8000-000000000009',
      expression: 'extra',
      providerUid: PROVIDER_UID,
      credentials: null,
      disabled: false,
    });
    const { user } = await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER_UID}/`, 'Bearbeiten');
    await waitFor(() => expect(screen.getByLabelText(/^Host/)).toHaveValue('smtp.mailjet.example'));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provider löschen' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(
      await within(dialog).findByText(/Der Provider kann nicht gelöscht werden: 2 Konten nutzen ihn\./),
    ).toBeInTheDocument();
  });

  it('an account is deleted after confirming, and then its provider, each going back to its list', async () => {
    const { user, unmount } = await openMailScreen(fake.backend, `/mailman/accounts/${PLAIN_ACCOUNT_UID}/`, 'Edit');
    await waitFor(() => expect(screen.getByLabelText(/^Regular Expression/)).toHaveValue('.*@intern\\.example$'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(within(dialog).getByText(/^Delete the account \.\*@intern\\\.example\$ for good\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(currentUrl()).toBe('/mailman/accounts/'));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(fake.mail.hits('DELETE', `/administration/accounts/${PLAIN_ACCOUNT_UID}/`)).toHaveLength(1);
    await waitFor(() => expect(hasRow('.*@intern\\.example$')).toBe(false));
    expect(hasRow('^noreply@caredesk\\.example$')).toBe(true);

    unmount();
    await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER2_UID}/`, 'Edit');
    await waitFor(() => expect(screen.getByLabelText(/^Host/)).toHaveValue('relay.local'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete provider' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(currentUrl()).toBe('/mailman/providers/'));
    expect(await screen.findByText('Provider deleted')).toBeInTheDocument();
    await waitFor(() => expect(hasRow('Local Relay')).toBe(false));
  });

  it('a new provider or account has no Delete', async () => {
    await openMailScreen(fake.backend, '/mailman/providers/add/', 'Add');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('an invalid expression', () => {
  it('says what is wrong on the Expression field in German too', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    const { user } = await openMailScreen(fake.backend, `/mailman/accounts/${PLAIN_ACCOUNT_UID}/`, 'Bearbeiten');
    const expression = await screen.findByLabelText(/^Regulärer Ausdruck/, {}, { timeout: 5000 });
    await waitFor(() => expect(expression).toHaveValue('.*@intern\\.example$'));
    await user.clear(expression);
    await user.type(expression, '([[');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('Eine [ wird nie durch ] geschlossen.')).toBeInTheDocument();
    expect(expression).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Speichern nicht möglich|Cannot save/)).not.toBeInTheDocument();
  });
});

describe('Retry now', () => {
  const retryNowCalls = () =>
    fake.mail.hits('POST', '/administration/queue/failed-temporarily/retry-now/').map((entry) => entry.body);

  it('makes the selected retrying mails due now, says how many, reloads and clears the selection', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-temporarily/', 'Reminder');
    const button = screen.getByRole('button', { name: 'Retry now' });
    expect(button).toBeDisabled();
    await user.click(within(row('Reminder')).getByRole('checkbox'));
    expect(button).toBeEnabled();
    const loads = fake.mail.hits('GET', '/administration/mails/').length;
    await user.click(button);

    expect(await screen.findByText('1 mail is due now')).toBeInTheDocument();
    expect(retryNowCalls()).toEqual([{ uids: ['r-1'] }]);
    await waitFor(() => expect(fake.mail.hits('GET', '/administration/mails/').length).toBeGreaterThan(loads));
    await waitFor(() => expect(within(row('Reminder')).getByRole('checkbox')).not.toBeChecked());
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeDisabled();
  });

  it("a row's own button retries that mail without opening it; none moved says so", async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-temporarily/', 'Reminder');
    await user.click(within(row('Reminder')).getByRole('button', { name: 'Retry now Reminder' }));
    expect(await screen.findByText('1 mail is due now')).toBeInTheDocument();
    expect(retryNowCalls()).toEqual([{ uids: ['r-1'] }]);
    expect(currentUrl()).toBe('/mailman/failed-temporarily/');

    fake.mail.state.retrying = [];
    await user.click(within(row('Reminder')).getByRole('button', { name: 'Retry now Reminder' }));
    expect(await screen.findByText('None of these mails is waiting for another attempt any more.')).toBeInTheDocument();
  });

  it('says when it failed and logs it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.mail.state.failRetryNow = true;
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-temporarily/', 'Reminder');
    await user.click(within(row('Reminder')).getByRole('button', { name: 'Retry now Reminder' }));
    expect(await screen.findByText('The mails could not be made due. Please try again.')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Cannot retry the deliveries now', expect.anything());
  });

  it('on a phone each card has its own button (cards cannot be selected), in German', async () => {
    onAPhone();
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-temporarily/', 'Reminder');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Jetzt erneut versuchen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jetzt erneut versuchen Reminder' }));
    expect(await screen.findByText('1 Mail ist jetzt fällig')).toBeInTheDocument();
    expect(retryNowCalls()).toEqual([{ uids: ['r-1'] }]);
    expect(currentUrl()).toBe('/mailman/failed-temporarily/');
  });
});
