import { act, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/files/FileSearch';
import { daySeconds } from '../../../src/dataProviders/kit/dayRange';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { ContentTypeField } from '../../../src/resources/files/ContentTypeField';
import { ReferenceChips } from '../../../src/resources/files/ReferenceChips';
import { TestTranslations } from '../support/careTranslations';
import { dateField, typeDate } from '../support/dateFields';
import { FILE_UID, withFakeFilesBackend } from '../support/fakeFilesService';
import { openSearch, SEARCH_PATH } from '../support/fileSearch';
import { currentUrl, recordNavigation, reloadApp, storeRefreshToken } from '../support/renderApp';

const fake = withFakeFilesBackend();

afterEach(() => {
  vi.restoreAllMocks();
});

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};
const lastSearch = () => Object.fromEntries(fake.files.hits('GET', SEARCH_PATH).at(-1)!.query);

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

describe('file search', () => {
  it('shows every column with sizes, content types and reference chips; default sort uploaded descending, 10 per page', async () => {
    const { user } = await openSearch(fake);
    const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers()).toEqual(expect.arrayContaining(['Name', 'Size', 'Content type', 'Uploaded', 'References']));
    // the description is hidden at first (beside it the name kept a few letters at 1280 px): Columns shows it
    expect(headers()).not.toContain('Description');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('switch', { name: 'Description' }));
    await user.keyboard('{Escape}');
    expect(headers()).toContain('Description');
    expect(lastSearch()).toEqual({ page: '1', page_size: '10', sort_by: 'uploaded', ordering: 'des' });

    const contract = row('contract-2026.pdf');
    expect(within(contract).getByText('1.5 kB')).toBeInTheDocument();
    expect(within(contract).getByText('PDF document')).toBeInTheDocument();
    expect(within(contract).getByText('Signed service contract')).toBeInTheDocument();
    expect(within(contract).getByText('Customer (2)')).toBeInTheDocument();
    expect(within(contract).getByText('Service contract')).toBeInTheDocument();
    expect(within(contract).getByText(new Date(1_767_268_800_000).toLocaleString('en'))).toBeInTheDocument();

    const hours = row('hours.csv');
    expect(within(hours).getByText('512 bytes')).toBeInTheDocument();
    expect(within(hours).getByText('CSV')).toBeInTheDocument();
    expect(within(hours).queryAllByTestId(/reference-chip/)).toHaveLength(0);

    const notes = row('notes.bin');
    expect(within(notes).getByText('3.0 GB')).toBeInTheDocument();
    expect(within(notes).getByText('Binary file')).toHaveAttribute('title', 'application/octet-stream');
    expect(within(notes).getByText('Caregiver')).toBeInTheDocument();
  });

  it('restores the list from the URL (a shared link or reload) and sends it in the paged dialect', async () => {
    addFiles(40);
    const navigations = recordNavigation();
    const path =
      '/filebucket/search/?page=2&pageSize=25&sortBy=name&ordering=asc&search=contract&uploaded__from=2026-01-01&uploaded__to=2026-01-31&reference__kind=Customer';
    const rendered = await openSearch(fake, path, 'generated-15.txt');
    await waitFor(() =>
      expect(lastSearch()).toEqual({
        page: '2',
        page_size: '25',
        sort_by: 'name',
        ordering: 'asc',
        query: 'contract',
        filters: JSON.stringify({
          uploaded: { from: daySeconds('2026-01-01'), to: daySeconds('2026-01-31', true) },
          reference_kind: 'Customer',
        }),
      }),
    );
    expect(screen.getByPlaceholderText('Search')).toHaveValue('contract');
    const { user } = rendered;
    await user.click(screen.getByRole('button', { name: 'Filter (2 active)' }));
    expect(dateField('Uploaded from').text()).toBe('01/01/2026');
    expect(dateField('Uploaded to').text()).toBe('01/31/2026');
    expect(screen.getByRole('combobox', { name: 'Reference kind' })).toHaveTextContent('Customer');
    expect(currentUrl()).toBe(path);
    // the list did not rewrite the shared link
    expect(navigations.filter((url) => url.startsWith('/filebucket/search/') && url !== path)).toEqual([]);
  });

  it('filters by search, uploaded dates typed by keyboard (active only when set, with reset) and reference kind; the Filter button counts them', async () => {
    const { user } = await openSearch(fake);

    await user.type(screen.getByPlaceholderText('Search'), 'hours');
    await waitFor(() => expect(currentUrl()).toContain('search=hours'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ query: 'hours' }));
    expect(lastSearch().filters).toBeUndefined();

    const filterButton = screen.getByRole('button', { name: 'Filter' });
    expect(filterButton).toHaveAttribute('data-active', 'false');
    expect(screen.getByTestId('filter-count').querySelector('.MuiBadge-badge')).toHaveClass('MuiBadge-invisible');
    await user.click(filterButton);
    await typeDate(user, 'Uploaded from', '02012026');
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-02-01'));
    await waitFor(() =>
      expect(JSON.parse(lastSearch().filters)).toEqual({ uploaded: { from: daySeconds('2026-02-01') } }),
    );
    expect(filterButton).toHaveAccessibleName('Filter (1 active)');
    expect(screen.getByTestId('filter-count').querySelector('.MuiBadge-badge')).not.toHaveClass('MuiBadge-invisible');
    expect(screen.getByTestId('filter-count')).toHaveTextContent('1');

    await user.click(screen.getByRole('combobox', { name: 'Reference kind' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await waitFor(() => expect(currentUrl()).toContain('reference__kind=Customer'));
    await waitFor(() =>
      expect(JSON.parse(lastSearch().filters)).toEqual({
        uploaded: { from: daySeconds('2026-02-01') },
        reference_kind: 'Customer',
      }),
    );
    expect(filterButton).toHaveAccessibleName('Filter (2 active)');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(currentUrl()).not.toContain('uploaded__'));
    expect(currentUrl()).not.toContain('reference__');
    await waitFor(() => expect(lastSearch().filters).toBeUndefined());
    expect(dateField('Uploaded from').text()).toBe('');
    expect(filterButton).toHaveAccessibleName('Filter');
    expect(filterButton).toHaveAttribute('data-active', 'false');
  });

  it('downloads with the bearer token and saves the blob under its file name', async () => {
    const created: Blob[] = [];
    const saved: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:fake';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await openSearch(fake);
    await user.click(within(row('contract-2026.pdf')).getByRole('button', { name: 'Download contract-2026.pdf' }));
    await waitFor(() => expect(saved).toEqual(['contract-2026.pdf']));
    const request = fake.files.hits('GET', `/api/files/download/${FILE_UID}/`)[0];
    expect((request.body as { authorization: string }).authorization).toMatch(/^Bearer access-/);
    expect([...new Uint8Array(await created[0].arrayBuffer())]).toEqual([1, 2, 3, 250]);
  });
});

