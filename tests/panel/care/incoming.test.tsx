import { green, red } from '@mui/material/colors';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../src/resources/careRequests/incoming/IncomingCareRequestList';
import { OneLineText } from '../../../src/common/OneLineText';
import { daySeconds } from '../../../src/dataProviders/kit/dayRange';
import { TerritoryChip, territoryOf } from '../../../src/resources/careRequests/parts/TerritoryChip';
import { TestTranslations } from '../support/careTranslations';
import { afterTypingPause, dateField, typeDate } from '../support/dateFields';
import { withFakeCareBackend } from '../support/fakeCareService';
import { INCOMING_PATH, openList, row, switchToGerman } from '../support/incomingCareRequests';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeCareBackend();

const lastQuery = () => Object.fromEntries(fake.state.incoming.at(-1)!.url.searchParams);

describe('territory chip', () => {
  it('is Core Territory in green before Optional Territory in red, else the partial zip code, else Unknown', () => {
    expect(territoryOf({ core_territory: true, optional_territory: true, partialZipCode: '10xxx' })).toEqual({
      kind: 'core',
      color: green[800],
    });
    expect(territoryOf({ core_territory: false, optional_territory: true, partialZipCode: '15xxx' })).toEqual({
      kind: 'optional',
      color: red[700],
    });
    expect(territoryOf({ core_territory: false, optional_territory: false, partialZipCode: '80xxx' })).toEqual({
      kind: 'zip',
    });
    expect(territoryOf({ core_territory: false, optional_territory: false, partialZipCode: null })).toEqual({
      kind: 'unknown',
    });

    const { unmount } = render(
      <TestTranslations>
        <TerritoryChip core_territory={false} optional_territory={false} partialZipCode="80xxx" />
        <TerritoryChip core_territory={false} optional_territory={false} partialZipCode={null} />
        <TerritoryChip core_territory optional_territory={false} partialZipCode="10xxx" />
        <TerritoryChip core_territory={false} optional_territory partialZipCode="15xxx" />
      </TestTranslations>,
    );
    expect(screen.getByText('80xxx').closest('[data-territory]')).toHaveAttribute('data-territory', 'zip');
    expect(screen.getByText('Unknown').closest('[data-territory]')).toHaveAttribute('data-territory', 'unknown');
    expect(screen.getByText('Core Territory').closest('[data-territory]')).toHaveAttribute(
      'data-territory-color',
      green[800],
    );
    expect(screen.getByText('Optional Territory').closest('[data-territory]')).toHaveAttribute(
      'data-territory-color',
      red[700],
    );
    unmount();
  });
});

