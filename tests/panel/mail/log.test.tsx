import { screen, waitFor, within } from '@testing-library/react';
import { format, fromUnixTime } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/mail/log/MailLogList';
import '../../../src/resources/mail/log/MailLogShow';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { createFakeRolePolicy, DISPATCHER_UID } from '../support/fakeRolePolicy';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';
import { captureDownloads, textOf } from '../support/downloads';

const fake = withFakeMailBackend();

afterEach(() => {
  vi.restoreAllMocks();
});

const T0 = 1_790_000_000;
const LOG = '/mailman/log/';

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};
const hasRow = (text: string) => screen.queryAllByText(text).some((element) => element.closest('tbody tr'));
const logQueries = () => fake.mail.hits('GET', '/administration/mails/').map((entry) => entry.query!);
const lastLogQuery = () => logQueries().at(-1)!;
const lastFilters = () => JSON.parse(lastLogQuery().get('filters') ?? '{}');

/** The delivered mail 'Invoice' (d-2) with its Message-ID, an HTML-looking body, two attempts and per-recipient replies. */
function detailInvoice() {
  const invoice = (fake.mail.state.delivered as { reference_uid: string; mail: { message: string } }[]).find(
    (item) => item.reference_uid === 'd-2',
  )!;
  invoice.mail.message = 'Dear Emil,\n<b>your invoice</b> <script>alert(1)</script>';
  fake.mail.state.details.set('d-2', {
    message_id: '<d-2@caredesk.example>',
    attempts: [
      {
        time: T0 - 110,
        provider: { uid: 'p1', name: 'Mailjet Relay', host: 'smtp.mailjet.example' },
        outcome: 'retrying',
        reply_code: 421,
        reply_text: '4.7.0 Try again later',
        recipients: [],
      },
      {
        time: T0 - 90,
        provider: { uid: 'p1', name: 'Mailjet Relay', host: 'smtp.mailjet.example' },
        outcome: 'delivered',
        reply_code: 250,
        reply_text: '250 2.0.0 Ok: queued as 4711',
        recipients: [
          { address: 'emil@example.org', accepted: true, reply: '250 2.1.5 Ok' },
          { address: 'fred@example.org', accepted: false, reply: '550 5.1.1 Mailbox unavailable' },
        ],
      },
    ],
  });
}