describe('file search reload', () => {
  it.each([
    [
      'with its state in the URL',
      '/filebucket/search/?page=2&pageSize=10&sortBy=name&ordering=asc',
      { page: '2', sort_by: 'name' },
    ],
    ['without a query', '/filebucket/search/', { page: '1', sort_by: 'uploaded' }],
  ])('%s adds no history entry: Back goes to the previous page', async (_name, path, expected) => {
    addFiles(40);
    storeRefreshToken(fake.backend.service);
    const { historyLength } = reloadApp(path, '/dashboard');

    await waitFor(() => expect(lastSearch()).toMatchObject(expected));
    await screen.findAllByText(/generated-/);
    expect(currentUrl()).toBe(path);
    expect(window.history.length).toBe(historyLength);

    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
  });

  it('keeps the page of the URL when effects run twice on mount (StrictMode, as in development)', async () => {
    addFiles(40);
    storeRefreshToken(fake.backend.service);
    const path = '/filebucket/search/?page=3&pageSize=10&sortBy=name&ordering=asc';
    const { historyLength } = reloadApp(path, '/dashboard', { strict: true });

    await waitFor(() => expect(lastSearch()).toMatchObject({ page: '3', sort_by: 'name' }));
    await screen.findAllByText(/generated-/);
    expect(currentUrl()).toBe(path);
    expect(window.history.length).toBe(historyLength);
  });
});

// Last in the file: it walks the jsdom history back and forth.
describe('file search history', () => {
  it('pushes user changes into the URL and follows the back button', async () => {
    addFiles(40);
    const { user } = await openSearch(fake);

    const nameHeader = screen.getAllByRole('columnheader').find((cell) => cell.textContent?.trim() === 'Name')!;
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'name', ordering: 'asc', page: '1' }));

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=2&pageSize=10&sortBy=name&ordering=asc'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'name', page: '2' }));

    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'name', page: '1' }));

    act(() => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'uploaded', ordering: 'des', page: '1' }));
    // going back did not push new entries
    act(() => window.history.forward());
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc'));
  });
});

describe('reference chips', () => {
  it.each([
    [
      'en',
      [
        'PDF document',
        'Word document',
        'Plain text',
        'PNG image',
        'JPEG image',
        'CSV',
        'Spreadsheet',
        'File (x-xyz)',
        'File',
      ],
    ],
    [
      'de',
      [
        'PDF-Dokument',
        'Word-Dokument',
        'Textdatei',
        'PNG-Bild',
        'JPEG-Bild',
        'CSV',
        'Tabelle',
        'Datei (x-xyz)',
        'Datei',
      ],
    ],
  ] as const)('names content types in words (%s), the raw type on hover', (locale, words) => {
    const types = [
      'application/pdf',
      'application/msword',
      'text/plain; charset=utf-8',
      'image/png',
      'image/jpeg',
      'text/csv',
      'application/vnd.oasis.opendocument.spreadsheet',
      'application/x-xyz',
      '',
    ];
    render(
      <AdminContext i18nProvider={createI18nProvider(locale)}>
        {types.map((type, index) => (
          <div key={type} data-testid={`type-${index}`}>
            <ContentTypeField contentType={type} />
          </div>
        ))}
      </AdminContext>,
    );
    expect(types.map((_, index) => screen.getByTestId(`type-${index}`).textContent)).toEqual(words);
    expect(screen.getByText(words[2])).toHaveAttribute('title', 'text/plain; charset=utf-8');
  });

  it('show two kinds and name the others in a "+N" chip on focus, so that the column stays narrow', async () => {
    const references = ['Customer', 'Caregiver', 'Contract', 'Invoice'].map((name, index) => ({
      name,
      value: `V-${index}`,
    }));
    render(
      <TestTranslations>
        <ReferenceChips references={[...references, { name: 'Customer', value: 'V-9' }]} />
      </TestTranslations>,
    );
    expect(screen.getByTestId('reference-chip-Customer')).toHaveTextContent('Customer (2)');
    expect(screen.getByTestId('reference-chip-Caregiver')).toHaveTextContent('Caregiver');
    const more = screen.getByTestId('reference-chip-more');
    expect(more).toHaveTextContent('+2');
    more.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Contract, Invoice');
  });
});
