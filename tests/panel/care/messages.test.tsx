import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { withFakeCareBackend } from '../support/fakeCareService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** The incoming care requests in the screen's own words, in English and German. */

const fake = withFakeCareBackend();
const PATH = '/archive/incoming-care-requests/';
const german = () => window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');

async function openList(text: string | RegExp) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(PATH)}`);
  await waitFor(() => expect(currentUrl()).toMatch(/^\/archive\/incoming-care-requests\//));
  await screen.findAllByText(text);
  return rendered;
}

describe('incoming care requests', () => {
  it('without any, say so and offer to create one, in English and German', async () => {
    fake.state.items = [];
    const { unmount } = await openList(/^No care requests have come in yet\./);
    const empty = screen.getByTestId('list-empty');
    expect(within(empty).getByRole('link', { name: 'Create Care Request' })).toHaveAttribute(
      'href',
      '/customers/create-care-request/',
    );
    expect(document.body.textContent).not.toMatch(/Care-incoming|care-incoming/i);
    unmount();
    german();
    await openList(/^Es sind noch keine Betreuungsanfragen eingegangen\./);
    expect(
      within(screen.getByTestId('list-empty')).getByRole('link', { name: 'Betreuungsanfrage anlegen' }),
    ).toBeInTheDocument();
  });

  it('label the German date filter "Eingegangen von" and "Eingegangen bis"', async () => {
    german();
    const { user } = await openList('caredesk.example');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('group', { name: 'Eingegangen von' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Eingegangen bis' })).toBeInTheDocument();
  });

  it('name household activities beyond the spec’s list in German (no English "Window cleaning")', async () => {
    german();
    const { user } = await openList('caredesk.example');
    const row = screen
      .getAllByText('caredesk.example')
      .find((element) => element.closest('tbody tr'))!
      .closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Archivierte Anfrage öffnen' }));
    const mission = await screen.findByTestId('archived-mission');
    expect(mission).toHaveTextContent('Kochen, Wäsche, Fenster putzen');
    expect(mission).not.toHaveTextContent('Window cleaning');
  });
});
