import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../src/resources/files/FileSearch';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { testConfig } from '../support/fakeAuthService';
import { createFakeRolePolicy, DISPATCHER_UID, type FakeRolePolicy } from '../support/fakeRolePolicy';
import { FILE_UID, withFakeFilesBackend } from '../support/fakeFilesService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';
import { pdfWithTable } from '../support/pdfs';
import { onAPhone } from '../support/phone';

/** Staff's corrections on the file search: row actions, the edit, delete and preview dialogs, the bulk delete, by permission. */
const fake = withFakeFilesBackend();
const HOURS_UID = 'f0000000-0000-4000-8000-000000000002';
const NOTES_UID = 'f0000000-0000-4000-8000-000000000003';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openSearch(uid?: string) {
  storeRefreshToken(fake.backend.service, uid);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent('/filebucket/search/')}`);
  await waitFor(() => expect(currentUrl()).toBe('/filebucket/search/'));
  await screen.findAllByText('contract-2026.pdf');
  return rendered;
}

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};
const hasRow = (text: string) => screen.queryAllByText(text).some((element) => element.closest('tbody tr'));

describe('row actions', () => {
  it('offers Preview only for images and PDFs, and Edit and Delete next to Download', async () => {
    await openSearch();
    const contract = within(row('contract-2026.pdf'));
    for (const action of ['Preview', 'Download', 'Edit', 'Delete'])
      expect(contract.getByRole('button', { name: `${action} contract-2026.pdf` })).toBeInTheDocument();
    expect(within(row('hours.csv')).queryByRole('button', { name: /^Preview/ })).not.toBeInTheDocument();
    expect(within(row('hours.csv')).getByRole('button', { name: 'Edit hours.csv' })).toBeInTheDocument();
  });
});

describe('edit dialog', () => {
  it('sends only what changed: the name and the references, edited as a list', async () => {
    const { user } = await openSearch();
    await user.click(within(row('contract-2026.pdf')).getByRole('button', { name: 'Edit contract-2026.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).getAllByTestId('reference-row')).toHaveLength(3);

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'abc');
    await user.tab();
    expect(within(dialog).getByText('Minimum 4 characters required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(name, 'd-contract.pdf');

    await user.click(within(dialog).getByRole('button', { name: 'Remove reference 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add reference' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind 3' }));
    await user.click(await screen.findByRole('option', { name: 'Caregiver (legacy)' }));
    expect(save).toBeDisabled(); // the new reference has no value yet
    await user.type(within(dialog).getByRole('textbox', { name: /^Value 3/ }), ' G-12 ');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = fake.files.hits('PATCH', `/api/files/files/${FILE_UID}/`);
    expect(patch.body).toEqual({
      name: 'abcd-contract.pdf',
      references: [
        { name: 'Customer', value: 'C-1' },
        { name: 'ServiceContract', value: 'SC-9' },
        { name: 'LegacyCaregiver', value: 'G-12' },
      ],
    });
    expect(await screen.findByText('The file was saved.')).toBeInTheDocument();
    expect(await screen.findByText('abcd-contract.pdf')).toBeInTheDocument();
  });

  it('keeps a refusal in the dialog, naming the field by its label', async () => {
    fake.files.state.changeProblem = fake.files.problem(
      400,
      'Bad Request',
      'description must not be empty',
      'description',
    );
    const { user } = await openSearch();
    await user.click(within(row('hours.csv')).getByRole('button', { name: 'Edit hours.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit file' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' and February');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Description/, { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(fake.files.hits('PATCH', `/api/files/files/${HOURS_UID}/`)[0].body).toEqual({
      description: 'Hours of January and February',
    });
  });
});

describe('deleting', () => {
  it('asks before deleting one file, naming it, then removes the row', async () => {
    const { user } = await openSearch();
    await user.click(within(row('hours.csv')).getByRole('button', { name: 'Delete hours.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(dialog).toHaveTextContent('You are about to delete “hours.csv”.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The file was deleted.')).toBeInTheDocument();
    expect(fake.files.hits('POST', '/api/files/files/delete/').map((request) => request.body)).toEqual([
      { uids: [HOURS_UID] },
    ]);
    await waitFor(() => expect(hasRow('hours.csv')).toBe(false));
  });

  it("a selected file deleted by its row's button leaves the selection", async () => {
    const { user } = await openSearch();
    await user.click(within(row('hours.csv')).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(within(row('notes.bin')).getByRole('checkbox', { name: 'Select this row' }));
    expect(screen.getByText('2 items selected')).toBeInTheDocument();
    await user.click(within(row('hours.csv')).getByRole('button', { name: 'Delete hours.csv' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete file' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('1 item selected')).toBeInTheDocument();
  });

  it('deletes the selected files in one request after a confirmation that counts them (German plural)', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    const { user } = await openSearch();
    await user.click(within(row('hours.csv')).getByRole('checkbox', { name: 'Diese Zeile auswählen' }));
    await user.click(within(row('notes.bin')).getByRole('checkbox', { name: 'Diese Zeile auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: '2 Dateien löschen' });
    expect(dialog).toHaveTextContent('Sie sind dabei, 2 Dateien zu löschen.');
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('2 Dateien wurden gelöscht.')).toBeInTheDocument();
    expect(fake.files.hits('POST', '/api/files/files/delete/').map((request) => request.body)).toEqual([
      { uids: [HOURS_UID, NOTES_UID] },
    ]);
    expect(fake.files.hits('DELETE', `/api/files/files/${HOURS_UID}/`)).toHaveLength(0);
    await waitFor(() => expect(hasRow('notes.bin')).toBe(false));
  });

  it('"Select all" asks for no more files than the service lists at once', async () => {
    const [model] = fake.files.files;
    for (let index = 0; index < 10; index++) {
      fake.files.files.push({
        ...model,
        uid: `0000000${index}-0000-4000-8000-000000000000`,
        meta: { ...model.meta, name: `more-${index}.csv` },
      });
    }
    const { user } = await openSearch();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(await screen.findByRole('button', { name: /^Select all/ }));
    await waitFor(() =>
      expect(fake.files.hits('GET', '/api/files/search/').map((request) => request.query.get('page_size'))).toContain(
        '100',
      ),
    );
    expect(
      fake.files.hits('GET', '/api/files/search/').map((request) => Number(request.query.get('page_size'))),
    ).not.toContainEqual(250);
  });
});

/** A blob's bytes (jsdom's Blob has no arrayBuffer()). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('reading the blob failed'));
    reader.readAsArrayBuffer(blob);
  });

describe('preview', () => {
  it("shows a PDF from an object URL of the fetched bytes, typed by the panel and titled with the file's name, and revokes it on close", async () => {
    const stored = pdfWithTable();
    const previews: { uid: unknown; authorization: string | null }[] = [];
    fake.backend.server.use(
      http.get(`${testConfig.filesUrl}/preview/:uid/`, ({ request, params }) => {
        previews.push({ uid: params.uid, authorization: request.headers.get('authorization') });
        return new HttpResponse(stored.slice(), { headers: { 'content-type': 'text/html' } });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:preview-${created.push(blob)}`);
    URL.revokeObjectURL = vi.fn();
    const { user } = await openSearch();
    await user.click(within(row('contract-2026.pdf')).getByRole('button', { name: 'Preview contract-2026.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: contract-2026.pdf' });
    const frame = await within(dialog).findByTitle('contract-2026.pdf');
    expect(frame.tagName).toBe('IFRAME');
    // the fake answers text/html: the object URLs take the type the panel allows, never the response's
    expect(created.map((blob) => blob.type)).toEqual(['application/pdf', 'application/pdf']);
    // the frame shows the bytes with the file's name as the document's title: the browser's viewer names it by that, not by the URL's random id
    expect(frame).toHaveAttribute('src', 'blob:preview-2');
    const viewed = new TextDecoder('latin1').decode(await bytesOf(created[1]));
    expect(viewed.startsWith(new TextDecoder('latin1').decode(stored))).toBe(true);
    expect(viewed).toMatch(/<< \/Title <FEFF0063006F006E00740072006100630074002D0032003000320036002E007000640066> >>/);
    expect(previews).toEqual([{ uid: FILE_UID, authorization: expect.stringMatching(/^Bearer access-/) }]);
    // the bytes as stored can be saved from the dialog (phones' browsers show no PDF in a frame)
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', 'blob:preview-1');
    expect(await bytesOf(created[0])).toEqual(stored);
    expect(download).toHaveAttribute('download', 'contract-2026.pdf');
    // the content, which scrolls where the file is taller than the window, is a named tab stop
    const content = within(dialog).getByRole('region', { name: 'Preview: contract-2026.pdf' });
    expect(content).toHaveAttribute('tabindex', '0');
    expect(content).toContainElement(frame);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });
});

describe('for a user with files:read only', () => {
  let policy: FakeRolePolicy;
  beforeEach(() => {
    policy = createFakeRolePolicy(() => fake.backend.service);
    policy.addUsers();
    policy.policy.set('dispatcher', ['files:read']);
    fake.backend.server.use(...policy.handlers);
  });

  it('offers preview and download, but no edit, delete or selection', async () => {
    await openSearch(DISPATCHER_UID);
    const contract = within(row('contract-2026.pdf'));
    expect(contract.getByRole('button', { name: 'Preview contract-2026.pdf' })).toBeInTheDocument();
    expect(contract.getByRole('button', { name: 'Download contract-2026.pdf' })).toBeInTheDocument();
    expect(contract.queryByRole('button', { name: /^(Edit|Delete)/ })).not.toBeInTheDocument();
    expect(contract.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('on a phone', () => {
  beforeEach(onAPhone);

  it('each card has Download and a menu with Preview, Edit and Delete', async () => {
    const { user } = await openSearch();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download contract-2026.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions contract-2026.pdf' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Preview', 'Edit', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete file' })).toHaveTextContent('contract-2026.pdf');
  });
});
