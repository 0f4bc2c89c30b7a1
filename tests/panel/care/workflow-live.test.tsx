import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
// loaded up front: the panel loads its screens on demand, which would count against the first test's wait
import '../../../src/resources/careRequests/board/CareBoard';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import { ADMIN_UID, testConfig } from '../support/fakeAuthService';
import { UID_2016, withFakeCareBackend } from '../support/fakeCareService';
import { DORA_UID } from '../support/fakeCareWork';
import { openList, row } from '../support/incomingCareRequests';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeCareBackend();
const UID_2012 = '0f1e2d3c-0000-4000-8000-000000002012';
const CARE = testConfig.careUrl;

/** Holds every workflow PATCH until `release` (the fake service answers it then); the change shows before. */
function holdWorkflowAnswers() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let waiting = 0;
  fake.backend.server.use(
    http.patch(`${CARE}/care-requests/:uid/workflow/`, async () => {
      waiting += 1;
      await released;
      // nothing returned: the fake care service answers
    }),
  );
  return { release, waiting: () => waiting };
}

/** How often the panel read each of a request's notes, activity and the incoming lists (fall-through counters). */
function countReads() {
  const reads = { notes: 0, activity: 0 };
  fake.backend.server.use(
    http.get(`${CARE}/care-requests/:uid/notes/`, () => void (reads.notes += 1)),
    http.get(`${CARE}/care-requests/:uid/activity/`, () => void (reads.activity += 1)),
  );
  return reads;
}

/** Once the list counts this new request, every event sent before it was handled (the stream keeps their order). */
async function eventsHandled() {
  fake.work.emit('care-request.received', { uid: '9a9a9a9a-0000-4000-8000-000000000001', version: 1 });
  await waitFor(() => expect(screen.getByTestId('new-requests')).toHaveTextContent('1 new request'));
}

const openDetails = async (host: string) => {
  const rendered = await openList(fake);
  await waitFor(() => expect(fake.work.state.streams.size).toBeGreaterThan(0));
  await rendered.user.click(within(row(host)).getByRole('button', { name: 'View details' }));
  return { ...rendered, panel: await screen.findByTestId('workflow-panel') };
};