describe('mail log list', () => {
  it('lists every mail newest first with its state, under Mail Delivery', async () => {
    await openMailScreen(fake.backend, LOG, 'Shift plan');
    expect(within(row('Shift plan')).getByText('Queued')).toBeInTheDocument();
    expect(within(row('Contract')).getByText('Failed')).toBeInTheDocument();
    expect(within(row('Reminder')).getByText('Retrying')).toBeInTheDocument();
    expect(within(row('Welcome')).getByText('Delivered')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mail Log' })).toHaveAttribute('href', LOG);
    expect(lastLogQuery().get('sort_by')).toBe('requested_time');
    expect(lastLogQuery().get('ordering')).toBe('des');
    expect(screen.getByText('1-7 of 7')).toBeInTheDocument();
  });

  it('opens filtered by state from a link (/mailman/log/?state=failed) and toggles states with the chips, in the URL', async () => {
    const { user } = await openMailScreen(fake.backend, `${LOG}?state=failed`, 'Contract');
    expect(lastFilters()).toEqual({ state: ['failed'] });
    expect(hasRow('Shift plan')).toBe(false);
    const chips = within(screen.getByRole('group', { name: 'Show mails in these states' }));
    expect(chips.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: 'Queued' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(chips.getByRole('button', { name: 'Retrying' }));
    await waitFor(() => expect(hasRow('Reminder')).toBe(true));
    expect(lastFilters()).toEqual({ state: ['retrying', 'failed'] });
    expect(new URLSearchParams(window.location.search).get('state')).toBe('retrying,failed');

    await user.click(chips.getByRole('button', { name: 'Failed' }));
    await user.click(chips.getByRole('button', { name: 'Retrying' }));
    await waitFor(() => expect(hasRow('Shift plan')).toBe(true));
    expect(lastFilters()).toEqual({});
    expect(new URLSearchParams(window.location.search).has('state')).toBe(false);
  });

  it('searches on the server (any recipient), sorts by a column, and keeps both in the URL', async () => {
    const { user } = await openMailScreen(fake.backend, LOG, 'Shift plan');
    await user.type(screen.getByPlaceholderText('A whole address or Message-ID, or any text'), 'ben@example');
    await waitFor(() => expect(hasRow('Welcome')).toBe(false));
    expect(hasRow('Shift plan')).toBe(true);
    expect(lastLogQuery().get('query')).toBe('ben@example');
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('search')).toBe('ben@example'));

    await user.clear(screen.getByPlaceholderText('A whole address or Message-ID, or any text'));
    await waitFor(() => expect(hasRow('Welcome')).toBe(true));
    const subjectHeader = screen.getAllByRole('columnheader').find((cell) => cell.textContent?.trim() === 'Subject')!;
    await user.click(within(subjectHeader).getByRole('button'));
    await waitFor(() => expect(lastLogQuery().get('sort_by')).toBe('subject'));
    expect(lastLogQuery().get('ordering')).toBe('asc');
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('Contract'));
    expect(currentUrl()).toContain('sortBy=subject');
  });

  it('pages over the server: 10 per page and the next page', async () => {
    const queue = fake.mail.state.queue as {
      reference_uid: string;
      requested_time: number;
      mail: { subject: string };
    }[];
    for (let index = 0; index < 25; index += 1) {
      queue.push({
        ...structuredClone(queue[0]),
        reference_uid: `q-x${index}`,
        requested_time: T0 + 100 + index,
        mail: { ...queue[0].mail, subject: `Bulk ${index}` },
      });
    }
    const { user } = await openMailScreen(fake.backend, LOG, 'Bulk 24');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(screen.getByText('1-10 of 32')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(hasRow('Bulk 14')).toBe(true));
    expect(lastLogQuery().get('page')).toBe('2');
    expect(lastLogQuery().get('page_size')).toBe('10');
  });

  it('filters by requested days (sent as epoch seconds)', async () => {
    await openMailScreen(fake.backend, `${LOG}?requested__from=2026-09-21&requested__to=2026-09-22`, 'Shift plan');
    const range = lastFilters().requested;
    expect(range.from).toBe(Math.floor(new Date(2026, 8, 21, 0, 0, 0).getTime() / 1000));
    expect(range.to).toBe(Math.floor(new Date(2026, 8, 22, 23, 59, 59).getTime() / 1000));
    expect(screen.getByRole('button', { name: /^Filter/ })).toHaveAttribute('data-active', 'true');
  });

  it('hides and shows columns with the column chooser', async () => {
    const { user } = await openMailScreen(fake.backend, LOG, 'Shift plan');
    const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers()).not.toContain('Message-ID');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByLabelText('Message-ID'));
    await user.click(screen.getByLabelText('Subject'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toContain('Message-ID'));
    expect(headers()).not.toContain('Subject');
  });

  it('exports every mail the filter selects as CSV, with a byte order mark and translated headers', async () => {
    const failed = fake.mail.state.failed;
    for (let index = 0; index < 150; index += 1) {
      failed.push({ ...structuredClone(failed[0]), reference_uid: `f-x${index}`, requested_time: T0 - 1000 - index });
    }
    const files = captureDownloads();
    const { user } = await openMailScreen(fake.backend, `${LOG}?state=failed`, 'Contract');
    const before = logQueries().length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(
      logQueries()
        .slice(before)
        .map((query) => [query.get('page'), query.get('page_size'), query.get('filters')]),
    ).toEqual([
      ['1', '100', '{"state":["failed"]}'],
      ['2', '100', '{"state":["failed"]}'],
    ]);
    expect(files[0].name).toBe('mail-log.csv');
    const text = await textOf(files[0].blob);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Reference,State,Requested,Sender,Recipients,Cc,Subject,Attempts,Message-ID,Last error');
    expect(lines.slice(1, -1)).toHaveLength(153);
    expect(lines[1]).toBe(
      `f-1,Failed,${new Date(T0 * 1000).toISOString().replace('.000', '')},noreply@caredesk.example,hans@example.org,,Contract,5,,550 No such user`,
    );
  });
});

