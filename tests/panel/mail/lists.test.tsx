import { act, screen, waitFor, within } from '@testing-library/react';
import { format, fromUnixTime } from 'date-fns';
import { de, enUS } from 'date-fns/locale';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/mail/AccountList';
import '../../../src/resources/mail/DeliveredList';
import '../../../src/resources/mail/FailedList';
import '../../../src/resources/mail/ProviderList';
import '../../../src/resources/mail/QueueList';
import '../../../src/resources/mail/RetryList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { ACCOUNT_UID, PROVIDER_UID } from '../support/fakeMailService';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { captureDownloads, csvLinesOf } from '../support/downloads';
import { currentUrl } from '../support/renderApp';
import { expectPanelPager } from '../support/pager';

const fake = withFakeMailBackend();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};
const hasRow = (text: string) => screen.queryAllByText(text).some((element) => element.closest('tbody tr'));
const rowCheckbox = (text: string) => within(row(text)).getByRole('checkbox');

describe('mail lists', () => {
  it('lists providers with name, host, port and the security label, with add and edit links', async () => {
    await openMailScreen(fake.backend, '/mailman/providers/', 'Mailjet Relay');
    const mailjet = row('Mailjet Relay');
    expect(within(mailjet).getByText('smtp.mailjet.example')).toBeInTheDocument();
    expect(within(mailjet).getByText('587')).toBeInTheDocument();
    expect(within(mailjet).getByText('START/TLS')).toBeInTheDocument();
    expect(within(mailjet).getByRole('link', { name: 'Edit Mailjet Relay' })).toHaveAttribute(
      'href',
      `/mailman/providers/${PROVIDER_UID}/`,
    );
    expect(within(row('Local Relay')).getByText('No Security')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/mailman/providers/add/');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Host', 'Port', 'Security']));
  });

  it('lists accounts in matching order with expression, provider and username', async () => {
    await openMailScreen(fake.backend, '/mailman/accounts/', '^noreply@caredesk\\.example$');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('^noreply@caredesk\\.example$');
    expect(rows[1]).toHaveTextContent('.*@intern\\.example$');
    expect(within(rows[0]).getByText('Mailjet Relay (smtp.mailjet.example)')).toBeInTheDocument();
    expect(within(rows[0]).getByText('mailer')).toBeInTheDocument();
    expect(within(rows[1]).getByText('No credentials')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: /^Edit / })).toHaveAttribute(
      'href',
      `/mailman/accounts/${ACCOUNT_UID}/`,
    );
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/mailman/accounts/add/');
  });

  it('shows the first recipient plus [+n] in the queue and the delivered list', async () => {
    await openMailScreen(fake.backend, '/mailman/queue/', 'Shift plan');
    expect(row('Shift plan')).toHaveTextContent('anna@example.org [+2]');
    expect(within(row('Shift plan')).getAllByText('noreply@caredesk.example')).toHaveLength(1);
  });

  it('shows delivered mails with one recipient as is and more as [+n], and searches all delivered mails on the server', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/delivered/', 'Welcome');
    expect(within(row('Welcome')).getByText('dora@example.org')).toBeInTheDocument();
    expect(row('Invoice')).toHaveTextContent('emil@example.org [+1]');
    expect(hasRow('Shift plan')).toBe(false);

    await user.type(screen.getByPlaceholderText('Search'), 'fred');
    await waitFor(() => expect(hasRow('Welcome')).toBe(false));
    expect(hasRow('Invoice')).toBe(true);
    const searched = fake.mail
      .hits('GET', '/administration/mails/')
      .map((entry) => entry.query)
      .filter((query) => query?.get('query') === 'fred');
    expect(searched.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(searched.at(-1)!.get('filters')!)).toEqual({ state: ['delivered'] });
  });

  it('opens the mail detail from a row of every spec list', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    expect(within(row('Contract')).getByRole('link', { name: 'Contract' })).toHaveAttribute(
      'href',
      '/mailman/log/f-1/',
    );
    await user.click(within(row('Contract')).getByText('550 No such user'));
    await waitFor(() => expect(currentUrl()).toBe('/mailman/log/f-1/'));
    expect(await screen.findByTestId('mail-detail')).toHaveTextContent('hans@example.org');
  });

  it('marks a delivered mail with refused recipients; the tooltip names each with the reply', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/delivered/', 'Invoice');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toContain('Refused');
    expect(within(row('Welcome')).queryByText(/refused/)).toBeNull();
    const chip = within(row('Invoice')).getByText('1 recipient refused');

    await user.hover(chip);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Delivered to the other recipients; the provider refused:');
    expect(tooltip).toHaveTextContent('fred@example.org: 550 5.1.1 Mailbox unavailable');
  });

  it('marks refused recipients in German too', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const { user } = await openMailScreen(fake.backend, '/mailman/delivered/', 'Invoice');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toContain('Abgelehnt');
    await user.hover(within(row('Invoice')).getByText('1 Empfänger abgelehnt'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'An die übrigen Empfänger zugestellt; der Provider lehnte ab:fred@example.org: 550 5.1.1 Mailbox unavailable',
    );
  });

  it('shows 10 rows per page by default, with 10, 25, 50 and 100 to choose', async () => {
    const delivered = fake.mail.state.delivered as {
      reference_uid: string;
      requested_time: number;
      mail: { subject: string };
    }[];
    for (let index = 0; index < 30; index += 1) {
      delivered.push({
        ...structuredClone(delivered[0]),
        reference_uid: `d-x${index}`,
        requested_time: 1_790_000_000 + index,
        mail: { ...delivered[0].mail, subject: `Bulk ${index}` },
      });
    }
    const { user } = await openMailScreen(fake.backend, '/mailman/delivered/', 'Bulk 29');
    await expectPanelPager(user, 10, '1-10 of 32');
  });

  it('shows the error message and the next attempt (date-fns, per locale) of retrying deliveries', async () => {
    await openMailScreen(fake.backend, '/mailman/failed-temporarily/', 'Reminder');
    const reminder = row('Reminder');
    expect(within(reminder).getByText('421 Service not available')).toBeInTheDocument();
    expect(within(reminder).getByText(format(fromUnixTime(1_790_003_600), 'Pp', { locale: enUS }))).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Error', 'Next attempt']));
  });

  it('takes the delivered time and refused recipients from the log items, without the spec route', async () => {
    (fake.mail.state.delivered[1] as { delivered: number }).delivered = 1_790_007_200;
    await openMailScreen(fake.backend, '/mailman/delivered/', 'Invoice');
    expect(within(row('Invoice')).getByText('1 recipient refused')).toBeInTheDocument();
    expect(
      within(row('Invoice')).getByText(format(fromUnixTime(1_790_007_200), 'Pp', { locale: enUS })),
    ).toBeInTheDocument();
    expect(fake.mail.hits('GET', '/administration/queue/delivered/')).toHaveLength(0);
  });

  it('shows the retries in German with German dates and the German drawer group', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    await openMailScreen(fake.backend, '/mailman/failed-temporarily/', 'Reminder');
    expect(
      within(row('Reminder')).getByText(format(fromUnixTime(1_790_003_600), 'Pp', { locale: de })),
    ).toBeInTheDocument();
    expect(screen.getByText('Mailversand')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Zustellversuche' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Fehler', 'Nächster Versuch', 'Empfänger']));
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
  });

  it('lists the drawer group Mail Delivery with its six screens in order', async () => {
    await openMailScreen(fake.backend, '/mailman/queue/', 'Shift plan');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());
    const start = items.indexOf('Providers');
    expect(items.slice(start, start + 6)).toEqual([
      'Providers',
      'Accounts',
      'Queue',
      'Delivered Mails',
      'Delivery Retries',
      'Failed Deliveries',
    ]);
    expect(screen.getByText('Mail Delivery')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Failed Deliveries' })).toHaveAttribute(
      'href',
      '/mailman/failed-permanently/',
    );
    expect(screen.getByRole('menuitem', { name: 'Delivery Retries' })).toHaveAttribute(
      'href',
      '/mailman/failed-temporarily/',
    );
  });

  it('reloads with the reload button', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/queue/', 'Shift plan');
    const loads = fake.mail.hits('GET', '/administration/mails/').length;
    fake.mail.state.queue = [];
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(hasRow('Shift plan')).toBe(false));
    expect(fake.mail.hits('GET', '/administration/mails/').length).toBe(loads + 1);
  });

  it('reloads automatically every 60,000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await openMailScreen(fake.backend, '/mailman/delivered/', 'Welcome');
    const loads = () => fake.mail.hits('GET', '/administration/mails/').length;
    const before = loads();

    act(() => {
      vi.advanceTimersByTime(59_999);
    });
    expect(loads()).toBe(before);

    fake.mail.state.delivered = [];
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await waitFor(() => expect(loads()).toBe(before + 1));
    await waitFor(() => expect(hasRow('Welcome')).toBe(false));

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await waitFor(() => expect(loads()).toBe(before + 2));
  });

  it('requeues the selected failed deliveries by reference, says how many, reloads and clears the selection', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    const requeue = screen.getByRole('button', { name: 'Requeue' });
    expect(requeue).toBeDisabled();
    expect(within(row('Contract')).getByText('550 No such user')).toBeInTheDocument();
    expect(row('Offer')).toHaveTextContent('ida@example.org [+1]');

    await user.click(rowCheckbox('Contract'));
    await user.click(rowCheckbox('Offer'));
    expect(requeue).toBeEnabled();
    const loads = fake.mail.hits('GET', '/administration/mails/').length;
    await user.click(requeue);

    await waitFor(() => expect(hasRow('Contract')).toBe(false));
    expect(await screen.findByText('2 mails requeued')).toBeInTheDocument();
    expect(
      fake.mail.hits('POST', '/administration/queue/failed-permanently/requeue/').map((entry) => entry.body),
    ).toEqual([{ uids: ['f-1', 'f-2'] }]);
    expect(fake.mail.hits('GET', '/administration/mails/').length).toBeGreaterThan(loads);
    expect(hasRow('Offer')).toBe(false);
    expect(rowCheckbox('Survey')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Requeue' })).toBeDisabled();
  });

  it('says that a requeue failed, logs it and clears the selection', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    fake.mail.state.failRequeue = true;
    await user.click(rowCheckbox('Survey'));
    await user.click(screen.getByRole('button', { name: 'Requeue' }));

    await waitFor(() => expect(errors).toHaveBeenCalledWith('Cannot requeue the deliveries', expect.anything()));
    await waitFor(() => expect(rowCheckbox('Survey')).not.toBeChecked());
    expect(screen.getByRole('button', { name: 'Requeue' })).toBeDisabled();
    expect(hasRow('Survey')).toBe(true);
    expect(await screen.findByText('The mails could not be requeued. Please try again.')).toBeInTheDocument();
  });

  it('only logs a list load error, with nothing shown', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.mail.state.failLists = 500;
    await openMailScreen(fake.backend, '/mailman/queue/', 'Queue');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Cannot load the list', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/server error|list cannot be loaded/i)).not.toBeInTheDocument();
  });
});

describe('mail list export and selection', () => {
  it('selects rows only in the failed list, where Requeue works on the selection', async () => {
    const { unmount } = await openMailScreen(fake.backend, '/mailman/queue/', 'Shift plan');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    unmount();
    await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    expect(rowCheckbox('Contract')).toBeInTheDocument();
  });

  it('exports the delivered mails the search selects, with every recipient and the refused ones', async () => {
    const files = captureDownloads();
    const { user } = await openMailScreen(fake.backend, '/mailman/delivered/', 'Invoice');
    await user.type(screen.getByPlaceholderText('Search'), 'fred');
    await waitFor(() => expect(hasRow('Welcome')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].name).toBe('delivered-mails.csv');
    expect(await csvLinesOf(files[0])).toEqual([
      'Reference,Requested,Sender,To,CC,Subject,Delivered,Refused',
      'd-2,2026-09-21T14:11:20Z,noreply@caredesk.example,emil@example.org; fred@example.org,,Invoice,2026-09-21T14:11:50Z,fred@example.org (550 5.1.1 Mailbox unavailable)',
      '',
    ]);
  });
});
