import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/files/FileSearch';
import { daySeconds } from '../../../src/dataProviders/kit/dayRange';
import { afterTypingPause, dateField, typeDate } from '../support/dateFields';
import { withFakeFilesBackend } from '../support/fakeFilesService';
import { openSearch, SEARCH_PATH } from '../support/fileSearch';
import { currentUrl } from '../support/renderApp';

const fake = withFakeFilesBackend();

const filteredSearches = () => fake.files.hits('GET', SEARCH_PATH).filter((request) => request.query.has('filters'));

describe('date entry in the file filters', () => {
  it('sends nothing for a partial date, applies the complete one once, and names an incomplete one on leaving the field', async () => {
    const { user } = await openSearch(fake);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await typeDate(user, 'Uploaded from', '0201');
    await afterTypingPause();
    expect(filteredSearches()).toEqual([]);
    expect(currentUrl()).toBe('/filebucket/search/');
    expect(dateField('Uploaded from').text()).toBe('02/01/YYYY');

    await user.keyboard('202');
    await afterTypingPause();
    expect(filteredSearches()).toEqual([]);
    expect(screen.queryByText(/Enter a valid date/)).not.toBeInTheDocument();
    await user.keyboard('6');
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-02-01'));
    await afterTypingPause();
    expect(filteredSearches().map((request) => request.query.get('filters'))).toEqual([
      JSON.stringify({ uploaded: { from: daySeconds('2026-02-01') } }),
    ]);

    await typeDate(user, 'Uploaded to', '03');
    await user.tab();
    expect(await screen.findByText('The date is incomplete (MM/DD/YYYY)')).toBeInTheDocument();
    expect(dateField('Uploaded to').text()).toBe('03/DD/YYYY');
    await afterTypingPause();
    expect(filteredSearches()).toHaveLength(1);
    expect(currentUrl()).not.toContain('uploaded__to');
  });

  it('shows an error for a date that does not exist or a to before the from, keeps what was typed and sends nothing', async () => {
    const { user } = await openSearch(fake);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await typeDate(user, 'Uploaded from', '02312026');
    expect(await screen.findByText('Enter a valid date as MM/DD/YYYY (from 1970)')).toBeInTheDocument();
    expect(dateField('Uploaded from').text()).toBe('02/31/2026');
    await afterTypingPause();
    expect(filteredSearches()).toEqual([]);
    expect(currentUrl()).toBe('/filebucket/search/');

    await typeDate(user, 'Uploaded from', '03102026');
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-03-10'));
    expect(screen.queryByText(/Enter a valid date/)).not.toBeInTheDocument();
    await typeDate(user, 'Uploaded to', '03012026');
    expect(await screen.findByText('Cannot be before the start date')).toBeInTheDocument();
    expect(dateField('Uploaded to').text()).toBe('03/01/2026');
    await afterTypingPause();
    expect(currentUrl()).not.toContain('uploaded__to');
    expect(filteredSearches().every((request) => !JSON.parse(request.query.get('filters')!).uploaded.to)).toBe(true);

    // a year before 1970 is refused too (the service counts seconds from 1970)
    await typeDate(user, 'Uploaded to', '03011969');
    expect(await screen.findByText('Enter a valid date as MM/DD/YYYY (from 1970)')).toBeInTheDocument();
  });

  it('applies a day typed just before the menu closes', async () => {
    const { user } = await openSearch(fake);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await typeDate(user, 'Uploaded from', '02012026');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Uploaded from' })).not.toBeInTheDocument());
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-02-01'));
    expect(screen.getByRole('button', { name: 'Filter (1 active)' })).toBeInTheDocument();
  });

  it('picks a day in the calendar', async () => {
    // the calendar opens on the current month
    const month = format(new Date(), 'yyyy-MM');
    const { user } = await openSearch(fake, `/filebucket/search/?uploaded__from=${month}-10`);
    await user.click(screen.getByRole('button', { name: 'Filter (1 active)' }));
    const toGroup = dateField('Uploaded to').group;
    await user.click(within(toGroup.parentElement!).getByRole('button', { name: 'Choose date' }));
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getByRole('gridcell', { name: '9' })).toHaveClass('Mui-disabled');
    await user.click(within(calendar).getByRole('gridcell', { name: '20' }));
    await waitFor(() => expect(currentUrl()).toContain(`uploaded__to=${month}-20`));
    expect(dateField('Uploaded to').text()).toBe(format(new Date(`${month}-20T00:00`), 'MM/dd/yyyy'));
  });

  it('reads and takes TT.MM.JJJJ in German, with German picker texts', async () => {
    window.localStorage.setItem('RaStore.locale', '"de"');
    const { user } = await openSearch(fake);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(dateField('Hochgeladen ab').text()).toBe('');
    await typeDate(user, 'Hochgeladen ab', '0102');
    expect(dateField('Hochgeladen ab').text()).toBe('01.02.JJJJ');
    await user.keyboard('2026');
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-02-01'));
    // (behind the open menu, so hidden from the accessibility tree for now)
    expect(screen.getByRole('button', { name: 'Filter (1 aktiv)', hidden: true })).toBeInTheDocument();
    await typeDate(user, 'Hochgeladen bis', '31022026');
    expect(
      await screen.findByText('Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben (ab 1970)'),
    ).toBeInTheDocument();
    expect(dateField('Hochgeladen bis').text()).toBe('31.02.2026');
    expect(
      within(dateField('Hochgeladen bis').group.parentElement!).getByRole('button', { name: 'Datum auswählen' }),
    ).toBeInTheDocument();
  });
});
