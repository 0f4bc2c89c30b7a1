import { act, render, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/resources/files/FileSearch';
import { daySeconds } from '../../src/dataProviders/kit/dayRange';
import { ReferenceChips } from '../../src/resources/files/ReferenceChips';
import { TestTranslations } from './support/careTranslations';
import { afterTypingPause, dateField, typeDate } from './support/dateFields';
import { FILE_UID, useFakeFilesBackend } from './support/fakeFilesService';
import { currentUrl, recordNavigation, reloadApp, renderApp, storeRefreshToken } from './support/renderApp';

const fake = useFakeFilesBackend();

afterEach(() => {
  vi.restoreAllMocks();
});

const SEARCH_PATH = '/api/files/search/';

async function openSearch(path = '/filebucket/search/', text = 'contract-2026.pdf') {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await screen.findAllByText(text);
  return rendered;
}

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
      meta: { name: `generated-${index}.txt`, description: 'generated', uploaded: 1_700_000_000 - index, content_type: 'text/plain', references: [] },
      stored_binary: { md5_hash: 'x', size: index },
    });
  }
}

describe('file search', () => {
  it('shows every column with sizes, content types and reference chips; default sort uploaded descending, 10 per page', async () => {
    await openSearch();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Name', 'Size', 'Content type', 'Description', 'Uploaded', 'References']));
    expect(lastSearch()).toEqual({ page: '1', page_size: '10', sort_by: 'uploaded', ordering: 'des' });

    const contract = row('contract-2026.pdf');
    expect(within(contract).getByText('1.5 kB')).toBeInTheDocument();
    expect(within(contract).getByText('Document')).toBeInTheDocument();
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
    expect(within(notes).getByText('application/octet-stream')).toBeInTheDocument();
    expect(within(notes).getByText('Caregiver')).toBeInTheDocument();
  });

  it('restores the list from the URL (a shared link or reload) and sends it in the paged dialect', async () => {
    addFiles(40);
    const navigations = recordNavigation();
    const path =
      '/filebucket/search/?page=2&pageSize=25&sortBy=name&ordering=asc&search=contract&uploaded__from=2026-01-01&uploaded__to=2026-01-31&reference__kind=Customer';
    const rendered = await openSearch(path, 'generated-15.txt');
    await waitFor(() =>
      expect(lastSearch()).toEqual({
        page: '2',
        page_size: '25',
        sort_by: 'name',
        ordering: 'asc',
        query: 'contract',
        filters: JSON.stringify({ uploaded: { from: daySeconds('2026-01-01'), to: daySeconds('2026-01-31', true) }, reference_kind: 'Customer' }),
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
    const { user } = await openSearch();

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
    await waitFor(() => expect(JSON.parse(lastSearch().filters)).toEqual({ uploaded: { from: daySeconds('2026-02-01') } }));
    expect(filterButton).toHaveAccessibleName('Filter (1 active)');
    expect(screen.getByTestId('filter-count').querySelector('.MuiBadge-badge')).not.toHaveClass('MuiBadge-invisible');
    expect(screen.getByTestId('filter-count')).toHaveTextContent('1');

    await user.click(screen.getByRole('combobox', { name: 'Reference kind' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await waitFor(() => expect(currentUrl()).toContain('reference__kind=Customer'));
    await waitFor(() => expect(JSON.parse(lastSearch().filters)).toEqual({ uploaded: { from: daySeconds('2026-02-01') }, reference_kind: 'Customer' }));
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
    const { user } = await openSearch();
    await user.click(within(row('contract-2026.pdf')).getByRole('button', { name: 'Download contract-2026.pdf' }));
    await waitFor(() => expect(saved).toEqual(['contract-2026.pdf']));
    const request = fake.files.hits('GET', `/api/files/download/${FILE_UID}/`)[0];
    expect((request.body as { authorization: string }).authorization).toMatch(/^Bearer access-/);
    expect([...new Uint8Array(await created[0].arrayBuffer())]).toEqual([1, 2, 3, 250]);
  });
});

const filteredSearches = () => fake.files.hits('GET', SEARCH_PATH).filter((request) => request.query.has('filters'));

describe('date entry in the file filters', () => {
  it('sends nothing for a partial date, applies the complete one once, and names an incomplete one on leaving the field', async () => {
    const { user } = await openSearch();
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
    expect(filteredSearches().map((request) => request.query.get('filters'))).toEqual([JSON.stringify({ uploaded: { from: daySeconds('2026-02-01') } })]);

    await typeDate(user, 'Uploaded to', '03');
    await user.tab();
    expect(await screen.findByText('The date is incomplete (MM/DD/YYYY)')).toBeInTheDocument();
    expect(dateField('Uploaded to').text()).toBe('03/DD/YYYY');
    await afterTypingPause();
    expect(filteredSearches()).toHaveLength(1);
    expect(currentUrl()).not.toContain('uploaded__to');
  });

  it('shows an error for a date that does not exist or a to before the from, keeps what was typed and sends nothing', async () => {
    const { user } = await openSearch();
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
    const { user } = await openSearch();
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
    const { user } = await openSearch(`/filebucket/search/?uploaded__from=${month}-10`);
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
    const { user } = await openSearch();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(dateField('Hochgeladen ab').text()).toBe('');
    await typeDate(user, 'Hochgeladen ab', '0102');
    expect(dateField('Hochgeladen ab').text()).toBe('01.02.JJJJ');
    await user.keyboard('2026');
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-02-01'));
    // (behind the open menu, so hidden from the accessibility tree for now)
    expect(screen.getByRole('button', { name: 'Filter (1 aktiv)', hidden: true })).toBeInTheDocument();
    await typeDate(user, 'Hochgeladen bis', '31022026');
    expect(await screen.findByText('Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben (ab 1970)')).toBeInTheDocument();
    expect(dateField('Hochgeladen bis').text()).toBe('31.02.2026');
    expect(within(dateField('Hochgeladen bis').group.parentElement!).getByRole('button', { name: 'Datum auswählen' })).toBeInTheDocument();
  });
});

describe('upload dialog', () => {
  it('is valid only with a file, a name longer than 3 characters and a description; fills the name from the file', async () => {
    const { user } = await openSearch();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Upload' });
    expect(submit).toBeDisabled();

    await user.upload(within(dialog).getByTestId('upload-file-input'), new File(['a;b\n1;2\n'], 'rota.csv', { type: 'text/csv' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('rota.csv');
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Rota of March');
    expect(submit).toBeEnabled();

    await user.clear(name);
    await user.type(name, 'abc');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Minimum 4 characters required')).toBeInTheDocument();
    await user.type(name, 'd');
    expect(submit).toBeEnabled();
  });

  it('shows a service error in the dialog and ends the loading state', async () => {
    const { user } = await openSearch();
    fake.files.state.uploadProblem = fake.files.problem(413, 'Payload Too Large', 'The file is larger than the limit.');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByTestId('upload-file-input'), new File(['x'], 'big-file.bin'));
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Too big');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Content Too Large: The file is larger than the limit.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toBeEnabled();
  });

  it('sends meta then file and refreshes the list after success', async () => {
    const { user } = await openSearch();
    const loads = fake.files.hits('GET', SEARCH_PATH).length;
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByTestId('upload-file-input'), new File(['a;b\n'], 'rota.csv', { type: 'text/csv' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Rota of March');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // (the part's file name is checked in the browser test: jsdom's File loses it on the way through msw)
    expect(fake.files.hits('POST', '/api/files/upload/')[0].body).toMatchObject({
      parts: ['meta', 'file'],
      meta: { name: 'rota.csv', description: 'Rota of March' },
      fileText: 'a;b\n',
    });
    await waitFor(() => expect(fake.files.hits('GET', SEARCH_PATH).length).toBeGreaterThan(loads));
    await screen.findByText('Rota of March');
  });
  it('names an empty file and does not send it', async () => {
    const { user } = await openSearch();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByTestId('upload-file-input'), new File([], 'empty-export.csv', { type: 'text/csv' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Export of March');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('“empty-export.csv” is empty (0 bytes). Choose a file with content.');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(within(dialog).getByTestId('upload-file-input'), new File(['a;b\n'], 'export.csv', { type: 'text/csv' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(fake.files.hits('POST', '/api/files/upload/')).toHaveLength(0);
  });

  it('shows the progress of a running upload, and Cancel aborts it', async () => {
    const { user } = await openSearch();
    let release = () => undefined as void;
    fake.files.state.uploadGate = new Promise<void>((resolve) => (release = resolve));
    const loads = fake.files.hits('GET', SEARCH_PATH).length;
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByTestId('upload-file-input'), new File([new Uint8Array(3000)], 'big-scan.pdf', { type: 'application/pdf' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Scan');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    const progress = await within(dialog).findByTestId('upload-progress');
    expect(within(progress).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveTextContent('0% · 0 bytes of 2.9 kB');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    await waitFor(() => expect(fake.files.hits('POST', '/api/files/upload/')).toHaveLength(1));

    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The upload was cancelled; nothing was stored.')).toBeInTheDocument();
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('The file was uploaded.')).not.toBeInTheDocument();
    expect(fake.files.hits('GET', SEARCH_PATH).length).toBe(loads);
  });
});

describe('file search reload', () => {
  it.each([
    ['with its state in the URL', '/filebucket/search/?page=2&pageSize=10&sortBy=name&ordering=asc', { page: '2', sort_by: 'name' }],
    ['without a query', '/filebucket/search/', { page: '1', sort_by: 'uploaded' }],
  ])('%s adds no history entry: Back goes to the previous page', async (_name, path, expected) => {
    addFiles(40);
    storeRefreshToken(fake.backend.service);
    const { historyLength } = reloadApp(path, '/dashboard');

    await waitFor(() => expect(lastSearch()).toMatchObject(expected));
    await screen.findAllByText(/generated-/);
    expect(currentUrl()).toBe(path);
    expect(window.history.length).toBe(historyLength);

    await act(async () => window.history.back());
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
    const { user } = await openSearch();

    const nameHeader = screen.getAllByRole('columnheader').find((cell) => cell.textContent?.trim() === 'Name')!;
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'name', ordering: 'asc', page: '1' }));

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=2&pageSize=10&sortBy=name&ordering=asc'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'name', page: '2' }));

    await act(async () => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'name', page: '1' }));

    await act(async () => window.history.back());
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ sort_by: 'uploaded', ordering: 'des', page: '1' }));
    // going back did not push new entries
    await act(async () => window.history.forward());
    await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc'));
  });
});

describe('reference chips', () => {
  it('show two kinds and name the others in a "+N" chip on focus, so that the column stays narrow', async () => {
    const references = ['Customer', 'Caregiver', 'Contract', 'Invoice'].map((name, index) => ({ name, value: `V-${index}` }));
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
