import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/audit/AuditEventShow';
import '../../../src/resources/audit/AuditList';
import { daySeconds } from '../../../src/dataProviders/kit/dayRange';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { BAN_TIME, withFakeAuditBackend } from '../support/fakeAuditService';
import { ADMIN_UID } from '../support/fakeAuthService';
import { bytesOf, captureDownloads, textOf } from '../support/downloads';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeAuditBackend();

afterEach(() => {
  vi.restoreAllMocks();
});

async function openAudit(path = '/audit/', text = 'Alice Admin') {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await waitFor(() => expect(screen.getAllByText(text).some((element) => element.closest('tbody tr'))).toBe(true));
  return rendered;
}

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};
const lastQuery = () => fake.audit.listQueries().at(-1)!;

function addEvents(count: number, action = 'user.update') {
  for (let index = 0; index < count; index += 1) {
    fake.audit.events.push({
      id: `g${index}`,
      time: BAN_TIME - 10_000 - index,
      actor: { uid: ADMIN_UID, public_name: 'Alice Admin' },
      address: '203.0.113.7',
      action,
      target: { type: 'user', id: `u${index}`, label: `Generated ${index}` },
      changes: { public_name: `Generated ${index}` },
      outcome: 'success',
    });
  }
}

describe('audit list', () => {
  it('shows time, actor, translated action (the recorded name when unknown), target and outcome, newest first', async () => {
    await openAudit();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Time', 'Actor', 'Action', 'Target', 'Outcome']));
    expect(lastQuery()).toEqual({ page: '1', page_size: '25', sort_by: 'time', ordering: 'des' });

    const ban = row('User banned');
    expect(within(ban).getByText(new Date(BAN_TIME * 1000).toLocaleString('en'))).toBeInTheDocument();
    expect(within(ban).getByText('Alice Admin')).toBeInTheDocument();
    expect(within(ban).getByText('User: Bob Recruiter')).toBeInTheDocument();
    expect(within(ban).getByText('Success')).toBeInTheDocument();
    expect(within(ban).getByText('User banned')).toHaveAttribute('title', 'user.ban');

    const retention = row('Contact data erased (retention)');
    expect(within(retention).getByText('Server')).toBeInTheDocument();

    const unknown = row('widget.frobnicate');
    expect(within(unknown).getByText('Refused')).toBeInTheDocument();
    const order = [...document.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(order[0]).toContain('User banned');
    expect(order[2]).toContain('widget.frobnicate');
  });

  it('starts on the filters of a shared link and sends them in the paged dialect', async () => {
    const path =
      `/audit/?page=1&pageSize=25&sortBy=time&ordering=des&search=alice&time__from=2026-03-01&time__to=2026-03-01` +
      `&action=user.ban&actor=${ADMIN_UID}&target_type=user`;
    const { user } = await openAudit(path);
    expect(lastQuery()).toEqual({
      page: '1',
      page_size: '25',
      sort_by: 'time',
      ordering: 'des',
      query: 'alice',
      filters: JSON.stringify({
        time: { from: daySeconds('2026-03-01'), to: daySeconds('2026-03-01', true) },
        action: 'user.ban',
        actor: ADMIN_UID,
        target_type: 'user',
      }),
    });
    expect(document.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(screen.getByPlaceholderText('Search')).toHaveValue('alice');
    await user.click(screen.getByRole('button', { name: 'Filter (4 active)' }));
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('User banned');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Actor' })).toHaveTextContent('Alice Admin'));
    expect(screen.getByRole('combobox', { name: 'Target type' })).toHaveTextContent('User');
    expect(currentUrl()).toBe(path);
  });

  it('puts a chosen action, actor and target type into the URL and the request; Reset clears them', async () => {
    const { user } = await openAudit();
    const filterButton = screen.getByRole('button', { name: 'Filter' });
    await user.click(filterButton);
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'User banned' }));
    await waitFor(() => expect(currentUrl()).toContain('action=user.ban'));
    await waitFor(() => expect(JSON.parse(lastQuery().filters)).toEqual({ action: 'user.ban' }));

    await user.click(screen.getByRole('combobox', { name: 'Actor' }));
    await user.click(await screen.findByRole('option', { name: 'Alice Admin' }));
    await waitFor(() => expect(currentUrl()).toContain(`actor=${ADMIN_UID}`));
    await user.click(screen.getByRole('combobox', { name: 'Target type' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    await waitFor(() =>
      expect(JSON.parse(lastQuery().filters)).toEqual({ action: 'user.ban', actor: ADMIN_UID, target_type: 'user' }),
    );
    expect(filterButton).toHaveAccessibleName('Filter (3 active)');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery().filters).toBeUndefined());
    expect(currentUrl()).not.toContain('action=');
  });
});

