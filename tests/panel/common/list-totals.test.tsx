import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/files/FileSearch';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { withFakeFilesBackend } from '../support/fakeFilesService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** A list whose service counts only up to past 1,000 matches (total_is_lower_bound): the pager says so and counts all on request. */
const fake = withFakeFilesBackend();
const SEARCH_PATH = '/api/files/search/';

function addFiles(count: number) {
  for (let index = 0; index < count; index += 1) {
    fake.files.files.push({
      uid: `g${index}`,
      meta: {
        name: `generated-${index}.txt`,
        description: 'generated',
        uploaded: 1_700_000_000 - index,
        content_type: 'text/plain',
        references: [],
      },
      stored_binary: { md5_hash: 'x', size: index },
    });
  }
}

async function openSearch() {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/filebucket/search/')}`);
  await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/'));
  await screen.findAllByText('contract-2026.pdf');
  return rendered;
}

const searches = () => fake.files.hits('GET', SEARCH_PATH).map((hit) => Object.fromEntries(hit.query));

describe('capped list totals', () => {
  it('shows "more than 1,000" and counts all matches on request, once', async () => {
    addFiles(1200);
    const total = fake.files.files.length;
    const { user } = await openSearch();
    expect(screen.getByText('1-10 of more than 1,000')).toBeInTheDocument();
    expect(searches().every((query) => query.exact_total === undefined)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Count all' }));
    expect(await screen.findByText(`1-10 of ${total.toLocaleString('en')}`)).toBeInTheDocument();
    expect(searches().at(-1)).toMatchObject({ exact_total: 'true', page_size: '1', sort_by: 'uploaded' });
    expect(screen.queryByRole('button', { name: 'Count all' })).not.toBeInTheDocument();

    // the next page is asked for without an exact count, and the exact figure stays for the same search
    const asked = searches().length;
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText(`11-20 of ${total.toLocaleString('en')}`)).toBeInTheDocument();
    expect(
      searches()
        .slice(asked)
        .every((query) => query.exact_total === undefined),
    ).toBe(true);
  });

  it('shows an exact total as it is, without the offer', async () => {
    addFiles(20);
    await openSearch();
    expect(screen.getByText(`1-10 of ${fake.files.files.length}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Count all' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    addFiles(1200);
    const { user } = await openSearch();
    expect(await screen.findByText('1-10 von mehr als 1.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alle zählen' }));
    expect(await screen.findByText(`1-10 von ${fake.files.files.length.toLocaleString('de')}`)).toBeInTheDocument();
  });
});