describe('incoming care requests list', () => {
  it('needs a signed-in user: a signed-out visitor is sent through sign-in with redirect_to and the query', async () => {
    renderApp(`${INCOMING_PATH}?page=2&search=x`);
    await waitFor(() =>
      expect(currentUrl()).toBe(`/login?redirect_to=${encodeURIComponent(INCOMING_PATH)}&page=2&search=x`),
    );
    expect(fake.state.incoming).toHaveLength(0);
  });

  it('loads page 1 of 10 sorted by submitted descending, shows every column, icons and chips', async () => {
    const { user } = await openList(fake);
    // three columns are hidden at first (the workflow's columns took their room): Columns shows them
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    for (const name of ['Affiliate', 'Drivers License', 'Form Version'])
      await user.click(await screen.findByRole('switch', { name }));
    await user.keyboard('{Escape}');
    expect(lastQuery()).toEqual({ page: '1', page_size: '10', sort_by: 'submitted', ordering: 'des' });

    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(
      expect.arrayContaining([
        'Submitted',
        'Origin',
        'Affiliate',
        'ZIP Code',
        'Patients',
        'Mission Begins',
        'Drivers License',
        'Form Version',
        'Actions',
      ]),
    );

    const current = row('caredesk.example');
    // the origin named without its "www.", the whole host on keyboard focus (and hover)
    const host = within(current).getByTestId('short-host');
    expect(host).toHaveTextContent(/^caredesk\.example$/);
    host.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('www.caredesk.example');
    // the affiliate shown whole (jsdom lays nothing out, so nothing is cut): no tab stop of its own
    expect(within(current).getByText('caredesk')).not.toHaveAttribute('tabindex');
    expect(within(current).getByText('Core Territory')).toBeInTheDocument();
    expect(within(current).getByText('10xxx')).toBeInTheDocument();
    expect(within(current).getByText('2')).toBeInTheDocument();
    expect(within(current).getByText('from 04/01/2026')).toBeInTheDocument();
    expect(within(current).getByTestId('drivers-license')).toBeInTheDocument();
    expect(within(current).getByTestId('other-persons')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Patient 1: Female' })).toHaveAttribute('data-gender', 'female');
    expect(within(current).getByRole('button', { name: 'Patient 2: Male' })).toHaveAttribute('data-gender', 'male');
    expect(within(current).getByRole('button', { name: 'Open archived request' })).toBeInTheDocument();

    const old = row('pflege-old.example');
    expect(within(old).getByText('Optional Territory')).toBeInTheDocument();
    expect(within(old).getByText('As soon as possible')).toBeInTheDocument();
    expect(within(old).getByText('2012')).toBeInTheDocument();
    expect(within(old).queryByTestId('drivers-license')).not.toBeInTheDocument();
    expect(within(old).queryByTestId('other-persons')).not.toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Open archived request' })).not.toBeInTheDocument();
  });

  it('shows a patient popup with mobility and care level', async () => {
    const { user } = await openList(fake);
    await user.click(within(row('caredesk.example')).getByRole('button', { name: 'Patient 2: Male' }));
    const popup = await screen.findByRole('dialog', { name: 'Patient details' });
    expect(within(popup).getByText('Wheelchair')).toBeInTheDocument();
    expect(within(popup).getByText('Care level').nextSibling).toHaveTextContent('2');
  });

  it('searches on Enter only, filters by the submitted range (active only when set, reset) and reloads', async () => {
    const { user } = await openList(fake);
    const loads = fake.state.incoming.length;
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, '10xxx');
    expect(fake.state.incoming.length).toBe(loads);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastQuery().query).toBe('10xxx'));
    await waitFor(() => expect(currentUrl()).toContain('search=10xxx'));

    const filterButton = screen.getByRole('button', { name: 'Filter' });
    expect(filterButton).toHaveAttribute('data-active', 'false');
    await user.click(filterButton);
    await screen.findByRole('group', { name: 'Submitted from' });
    await typeDate(user, 'Submitted from', '0301');
    await afterTypingPause();
    expect(fake.state.incoming.filter((request) => request.url.searchParams.has('filters'))).toEqual([]);
    await user.keyboard('2026');
    await waitFor(() =>
      expect(JSON.parse(lastQuery().filters)).toEqual({ submitted: { from: daySeconds('2026-03-01') } }),
    );
    await waitFor(() => expect(currentUrl()).toContain('submitted__from=2026-03-01'));
    expect(filterButton).toHaveAttribute('data-active', 'true');
    expect(filterButton).toHaveAccessibleName('Filter (1 active)');
    expect(screen.getByTestId('filter-count')).toHaveTextContent('1');

    await typeDate(user, 'Submitted to', '02282026');
    expect(await screen.findByText('Cannot be before the start date')).toBeInTheDocument();
    expect(dateField('Submitted to').text()).toBe('02/28/2026');
    await typeDate(user, 'Submitted to', '03312026');
    await waitFor(() =>
      expect(JSON.parse(lastQuery().filters)).toEqual({
        submitted: { from: daySeconds('2026-03-01'), to: daySeconds('2026-03-31', true) },
      }),
    );
    expect(screen.queryByText('Cannot be before the start date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery().filters).toBeUndefined());
    expect(currentUrl()).not.toContain('submitted__');
    expect(dateField('Submitted from').text()).toBe('');
    expect(filterButton).toHaveAccessibleName('Filter');

    await user.click(dateField('Submitted from').sections()[0]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Submitted from' })).not.toBeInTheDocument());
    const before = fake.state.incoming.length;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(fake.state.incoming.length).toBe(before + 1));
  });

  it('takes the submitted range as TT.MM.JJJJ in German', async () => {
    // (the labels' case is not what this test is about)
    const [from, to] = [/^Eingegangen von$/i, /^Eingegangen bis$/i];
    window.localStorage.setItem('RaStore.locale', '"de"');
    storeRefreshToken(fake.backend.service);
    const { user } = renderApp(`/?redirect_to=${encodeURIComponent(INCOMING_PATH)}`);
    await screen.findByText('caredesk.example');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('group', { name: from });
    await typeDate(user, from, '01032026');
    await waitFor(() => expect(currentUrl()).toContain('submitted__from=2026-03-01'));
    expect(dateField(from).text()).toBe('01.03.2026');
    await typeDate(user, to, '3102');
    await user.tab();
    expect(await screen.findByText('Das Datum ist unvollständig (TT.MM.JJJJ)')).toBeInTheDocument();
    expect(dateField(to).text()).toBe('31.02.JJJJ');
    expect(currentUrl()).not.toContain('submitted__to');
  });

  it('starts from the URL query (a shared link)', async () => {
    storeRefreshToken(fake.backend.service);
    const path = `${INCOMING_PATH}?page=1&pageSize=25&sortBy=submitted&ordering=asc&search=caredesk&submitted__to=2026-12-31`;
    renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
    await screen.findByText('caredesk.example');
    expect(lastQuery()).toMatchObject({
      page: '1',
      page_size: '25',
      sort_by: 'submitted',
      ordering: 'asc',
      query: 'caredesk',
    });
    expect(JSON.parse(lastQuery().filters)).toEqual({ submitted: { to: daySeconds('2026-12-31', true) } });
  });
});

describe('in German', () => {
  it('shows German column titles, enumeration labels and German dates', async () => {
    const { user } = await openList(fake);
    expect(await switchToGerman(user)).toBeInTheDocument();
    const current = row('caredesk.example');
    expect(within(current).getByText('Kerngebiet')).toBeInTheDocument();
    expect(within(current).getByText('ab 01.04.2026')).toBeInTheDocument();
    await user.click(within(row('pflege-old.example')).getByRole('button', { name: 'Details anzeigen' }));
    const dialog = await screen.findByTestId('incoming-details');
    for (const text of [
      'Bettlägerig',
      'Demenz, Diabetes',
      'Wird beendet',
      'Zwei Zimmer',
      'Zeitung',
      'Schnellstmöglich',
    ])
      expect(dialog).toHaveTextContent(text);
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });
});

describe('a value in one line', () => {
  it('is a tab stop with its whole text in a tooltip only while it is cut', async () => {
    const widths = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(300);
    render(<OneLineText text="Pflegedienst Sonnenschein Charlottenburg-Wilmersdorf" />);
    const value = screen.getByText('Pflegedienst Sonnenschein Charlottenburg-Wilmersdorf');
    expect(value).toHaveAttribute('tabindex', '0');
    value.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Pflegedienst Sonnenschein Charlottenburg-Wilmersdorf',
    );
    widths.mockRestore();
  });
});