describe('mail detail', () => {
  it('shows the mail with its body as text, Message-ID, and every attempt with each recipient accepted or refused', async () => {
    detailInvoice();
    const { user } = await openMailScreen(fake.backend, LOG, 'Invoice');
    await user.click(within(row('Invoice')).getByRole('link', { name: 'Invoice' }));
    await waitFor(() => expect(currentUrl()).toBe('/mailman/log/d-2/'));
    const facts = await screen.findByTestId('mail-detail');
    expect(facts).toHaveTextContent('Delivered');
    expect(facts).toHaveTextContent('emil@example.org, fred@example.org');
    expect(facts).toHaveTextContent('<d-2@caredesk.example>');
    const body = screen.getByTestId('mail-body');
    expect(body.textContent).toBe('Dear Emil,\n<b>your invoice</b> <script>alert(1)</script>');
    expect(body.querySelector('b, script')).toBeNull();

    const attempts = screen.getAllByTestId('mail-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('Mailjet Relay (smtp.mailjet.example)');
    expect(attempts[0]).toHaveTextContent('Will be retried');
    expect(attempts[0]).toHaveTextContent('421 4.7.0 Try again later');
    expect(attempts[0]).toHaveTextContent(format(fromUnixTime(T0 - 110), 'Pp', { locale: enUS }));
    expect(attempts[1]).toHaveTextContent('250 2.0.0 Ok: queued as 4711');
    expect(attempts[1]).toHaveTextContent('emil@example.orgaccepted250 2.1.5 Ok');
    expect(attempts[1]).toHaveTextContent('fred@example.orgrefused550 5.1.1 Mailbox unavailable');
    // a delivered mail is not cancellable
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel delivery' })).not.toBeInTheDocument();
  });

  it('resends after confirming: opens the new mail, which links back; the original links to it', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/log/f-1/', 'hans@example.org');
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Resend this mail?');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));

    await waitFor(() => expect(currentUrl()).toMatch(/^\/mailman\/log\/eeeeeeee-/));
    expect(fake.mail.hits('POST', '/administration/mails/f-1/resend/')).toHaveLength(1);
    expect(await screen.findByText('The mail was queued again as a new mail.')).toBeInTheDocument();
    const newUid = currentUrl().split('/')[3];
    await waitFor(() => expect(screen.getByTestId('mail-detail')).toHaveTextContent('Queued'));
    await user.click(screen.getByRole('link', { name: 'f-1' }));
    await waitFor(() => expect(currentUrl()).toBe('/mailman/log/f-1/'));
    expect(await screen.findByRole('link', { name: newUid })).toHaveAttribute('href', `/mailman/log/${newUid}/`);
  });

  it('requeues a failed mail from its detail after confirming (how a phone requeues)', async () => {
    const { user } = await openMailScreen(fake.backend, '/mailman/log/f-1/', 'hans@example.org');
    await user.click(screen.getByRole('button', { name: 'Requeue' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Requeue this mail?');
    await user.click(within(dialog).getByRole('button', { name: 'Requeue' }));
    expect(await screen.findByText('The mail is back in the queue.')).toBeInTheDocument();
    expect(
      fake.mail.hits('POST', '/administration/queue/failed-permanently/requeue/').map((entry) => entry.body),
    ).toEqual([{ uids: ['f-1'] }]);
  });

  it('offers no Requeue for a mail that has not failed', async () => {
    await openMailScreen(fake.backend, '/mailman/log/q-1/', 'anna@example.org, ben@example.org, cleo@example.org');
    expect(screen.getByRole('button', { name: 'Cancel delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Requeue' })).not.toBeInTheDocument();
  });

  it('cancels a queued mail after confirming and shows who cancelled it when', async () => {
    const { user } = await openMailScreen(
      fake.backend,
      '/mailman/log/q-1/',
      'anna@example.org, ben@example.org, cleo@example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel delivery' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel delivery' }));
    await waitFor(() => expect(screen.getByTestId('mail-detail')).toHaveTextContent('Cancelled'));
    expect(fake.mail.hits('POST', '/administration/mails/q-1/cancel/')).toHaveLength(1);
    expect(screen.getByTestId('mail-detail')).toHaveTextContent(
      `${format(fromUnixTime(T0 + 600), 'Pp', { locale: enUS })} by admin`,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel delivery' })).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
  });

  it('says in words when the mail can no longer be cancelled (409 not-cancellable), in German too', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const { user } = await openMailScreen(fake.backend, '/mailman/log/r-1/', 'gina@example.org');
    // meanwhile the worker delivered it
    const retrying = fake.mail.state.retrying.splice(0, 1)[0] as Record<string, unknown>;
    fake.mail.state.delivered.push({ ...retrying, delivered: T0 + 5, refused: [] } as never);
    await user.click(screen.getByRole('button', { name: 'Zustellung stornieren' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Zustellung stornieren' }));
    expect(
      await within(dialog).findByText(/Nur eine wartende oder erneut zu versuchende Mail kann storniert werden/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/^Konflikt/)).toBeInTheDocument();
  });

  it('says so for a mail that does not exist', async () => {
    storeRefreshToken(fake.backend.service);
    renderApp(`/?redirect_to=${encodeURIComponent('/mailman/log/nope/')}`);
    expect(await screen.findByText('The mail does not exist (any more).')).toBeInTheDocument();
  });
});

describe('mail log permissions', () => {
  beforeEach(() => {
    const policy = createFakeRolePolicy(() => fake.backend.service);
    policy.addUsers();
    fake.backend.server.use(...policy.handlers);
  });

  it('shows a reader (mail:read only) the log and the detail without Resend and Cancel', async () => {
    storeRefreshToken(fake.backend.service, DISPATCHER_UID);
    renderApp(`/?redirect_to=${encodeURIComponent('/mailman/log/q-1/')}`);
    expect(await screen.findByTestId('mail-detail')).toHaveTextContent('Shift plan');
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel delivery' })).not.toBeInTheDocument();
  });
});
