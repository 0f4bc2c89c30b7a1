import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import { ORIGIN, testConfig } from '../support/fakeAuthService';
import { archived2016, UID_2016, withFakeCareBackend } from '../support/fakeCareService';
import { openList, row } from '../support/incomingCareRequests';

const fake = withFakeCareBackend();
const CARE = testConfig.careUrl;
/** 2026-03-02 12:00 UTC: that day in every time zone the tests may run in. */
const ERASED = 1_772_452_800;

/** The archived request as the care service answers it once its contact data was erased. */
const answerErased = () =>
  fake.backend.server.use(
    http.get(`${ORIGIN}/api/care/archived/care-requests/:uid/`, () =>
      HttpResponse.json({ ...archived2016(), contact: null, contact_erased: ERASED }),
    ),
  );

const openDetails = async (host: string) => {
  const rendered = await openList(fake);
  await rendered.user.click(within(row(host)).getByRole('button', { name: 'View details' }));
  return { ...rendered, panel: await screen.findByTestId('workflow-panel') };
};

const addNote = async (panel: HTMLElement, user: Awaited<ReturnType<typeof openDetails>>['user'], text: string) => {
  await user.type(within(panel).getByRole('textbox', { name: 'New note' }), text);
  await user.click(within(panel).getByRole('button', { name: 'Add note' }));
};

describe('notes where the contact data was erased', () => {
  it('offers no note box in the archived view but says why, with the day', async () => {
    answerErased();
    const { user } = await openList(fake);
    await user.click(within(row('caredesk.example')).getByRole('button', { name: 'Open archived request' }));
    const panel = within(await screen.findByTestId('archived-request')).getByTestId('workflow-panel');
    expect(
      await within(panel).findByText("Notes cannot be added: the customer's contact data was erased on 03/02/2026."),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'New note' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('offers none in the details either', async () => {
    answerErased();
    const { panel } = await openDetails('caredesk.example');
    expect(
      await within(panel).findByText("Notes cannot be added: the customer's contact data was erased on 03/02/2026."),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'New note' })).not.toBeInTheDocument();
  });

  it('takes the box away when the service says the data was erased meanwhile, and says so in words', async () => {
    const { user, panel } = await openDetails('caredesk.example');
    fake.backend.server.use(
      http.post(`${CARE}/care-requests/:uid/notes/`, () =>
        HttpResponse.json(
          {
            type: '/problems/contact-erased',
            title: 'Gone',
            status: 410,
            detail: 'The contact data of this care request was erased, and its notes with it.',
          },
          { status: 410, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await addNote(panel, user, 'Called the daughter.');
    expect(
      await within(panel).findByText(
        "Notes cannot be added: the customer's contact data was erased. Your note was not saved.",
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'New note' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Gone/)).not.toBeInTheDocument();
    expect(fake.work.state.notes.get(UID_2016)).toBeUndefined();
  });
});

describe('a refused note', () => {
  it('keeps the text and says in words what happened and what to do', async () => {
    const { user, panel } = await openDetails('caredesk.example');
    let offline = true;
    // while offline the connection fails; then the fake care service answers
    fake.backend.server.use(
      http.post(`${CARE}/care-requests/:uid/notes/`, () => (offline ? HttpResponse.error() : undefined)),
    );
    await addNote(panel, user, 'Called the daughter.');
    expect(
      await within(panel).findByText(
        'The note was not saved: The server cannot be reached. Please check the network connection and try again. Your text is still here: send it again, or copy it.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'New note' })).toHaveValue('Called the daughter.');

    offline = false;
    await user.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Called the daughter.', { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'New note' })).toHaveValue('');
    expect(within(panel).queryByText(/The note was not saved/)).not.toBeInTheDocument();
  });
});
