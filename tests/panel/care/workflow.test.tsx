import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import { ADMIN_UID, AUTH_URL } from '../support/fakeAuthService';
import { UID_2016, withFakeCareBackend } from '../support/fakeCareService';
import { DORA_UID } from '../support/fakeCareWork';
import { INCOMING_PATH, openList, row } from '../support/incomingCareRequests';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeCareBackend();
const UID_2012 = '0f1e2d3c-0000-4000-8000-000000002012';
const lastFilters = () => JSON.parse(fake.state.incoming.at(-1)!.url.searchParams.get('filters') ?? '{}');

describe('incoming list: the workflow', () => {
  it('shows status, assignee and follow-up, an overdue one in red and in words', async () => {
    await openList(fake);
    const worked = row('caredesk.example');
    expect(within(worked).getByText('Contacting')).toBeInTheDocument();
    expect(within(worked).getByText('Alice Admin')).toBeInTheDocument();
    const followUp = within(worked).getByText('01/15/2026');
    expect(followUp).toHaveAttribute('data-overdue', 'true');
    expect(within(followUp).getByRole('img', { name: 'overdue' })).toBeInTheDocument();
    const fresh = row('pflege-old.example');
    expect(within(fresh).getByText('New')).toBeInTheDocument();
    expect(within(fresh).getByText('Unassigned')).toBeInTheDocument();
  });

  it('has the quick views Mine, Unassigned and Follow-up due, kept in the URL', async () => {
    const { user } = await openList(fake);
    const views = screen.getByRole('group', { name: 'Quick views' });
    await user.click(within(views).getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(lastFilters()).toEqual({ status: ['new', 'contacting', 'offer_sent'], assignee: 'me' }));
    expect(currentUrl()).toContain('status=new%2Ccontacting%2Coffer_sent&assignee=me');
    expect(within(views).getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(views).getByRole('button', { name: 'Unassigned' }));
    await waitFor(() =>
      expect(lastFilters()).toEqual({ status: ['new', 'contacting', 'offer_sent'], assignee: 'none' }),
    );
    await user.click(within(views).getByRole('button', { name: 'Follow-up due' }));
    await waitFor(() =>
      expect(lastFilters()).toMatchObject({ follow_up: { to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } }),
    );
  });

  it('starts from a link with status, assignee and follow-up filters', async () => {
    await openList(
      fake,
      `${INCOMING_PATH}?status=new,contacting&assignee=none&follow_up__from=2026-01-01&sortBy=follow_up&ordering=asc`,
    );
    await waitFor(() =>
      expect(lastFilters()).toEqual({
        status: ['new', 'contacting'],
        assignee: 'none',
        follow_up: { from: '2026-01-01' },
      }),
    );
    expect(fake.state.incoming.at(-1)!.url.searchParams.get('sort_by')).toBe('follow_up');
  });

  it('filters by an assignable colleague, by name, also for a uid from a link', async () => {
    const { user } = await openList(fake, `${INCOMING_PATH}?assignee=${DORA_UID}`);
    await user.click(screen.getByRole('button', { name: /^Filter/ }));
    const filter = await screen.findByRole('combobox', { name: 'Assignee' });
    await waitFor(() => expect(filter).toHaveTextContent('Dora Dispatcher'));
    await user.click(filter);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Anyone',
      'Me',
      'Nobody',
      'Alice Admin',
      'Dora Dispatcher',
    ]);
    await user.click(screen.getByRole('option', { name: 'Alice Admin' }));
    await waitFor(() => expect(lastFilters()).toEqual({ assignee: ADMIN_UID }));
  });
});

describe('live updates', () => {
  it('reads the event stream with the bearer (no token in the URL), counts new requests and refreshes a row changed elsewhere', async () => {
    const { user } = await openList(fake);
    await waitFor(() => expect(fake.work.state.streams.size).toBeGreaterThan(0));
    const opened = fake.work.state.streamRequests.at(-1)!;
    expect(opened.authorization).toMatch(/^Bearer /);
    expect(new URL(opened.url).search).toBe('');

    fake.work.emit('care-request.received', { uid: '9a9a9a9a-0000-4000-8000-000000000001', version: 1 });
    fake.work.emit('care-request.received', { uid: '9a9a9a9a-0000-4000-8000-000000000002', version: 1 });
    const bar = await screen.findByTestId('new-requests');
    expect(bar).toHaveTextContent('2 new requests — show');
    const loads = fake.state.incoming.length;
    await user.click(within(bar).getByRole('button', { name: 'show' }));
    await waitFor(() => expect(fake.state.incoming.length).toBeGreaterThan(loads));
    expect(screen.queryByTestId('new-requests')).not.toBeInTheDocument();

    fake.work.changeElsewhere(UID_2012, {
      assignee: { uid: DORA_UID, public_name: 'Dora Dispatcher' },
      status: 'contacting',
    });
    await waitFor(() => expect(within(row('pflege-old.example')).getByText('Dora Dispatcher')).toBeInTheDocument());
  });
});