describe('workflow changes show at once', () => {
  it('shows "Assign to me" before the service answers, and then reads neither the lists nor the notes again', async () => {
    const { user, panel } = await openDetails('pflege-old.example');
    await within(panel).findByText('No notes yet.');
    const reads = countReads();
    const listLoads = fake.state.incoming.length;
    const answers = holdWorkflowAnswers();

    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    expect(await within(panel).findByText('Assignee: Alice Admin')).toBeInTheDocument();
    expect(within(row('pflege-old.example')).getByText('Alice Admin')).toBeInTheDocument();
    expect(answers.waiting()).toBe(1);
    expect(fake.work.state.changes).toEqual([]); // the service has not answered yet

    answers.release();
    await waitFor(() =>
      expect(fake.work.state.changes).toEqual([{ uid: UID_2012, body: { version: 1, assignee_uid: ADMIN_UID } }]),
    );
    await eventsHandled(); // the change's own event came back too
    await waitFor(() => expect(reads.activity).toBe(1)); // the timeline, in the background
    expect(reads.notes).toBe(0);
    expect(fake.state.incoming.length).toBe(listLoads);
    expect(within(panel).getByText('Assignee: Alice Admin')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Unassign' })).toBeEnabled();
  });

  it('puts the state back on a 409 and says in words who changed the request and how it is now', async () => {
    const { user, panel } = await openDetails('pflege-old.example');
    // changed elsewhere without this tab hearing of it
    const item = fake.state.items.find((candidate) => (candidate as { uid: string }).uid === UID_2012) as {
      version: number;
      status: string;
      assignee: unknown;
    };
    Object.assign(item, {
      version: 4,
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
    const answers = holdWorkflowAnswers();

    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    expect(await within(panel).findByText('Assignee: Alice Admin')).toBeInTheDocument();
    answers.release();

    expect(
      await screen.findByText(
        'Dora Dispatcher changed this request in the meantime: it is now Offer sent, assigned to Dora Dispatcher. Your change was not saved.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Assignee: Dora Dispatcher')).toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Offer sent');
    expect(within(row('pflege-old.example')).getByText('Offer sent')).toBeInTheDocument();
  });

  it('puts the state back when the change fails on the way, and says so in words', async () => {
    const { user, panel } = await openDetails('caredesk.example');
    fake.backend.server.use(http.patch(`${CARE}/care-requests/:uid/workflow/`, () => HttpResponse.error()));

    await user.click(within(panel).getByRole('button', { name: 'Unassign' }));

    expect(
      await screen.findByText(
        'Your change was not saved: The server cannot be reached. Please check the network connection and try again. The request shows its previous state again.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Assignee: Alice Admin')).toBeInTheDocument();
    expect(within(row('caredesk.example')).getByText('Alice Admin')).toBeInTheDocument();
  });
});

describe('live updates wait for open menus', () => {
  it('keeps the Status menu open when the request changes elsewhere, marks it, and shows the change once the menu closes', async () => {
    const { user, panel } = await openDetails('pflege-old.example');
    await user.click(within(panel).getByRole('combobox', { name: 'Status' }));
    const menu = await screen.findByRole('listbox');

    fake.work.changeElsewhere(UID_2012, {
      status: 'contacting',
      assignee: { uid: DORA_UID, public_name: 'Dora Dispatcher' },
    });

    expect(await within(panel).findByText('Changed elsewhere: shown when you close this menu.')).toBeInTheDocument();
    expect(menu).toBeInTheDocument();
    expect(within(menu).getByRole('option', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByText(/^Assignee:/)).toHaveTextContent('Assignee: Unassigned');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Contacting');
    expect(within(panel).getByText('Assignee: Dora Dispatcher')).toBeInTheDocument();
    expect(within(panel).queryByText('Changed elsewhere: shown when you close this menu.')).not.toBeInTheDocument();
  });
});

describe('live updates wait for open dialogs', () => {
  it('reloads the list behind an open details dialog only once it closes', async () => {
    const { user } = await openDetails('pflege-old.example');
    const loads = fake.state.incoming.length;
    fake.work.changeElsewhere(UID_2016, { assignee: { uid: DORA_UID, public_name: 'Dora Dispatcher' } });
    await eventsHandled();
    expect(fake.state.incoming.length).toBe(loads);
    expect(within(row('caredesk.example')).getByText('Alice Admin')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('incoming-details')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(row('caredesk.example')).getByText('Dora Dispatcher')).toBeInTheDocument());
    expect(fake.state.incoming.length).toBeGreaterThan(loads);
  });
});

describe('the board', () => {
  it('moves a card changed in its details into its new column at once, without reading the columns again', async () => {
    const BOARD = '/archive/care-requests/board/';
    storeRefreshToken(fake.backend.service);
    const { user } = renderApp(`/?redirect_to=${encodeURIComponent(BOARD)}`);
    await waitFor(() => expect(currentUrl()).toBe(BOARD));
    const fresh = await screen.findByTestId('board-column-new', {}, { timeout: 15_000 });
    await user.click(await within(fresh).findByRole('button', { name: /^Open request received/ }));
    const panel = await screen.findByTestId('workflow-panel');
    const columnLoads = fake.state.incoming.length;
    const answers = holdWorkflowAnswers();

    await user.click(within(panel).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Offer sent' }));

    const offers = screen.getByTestId('board-column-offer_sent');
    await waitFor(() =>
      expect(
        within(offers)
          .getAllByTestId('board-card')
          .map((card) => card.dataset.uid),
      ).toContain(UID_2012),
    );
    expect(within(fresh).queryAllByTestId('board-card')).toHaveLength(0);
    expect(offers).toHaveTextContent('(1 request)');
    expect(fake.work.state.changes).toEqual([]);

    answers.release();
    await waitFor(() => expect(fake.work.state.changes).toHaveLength(1));
    await eventsHandled();
    expect(
      within(offers)
        .getAllByTestId('board-card')
        .map((card) => card.dataset.uid),
    ).toContain(UID_2012);
    expect(within(panel).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Offer sent');
    expect(fake.state.incoming.length).toBe(columnLoads);
  });
});
