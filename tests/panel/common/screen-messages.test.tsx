import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../src/resources/apiTokens/FileApiTokens';
import '../../../src/resources/apiTokens/PricingApiTokens';
import '../../../src/resources/files/FileSearch';
import '../../../src/resources/mail/AccountList';
import '../../../src/resources/mail/DeliveredList';
import '../../../src/resources/mail/FailedList';
import '../../../src/resources/mail/ProviderEditor';
import '../../../src/resources/mail/ProviderList';
import '../../../src/resources/mail/QueueList';
import '../../../src/resources/mail/RetryList';
import '../../../src/resources/users/UserCreate';
import '../../../src/resources/users/UserList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { createFakeFilesService, type FakeFilesService } from '../support/fakeFilesService';
import { PROVIDER_UID } from '../support/fakeMailService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** What people read: empty lists in the screen's own words with the screen's action, success messages, German words. */

const fake = withFakeMailBackend();
let files: FakeFilesService;
beforeEach(() => {
  files = createFakeFilesService();
  fake.backend.server.use(...files.handlers);
});

const german = () => window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');

async function open(path: string, text: string | RegExp) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await screen.findAllByText(text);
  return rendered;
}

/** No internal resource name (mailQueue, filebucket-tokens, care-incoming) in react-admin's fallback wording. */
const expectNoResourceName = () =>
  expect(document.body.textContent).not.toMatch(
    /Mail ?(queue|providers|accounts|delivered|retries|failed)s?|tokens found|-tokens|Element /i,
  );

describe('empty mail lists', () => {
  beforeEach(() => {
    fake.mail.state.queue.splice(0);
    fake.mail.state.delivered.splice(0);
    fake.mail.state.retrying.splice(0);
    fake.mail.state.failed.splice(0);
    fake.mail.state.providers.clear();
    fake.mail.state.accounts.splice(0);
  });

  it('say so in the screen’s words, in English and German', async () => {
    const screens: [string, RegExp][] = [
      ['/mailman/queue/', /^The queue is empty\./],
      ['/mailman/delivered/', /^No mails have been delivered yet\./],
      ['/mailman/failed-temporarily/', /^No deliveries are waiting for another attempt\./],
      ['/mailman/failed-permanently/', /^No deliveries have failed\./],
    ];
    for (const [path, text] of screens) {
      const { unmount } = await open(path, text);
      expect(screen.getByTestId('list-empty')).toHaveTextContent(text);
      expectNoResourceName();
      unmount();
    }
    german();
    const { unmount } = await open('/mailman/queue/', /^Die Warteschlange ist leer\./);
    expectNoResourceName();
    unmount();
  });

  it('offer Add on the empty provider and account lists', async () => {
    const providers = await open('/mailman/providers/', /^No providers yet\./);
    expect(within(screen.getByTestId('list-empty')).getByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/mailman/providers/add/',
    );
    providers.unmount();
    await open('/mailman/accounts/', /^No sender accounts yet\./);
    expect(within(screen.getByTestId('list-empty')).getByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      '/mailman/accounts/add/',
    );
  });
});

describe('a search without result', () => {
  it('says that nothing matches, without offering Add', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/providers/', 'Mailjet Relay');
    await user.type(screen.getByPlaceholderText('Search'), 'no-such-provider');
    const empty = await screen.findByTestId('list-empty');
    expect(empty).toHaveTextContent('Nothing matches the search or the filters.');
    expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('success messages', () => {
  it('name what was saved: "Provider saved"', async () => {
    const { user } = await openMailScreen(fake.backend, `/mailman/providers/${PROVIDER_UID}/`, 'Edit');
    const name = await screen.findByDisplayValue('Mailjet Relay');
    await user.clear(name);
    await user.type(name, 'Mailjet Relay EU');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Provider saved')).toBeInTheDocument();
    expect(screen.queryByText(/Element (updated|created)/)).not.toBeInTheDocument();
  });

  it('name what was created: "User created"', async () => {
    const { user } = await open('/users/create/', 'Create a new domain user');
    await user.type(screen.getByLabelText(/^Public name/), 'Nora Pflege');
    await user.type(screen.getByLabelText(/^Username/), 'nora.pflege');
    await user.type(screen.getByLabelText(/^Password/), 'nora-pass-1');
    await user.type(screen.getByLabelText(/^Confirmation/), 'nora-pass-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(screen.queryByText('Element created')).not.toBeInTheDocument();
  });

  it('revoking tokens in German says "widerrufen", like the button', async () => {
    german();
    const { user } = await open('/users/', 'Bob Recruiter');
    const bob = screen
      .getAllByText('Bob Recruiter')
      .find((element) => element.closest('tbody tr'))!
      .closest('tr')!;
    await user.click(within(bob as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Tokens widerrufen' }));
    expect(await screen.findByText('Die Tokens wurden widerrufen.')).toBeInTheDocument();
  });

  it('German alerts close with "Schließen" (MUI’s own texts follow the panel’s language)', async () => {
    german();
    const { user } = await open('/users/', 'Alice Admin');
    const bob = screen
      .getAllByText('Bob Recruiter')
      .find((element) => element.closest('tbody tr'))!
      .closest('tr')!;
    await user.click(within(bob as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sperren' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Diesen Benutzer sperren?' })).getByRole('button', {
        name: 'Sperren',
      }),
    );
    const alert = await screen.findByTestId('global-alert');
    expect(alert).toHaveTextContent('Die Benutzer wurden gesperrt.');
    expect(await within(alert).findByRole('button', { name: 'Schließen' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});

describe('empty file screens', () => {
  it('an empty token list offers "Add token", which opens the add dialog', async () => {
    files.tokens.files = [];
    const { user } = await open('/filebucket/api-keys/', /^No access tokens yet\./);
    expectNoResourceName();
    await user.click(within(screen.getByTestId('list-empty')).getByRole('button', { name: 'Add token' }));
    expect(await screen.findByRole('dialog', { name: 'Add an access token' })).toBeInTheDocument();
  });

  it('an empty file search offers Upload, which opens the upload dialog; in German too', async () => {
    files.files.splice(0);
    const { user, unmount } = await open('/filebucket/search/', /^No files yet\./);
    expectNoResourceName();
    await user.click(within(screen.getByTestId('list-empty')).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Upload a file' })).toBeInTheDocument();
    unmount();
    german();
    await open('/filebucket/search/', /^Noch keine Dateien\./);
    expect(within(screen.getByTestId('list-empty')).getByRole('button', { name: 'Hochladen' })).toBeInTheDocument();
  });

  it('German sizes read "Bytes" with a decimal comma', async () => {
    german();
    await open('/filebucket/search/', 'hours.csv');
    expect(screen.getByText('512 Bytes')).toBeInTheDocument();
    expect(screen.getByText('1,5 kB')).toBeInTheDocument();
    expect(screen.queryByText(/bytes/)).not.toBeInTheDocument();
  });
});