describe('the workflow panel', () => {
  const openDetails = async (host: string) => {
    const rendered = await openList(fake);
    await rendered.user.click(within(row(host)).getByRole('button', { name: 'View details' }));
    return { ...rendered, panel: await screen.findByTestId('workflow-panel') };
  };

  it('assigns to me and asks the reason before declining, sending the version shown', async () => {
    const { user, panel } = await openDetails('pflege-old.example');
    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(fake.work.state.changes).toEqual([{ uid: UID_2012, body: { version: 1, assignee_uid: ADMIN_UID } }]),
    );
    expect(await within(panel).findByText('Assignee: Alice Admin')).toBeInTheDocument();

    await user.click(within(panel).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why is the request Declined?' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Outside our territory' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() =>
      expect(fake.work.state.changes.at(-1)).toEqual({
        uid: UID_2012,
        body: { version: 2, status: 'declined', reason: 'outside_territory' },
      }),
    );
    expect(await within(panel).findByText('Status New → Declined; reason: Outside our territory')).toBeInTheDocument();
  });

  it('assigns to a colleague chosen by name (by keyboard), sending their uid; the list of colleagues is read once', async () => {
    const reads = fake.work.state.assigneeReads;
    const { user, panel } = await openDetails('pflege-old.example');
    const field = within(panel).getByRole('combobox', { name: 'Assign to' });
    await user.click(field);
    await user.type(field, 'Dor');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(fake.work.state.changes).toEqual([{ uid: UID_2012, body: { version: 1, assignee_uid: DORA_UID } }]),
    );
    expect(await within(panel).findByText('Assignee: Dora Dispatcher')).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Assign to' })).toHaveValue('Dora Dispatcher');
    expect(fake.work.state.assigneeReads).toBe(reads + 1);
  });

  it('neither offers colleagues nor asks for them to a care:read-only user', async () => {
    const reads = fake.work.state.assigneeReads;
    fake.backend.server.use(
      http.get(`${AUTH_URL}/info/`, () =>
        HttpResponse.json({
          uid: ADMIN_UID,
          public_name: 'Alice Admin',
          roles: ['reader'],
          permissions: ['care:read'],
        }),
      ),
    );
    const { panel } = await openDetails('pflege-old.example');
    expect(await within(panel).findByText('You may read the workflow but not change it.')).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Assign to' })).not.toBeInTheDocument();
    expect(fake.work.state.assigneeReads).toBe(reads);
  });

  it('says in words who changed the request when the change comes too late (409), and shows the current state', async () => {
    const { user, panel } = await openDetails('pflege-old.example');
    // changed elsewhere without this tab hearing of it yet
    const item = fake.state.items.find((candidate) => (candidate as { uid: string }).uid === UID_2012) as {
      version: number;
      status: string;
      assignee: unknown;
    };
    Object.assign(item, {
      version: 5,
      status: 'offer_sent',
      assignee: { uid: DORA_UID, public_name: 'Dora Dispatcher' },
    });
    fake.work.state.activity.set(UID_2012, [
      {
        id: 'x',
        at: 1_772_400_000,
        kind: 'workflow',
        actor: { uid: DORA_UID, public_name: 'Dora Dispatcher' },
        status: { from: 'new', to: 'offer_sent' },
      },
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    expect(
      await screen.findByText(
        'Dora Dispatcher changed this request in the meantime: it is now Offer sent, assigned to Dora Dispatcher. Your change was not saved.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(row('pflege-old.example')).getByText('Offer sent')).toBeInTheDocument());
  });

  it("reads the workflow of a linked archived request that is not on the list's page", async () => {
    fake.state.items.reverse(); // the linked request is second, and the page holds one
    storeRefreshToken(fake.backend.service);
    renderApp(`/?redirect_to=${encodeURIComponent(`${INCOMING_PATH}?pageSize=1&archived=${UID_2016}`)}`);
    const view = await screen.findByTestId('archived-request', {}, { timeout: 15_000 });
    const panel = within(view).getByTestId('workflow-panel');
    expect(await within(panel).findByText('Assignee: Alice Admin')).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Contacting');
  });

  it('adds, edits and deletes the own note', async () => {
    const { user, panel } = await openDetails('caredesk.example');
    expect(await within(panel).findByText('No notes yet.')).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'New note' }), 'Called the daughter.');
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Called the daughter.')).toBeInTheDocument();
    expect(fake.work.state.notes.get(UID_2016)?.[0]?.text).toBe('Called the daughter.');

    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const editor = within(panel).getByRole('textbox', { name: 'Edit note' });
    await user.clear(editor);
    await user.type(editor, 'Called the son.');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.work.state.notes.get(UID_2016)?.[0]?.text).toBe('Called the son.'));
    expect(await within(panel).findByText('Called the son.')).toBeInTheDocument();
    expect(within(panel).getByText(/edited/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await within(panel).findByText('No notes yet.')).toBeInTheDocument();
  });
});
