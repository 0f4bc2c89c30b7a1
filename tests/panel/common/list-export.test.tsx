import { screen, waitFor } from '@testing-library/react';
import { csvCell } from '../../../src/common/export/csv';
import { afterEach, describe, expect, it, vi } from 'vitest';
// Load the lazily imported screens up front (module transformation would otherwise count against the first test).
import '../../../src/resources/files/FileSearch';
import '../../../src/resources/apiTokens/FileApiTokens';
import '../../../src/resources/apiTokens/PricingApiTokens';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { captureDownloads, csvLinesOf } from '../support/downloads';
import { ADMIN_UID } from '../support/fakeAuthService';
import { FILE_UID, REVOKED_TOKEN_UID, TOKEN_UID, withFakeFilesBackend } from '../support/fakeFilesService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** The CSV export of the lists (src/common/export): what the downloaded file holds. */

afterEach(() => {
  vi.restoreAllMocks();
});

async function open(service: Parameters<typeof storeRefreshToken>[0], path: string, text: string) {
  storeRefreshToken(service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await screen.findAllByText(text);
  return rendered;
}

async function exportCsv(
  user: ReturnType<typeof renderApp>['user'],
  files: ReturnType<typeof captureDownloads>,
  button = 'Export CSV',
) {
  await user.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(files).toHaveLength(1));
  return csvLinesOf(files[0]);
}

describe('file search export', () => {
  const fake = withFakeFilesBackend();
  const SEARCH_PATH = '/api/files/search/';

  it('writes every file the search selects, read 100 at a time, not only the page shown', async () => {
    for (let index = 0; index < 227; index += 1) {
      fake.files.files.push({
        uid: `g${index}`,
        meta: {
          name: `generated-${index}.txt`,
          description: '',
          uploaded: 1_700_000_000 - index,
          content_type: 'text/plain',
          references: [],
        },
        stored_binary: { md5_hash: 'x', size: index },
      });
    }
    const files = captureDownloads();
    const { user } = await open(
      fake.backend.service,
      '/filebucket/search/?page=1&pageSize=10&sortBy=name&ordering=asc&search=report&reference__kind=Customer',
      'contract-2026.pdf',
    );
    const before = fake.files.hits('GET', SEARCH_PATH).length;
    const lines = await exportCsv(user, files);

    const reads = fake.files
      .hits('GET', SEARCH_PATH)
      .slice(before)
      .map(({ query }) => Object.fromEntries(query));
    const selection = {
      page_size: '100',
      sort_by: 'name',
      ordering: 'asc',
      query: 'report',
      filters: '{"reference_kind":"Customer"}',
    };
    expect(reads).toEqual([1, 2, 3].map((page) => ({ page: String(page), ...selection })));
    expect(files[0].name).toBe('files.csv');
    expect(lines[0]).toBe('File ID,Name,Description,Content type,Size (bytes),Uploaded,References,MD5 hash');
    expect(lines.slice(1, -1)).toHaveLength(230);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toBe(
      `${FILE_UID},contract-2026.pdf,Signed service contract,application/pdf,1536,2026-01-01T12:00:00Z,Customer: C-1; LegacyCustomer: C-OLD; ServiceContract: SC-9,abc`,
    );
    expect(lines[2]).toBe(
      'f0000000-0000-4000-8000-000000000002,hours.csv,Hours of January,text/csv; charset=utf-8,512,2025-12-29T09:20:00Z,,def',
    );
  });

  it('neutralises a formula and quotes commas and quotes', async () => {
    fake.files.files[0].meta.name = '=HYPERLINK("http://x")';
    fake.files.files[0].meta.description = '+1, "quoted"';
    const files = captureDownloads();
    const { user } = await open(fake.backend.service, '/filebucket/search/', 'hours.csv');
    const lines = await exportCsv(user, files);
    expect(lines[1].split(',').slice(0, 1)).toEqual([FILE_UID]);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://x"")","'+1, ""quoted""",application/pdf,`);
  });

  it('neutralises formulas behind blanks and zero-width characters and in full-width signs, and leaves other text as it is', () => {
    const formulas = [
      ' =1+1',
      '\u00A0@SUM(A1)',
      '\u200B=cmd',
      '\uFEFF+1',
      '\u2060-2',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
      '\tx',
      '\rx',
      ' \t=1',
    ];
    for (const text of formulas) expect(csvCell(text).replace(/^"|"$/g, ''), JSON.stringify(text)).toBe(`'${text}`);
    for (const text of ['Anna', 'a=b', 'x - y', '1.5', '']) expect(csvCell(text)).toBe(text);
  });

  it('has German headers and a German file name', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const files = captureDownloads();
    const { user } = await open(fake.backend.service, '/filebucket/search/', 'contract-2026.pdf');
    const lines = await exportCsv(user, files, 'CSV exportieren');
    expect(files[0].name).toBe('dateien.csv');
    expect(lines[0]).toBe('Datei-ID,Name,Beschreibung,Inhaltstyp,Größe (Bytes),Hochgeladen,Verweise,MD5-Prüfsumme');
  });
});

describe('API token export', () => {
  const fake = withFakeFilesBackend();

  it('writes the tokens the search selects, users by uid, and never a token value', async () => {
    fake.files.tokens.files.push({
      uid: 'extra',
      created: 1_767_200_000,
      created_by: null,
      service: '@billing-import',
      last_four: null,
      expires: null,
      revoked: null,
      revoked_by: null,
    });
    const files = captureDownloads();
    const { user } = await open(fake.backend.service, '/filebucket/api-keys/', 'billing-export');
    const lines = await exportCsv(user, files);
    expect(files[0].name).toBe('filebucket-api-tokens.csv');
    expect(lines).toEqual([
      'Token ID,Service,Created,Created by (user ID),Expires,Revoked,Revoked by (user ID)',
      `${TOKEN_UID},billing-export,2026-01-01T12:00:00Z,${ADMIN_UID},,,`,
      "extra,'@billing-import,2025-12-31T16:53:20Z,,,,",
      `${REVOKED_TOKEN_UID},old-portal,2025-12-29T09:20:00Z,ffffffff-ffff-4fff-8fff-ffffffffffff,2030-03-17T17:46:40Z,2025-12-30T13:06:40Z,${ADMIN_UID}`,
      '',
    ]);
  });

  it('names the pricing tokens in German', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
    const files = captureDownloads();
    const { user } = await open(fake.backend.service, '/pricing/api-keys/', 'billing-export');
    const lines = await exportCsv(user, files, 'CSV exportieren');
    expect(files[0].name).toBe('preise-api-token.csv');
    expect(lines[0]).toBe(
      'Token-ID,Dienst,Erstellt,Erstellt von (Benutzer-ID),Läuft ab,Widerrufen,Widerrufen von (Benutzer-ID)',
    );
    expect(lines).toHaveLength(3);
  });
});
