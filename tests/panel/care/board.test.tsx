import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/careRequests/board/CareBoard';
import { withFakeCareBackend, incoming2012, incoming2016 } from '../support/fakeCareService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeCareBackend();
const BOARD = '/archive/care-requests/board/';

async function open(path: string) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  return rendered;
}

const column = (name: RegExp) => screen.findByRole('region', { name }, { timeout: 15_000 });
const statusesAsked = () =>
  fake.state.incoming
    .map((request) => JSON.parse(request.url.searchParams.get('filters') ?? '{}').status?.[0])
    .filter(Boolean);

describe('the care board', () => {
  it('has a column per open status with its cards; the closed ones show behind the switch', async () => {
    const { user } = await open(BOARD);
    const contacting = await column(/^Contacting/);
    expect(await within(contacting).findByText('Received 03/01/2026, 10:30 AM', { exact: false })).toBeInTheDocument();
    const card = within(contacting).getByTestId('board-card');
    for (const text of ['10xxx', 'Core Territory', '2 patients · Care levels 3, 2', 'Alice Admin'])
      expect(card).toHaveTextContent(text);
    expect(within(card).getByRole('img', { name: 'overdue' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Move the request received/ })).toBeInTheDocument();
    expect(await column(/^New \(1 request\)/)).toHaveTextContent('1 patient · Care level 5');
    expect(screen.queryByRole('region', { name: /^Declined/ })).not.toBeInTheDocument();
    expect(new Set(statusesAsked())).toEqual(new Set(['new', 'contacting', 'offer_sent']));

    await user.click(screen.getByRole('switch', { name: 'Show closed statuses' }));
    expect(await column(/^Declined/)).toHaveTextContent('No requests');
    expect(await column(/^Withdrawn/)).toBeInTheDocument();
  });

  it('shows the zip code once on a card outside the territories', async () => {
    fake.state.items = [{ ...incoming2012(), optional_territory: false, partial_mission_zip_code: '22xxx' }];
    await open(BOARD);
    const card = await within(await column(/^New/)).findByTestId('board-card');
    expect(card.textContent.split('22xxx')).toHaveLength(2);
    expect(card.querySelector('[data-territory]')).toHaveAttribute('data-territory', 'zip');
  });

  it("shows a column's first 50 requests, then 50 more", async () => {
    fake.state.items = [
      incoming2016(),
      ...Array.from({ length: 60 }, (_, index) => ({
        ...incoming2012(),
        uid: `0f1e2d3c-0000-4000-8000-0000000${String(index).padStart(5, '0')}`,
      })),
    ];
    const { user } = await open(BOARD);
    const fresh = await column(/^New \(60 requests\)/);
    await waitFor(() => expect(within(fresh).getAllByTestId('board-card')).toHaveLength(50));
    await user.click(within(fresh).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(within(fresh).getAllByTestId('board-card')).toHaveLength(60));
    expect(fake.state.incoming.some((request) => request.url.searchParams.get('page_size') === '100')).toBe(true);
  });

  it("opens a card's details with the workflow panel", async () => {
    const { user } = await open(BOARD);
    const fresh = await column(/^New/);
    await user.click(await within(fresh).findByRole('button', { name: /^Open request received/ }));
    expect(await screen.findByTestId('workflow-panel')).toHaveTextContent('Assign to me');
  });
});

describe('the own care settings', () => {
  it('offers "mail me when a request is assigned to me" on the Security page', async () => {
    const { user } = await open('/security');
    const mails = await screen.findByRole(
      'switch',
      { name: 'Mail me when a request is assigned to me' },
      { timeout: 15_000 },
    );
    await waitFor(() => expect(mails).toBeChecked());
    await user.click(mails);
    await waitFor(() => expect(fake.work.state.settings).toEqual({ assignment_mails: false, mail_address: null }));
    expect(await screen.findByText('Your mail setting was saved.')).toBeInTheDocument();
    await waitFor(() => expect(mails).not.toBeChecked());
  });
});
