import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/resources/files/FileSearch';
import { daySeconds } from '../../src/dataProviders/files';
import { FILE_UID, useFakeFilesBackend } from './support/fakeFilesService';
import { currentUrl, recordNavigation, renderApp, storeRefreshToken } from './support/renderApp';

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
    await openSearch(path, 'generated-15.txt');
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
    expect(screen.getByLabelText('Uploaded from')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('Uploaded to')).toHaveValue('2026-01-31');
    expect(currentUrl()).toBe(path);
    // the list did not rewrite the shared link
    expect(navigations.filter((url) => url.startsWith('/filebucket/search/') && url !== path)).toEqual([]);
  });

  it('filters by search, uploaded dates (active only when set, with reset) and reference kind', async () => {
    const { user } = await openSearch();

    await user.type(screen.getByPlaceholderText('Search'), 'hours');
    await waitFor(() => expect(currentUrl()).toContain('search=hours'));
    await waitFor(() => expect(lastSearch()).toMatchObject({ query: 'hours' }));
    expect(lastSearch().filters).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Uploaded from'), { target: { value: '2026-02-01' } });
    await waitFor(() => expect(currentUrl()).toContain('uploaded__from=2026-02-01'));
    await waitFor(() => expect(JSON.parse(lastSearch().filters)).toEqual({ uploaded: { from: daySeconds('2026-02-01') } }));

    await user.click(screen.getByRole('button', { name: 'Reset dates' }));
    await waitFor(() => expect(currentUrl()).not.toContain('uploaded__'));
    await waitFor(() => expect(lastSearch().filters).toBeUndefined());
    expect(screen.getByRole('button', { name: 'Reset dates' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Reference kind' }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await waitFor(() => expect(currentUrl()).toContain('reference__kind=Customer'));
    await waitFor(() => expect(JSON.parse(lastSearch().filters)).toEqual({ reference_kind: 'Customer' }));
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
    expect(await within(dialog).findByText('Payload Too Large: The file is larger than the limit.')).toBeInTheDocument();
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
