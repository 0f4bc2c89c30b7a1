import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/audit/AuditEventShow';
import '../../../src/resources/audit/AuditList';
import { AUDIT_ACTIONS as SERVER_ACTIONS } from '../../../contracts/audit-actions';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { messages } from '../../../src/i18n/i18nProvider';
import { BAN_TIME, withFakeAuditBackend } from '../support/fakeAuditService';
import { ADMIN_UID } from '../support/fakeAuthService';
import { captureDownloads, textOf } from '../support/downloads';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** Every action the server writes has a label in every language and a filter entry; actors and mail targets read as words. */

const fake = withFakeAuditBackend();

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.removeItem(LOCALE_STORAGE_KEY);
});

const MAIL_UID = '1a2b3c4d-0000-4000-8000-00000000abcd';

/** What the services write now: a failed sign-in (no actor, a client address), mail events by reference uid, an API token's upload. */
function addRecordedEvents() {
  const base = {
    outcome: 'success' as const,
    address: '203.0.113.7',
    actor: { uid: ADMIN_UID, public_name: 'Alice Admin' },
  };
  fake.audit.events.unshift(
    {
      ...base,
      id: '14',
      time: BAN_TIME + 40,
      action: 'mail.cancel',
      target: { type: 'mail', id: MAIL_UID, label: null },
      changes: { state: 'cancelled', previous_state: 'queued', recipients_count: 1 },
    },
    {
      ...base,
      id: '13',
      time: BAN_TIME + 30,
      action: 'mail.resend',
      target: { type: 'mail', id: MAIL_UID, label: null },
      changes: { resent_as: 'x', recipients_count: 2 },
    },
    // written before mail events stopped naming the sender: the address is not shown
    {
      ...base,
      id: '12',
      time: BAN_TIME + 20,
      action: 'mail.send',
      target: { type: 'mail', id: MAIL_UID, label: 'noreply@caredesk.example' },
      changes: {},
    },
    {
      id: '11',
      time: BAN_TIME + 10,
      actor: null,
      address: '198.51.100.9',
      action: 'sign-in.failure',
      target: null,
      changes: { username: 'mallory' },
      outcome: 'failure',
    },
    {
      ...base,
      id: '10',
      time: BAN_TIME + 5,
      actor: null,
      action: 'file.upload',
      target: { type: 'file', id: 'f1', label: 'contract.pdf' },
      changes: { api_token: 't1' },
    },
  );
}

async function openAudit(path = '/audit/', text = 'Alice Admin') {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await waitFor(() => expect(screen.getAllByText(text).some((element) => element.closest('tbody tr'))).toBe(true), {
    timeout: 10_000,
  });
  return rendered;
}

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};

const labelOf = (locale: 'en' | 'de', action: string): unknown => {
  const [group, verb] = [action.slice(0, action.indexOf('.')), action.slice(action.indexOf('.') + 1)];
  const actions = (
    messages[locale].caredesk as unknown as { audit: { actions: Record<string, Record<string, string> | undefined> } }
  ).audit.actions;
  return actions[group]?.[verb];
};

describe('audit action labels', () => {
  it.each(['en', 'de'] as const)('every action the server can write has a %s label', (locale) => {
    const unlabelled = SERVER_ACTIONS.filter(
      (action) => typeof labelOf(locale, action) !== 'string' || !labelOf(locale, action),
    );
    expect(unlabelled).toEqual([]);
  });

  it('the labels are distinct within a language', () => {
    for (const locale of ['en', 'de'] as const) {
      const labels = SERVER_ACTIONS.map((action) => labelOf(locale, action));
      expect(new Set(labels).size, locale).toBe(labels.length);
    }
  });

  it('the action filter offers every action the server can write, by its label', async () => {
    const { user } = await openAudit();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const listbox = await screen.findByRole('listbox');
    const offered = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent?.trim())
      .filter((text) => text && text !== 'Any');
    expect(offered).toEqual(SERVER_ACTIONS.map((action) => labelOf('en', action)));
    expect(offered).toEqual(
      expect.arrayContaining([
        'Mail resent',
        'Mail cancelled',
        'Mail retried now',
        'Mail provider disabled',
        'Mail account deleted',
      ]),
    );
    expect(offered.filter((text) => /^[a-z-]+\.[a-z-]+$/.test(text ?? ''))).toEqual([]);
  });
});

describe('audit actors and targets in words', () => {
  it('mail events name the recipient count and the short reference, never an address; a failed sign-in was not signed in', async () => {
    addRecordedEvents();
    await openAudit();
    const resend = row('Mail resent');
    expect(within(resend).getByText('Mail to 2 recipients · 1a2b3c4d').closest('[title]')).toHaveAttribute(
      'title',
      MAIL_UID,
    );
    expect(within(row('Mail cancelled')).getByText('Mail to 1 recipient · 1a2b3c4d')).toBeInTheDocument();
    expect(within(row('Mail sent')).getByText('Mail · 1a2b3c4d')).toBeInTheDocument();
    expect(screen.queryByText(/noreply@/)).not.toBeInTheDocument();
    expect(screen.queryByText('mail.resend')).not.toBeInTheDocument();

    const failure = row('Sign-in failed');
    expect(within(failure).getByText('Not signed in')).toBeInTheDocument();
    expect(within(failure).queryByText('Server')).not.toBeInTheDocument();
    expect(within(row('File uploaded')).getByText('API token')).toBeInTheDocument();
    // the retention run has neither actor nor address: the server's own
    expect(within(row('Contact data erased (retention)')).getByText('Server')).toBeInTheDocument();
  });

  it('says the same in German, in the event detail and in the export', async () => {
    addRecordedEvents();
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify('de'));
    const files = captureDownloads();
    const { user } = await openAudit('/audit/', 'Alice Admin');
    expect(within(row('Mail erneut gesendet')).getByText('Mail an 2 Empfänger · 1a2b3c4d')).toBeInTheDocument();
    expect(within(row('Anmeldung fehlgeschlagen')).getByText('Nicht angemeldet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const csv = await textOf(files[0].blob);
    expect(csv).toContain('Mail an 2 Empfänger · 1a2b3c4d');
    expect(csv).toContain('Nicht angemeldet');
    expect(csv).not.toContain('noreply@');

    await user.click(within(row('Mail storniert')).getByRole('link', { name: /14$/ }));
    const detail = await screen.findByTestId('audit-event');
    expect(within(detail).getByText('Mail an 1 Empfänger · 1a2b3c4d')).toBeInTheDocument();
  });
});