describe('audit event', () => {
  it('opens from its row and shows the event with its changes as a table; Back returns to the list as it was', async () => {
    const { user } = await openAudit('/audit/?page=1&pageSize=25&sortBy=time&ordering=des&search=a');
    await user.click(within(row('User banned')).getByRole('link', { name: 'Show event 3' }));
    await waitFor(() => expect(currentUrl()).toBe('/audit/3/'));
    const event = await screen.findByTestId('audit-event');
    for (const text of ['Alice Admin', '203.0.113.7', 'User banned', 'user.ban', 'Bob Recruiter', 'Success'])
      expect(event).toHaveTextContent(text);
    expect(within(event).getByText('Target type').nextElementSibling).toHaveTextContent(/^User$/);
    const changes = screen.getByRole('table', { name: 'Changes' });
    const cells = within(changes)
      .getAllByRole('row')
      .map((tableRow) => [...tableRow.children].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Field', 'New value'],
      ['banned', 'true'],
      ['roles', '["recruiter","trainer"]'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to the audit trail' }));
    await waitFor(() => expect(currentUrl()).toBe('/audit/?page=1&pageSize=25&sortBy=time&ordering=des&search=a'));
  });

  it('says so for an event that does not exist', async () => {
    storeRefreshToken(fake.backend.service);
    renderApp(`/?redirect_to=${encodeURIComponent('/audit/999/')}`);
    expect(await screen.findByText('This event does not exist.')).toBeInTheDocument();
  });
});

describe('CSV export', () => {
  it('writes every event the filter selects (read 100 at a time), with a byte order mark and translated headers', async () => {
    addEvents(230);
    const files = captureDownloads();
    const { user } = await openAudit(
      '/audit/?page=1&pageSize=25&sortBy=time&ordering=des&action=user.update',
      'User: Generated 0',
    );
    const before = fake.audit.listQueries().length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));

    const pages = fake.audit.listQueries().slice(before);
    expect(pages.map((query) => [query.page, query.page_size, query.filters])).toEqual([
      ['1', '100', '{"action":"user.update"}'],
      ['2', '100', '{"action":"user.update"}'],
      ['3', '100', '{"action":"user.update"}'],
    ]);
    expect(files[0].name).toBe('audit-trail.csv');
    expect([...(await bytesOf(files[0].blob)).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await textOf(files[0].blob)).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Time,Actor,Actor ID,Client address,Action,Action name,Target type,Target ID,Target,Outcome,Changes',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1)).toHaveLength(230);
    expect(lines[1]).toBe(
      `2026-03-01T07:43:20Z,Alice Admin,${ADMIN_UID},203.0.113.7,User changed,user.update,User,u0,Generated 0,Success,"{""public_name"":""Generated 0""}"`,
    );
  });

  it('quotes and neutralises cells, names the server, and keeps unknown actions as recorded', async () => {
    const files = captureDownloads();
    const { user } = await openAudit();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await textOf(files[0].blob)).slice(1).split('\r\n');
    expect(lines.slice(1, 4)).toEqual([
      `2026-03-01T10:30:00Z,Alice Admin,${ADMIN_UID},203.0.113.7,User banned,user.ban,User,22222222-2222-4222-8222-222222222222,Bob Recruiter,Success,"{""banned"":true,""roles"":[""recruiter"",""trainer""]}"`,
      `2026-03-01T09:30:00Z,Server,,,Contact data erased (retention),care-request.contact-retention,Care request,c1,"'=HYPERLINK(""x"")",Success,`,
      `2026-03-01T08:30:00Z,"Bob ""the"" Recruiter",22222222-2222-4222-8222-222222222222,198.51.100.2,widget.frobnicate,widget.frobnicate,,,,Refused,"{""note"":""line one,\\nline two""}"`,
    ]);
  });
});

describe('in German', () => {
  it('shows German columns, action names and outcomes, and exports German headers', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const files = captureDownloads();
    const { user } = await openAudit();
    for (const name of ['Zeit', 'Akteur', 'Aktion', 'Ziel', 'Ergebnis'])
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    const ban = row('Benutzer gesperrt');
    expect(within(ban).getByText('Benutzer: Bob Recruiter')).toBeInTheDocument();
    expect(within(ban).getByText('Erfolgreich')).toBeInTheDocument();
    expect(within(row('Kontaktdaten gelöscht (Aufbewahrungsfrist)')).getByText('Server')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CSV exportieren' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0].name).toBe('audit-protokoll.csv');
    const header = (await textOf(files[0].blob)).slice(1).split('\r\n')[0];
    expect(header).toBe(
      'Zeit,Akteur,Akteur-ID,Client-Adresse,Aktion,Aktionsname,Zieltyp,Ziel-ID,Ziel,Ergebnis,Änderungen',
    );
  });
});
