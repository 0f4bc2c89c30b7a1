import { describe, expect, it } from 'vitest';
import { dateOfDay, dayOf, dayProblem } from '../../../src/common/dates/days';
import { parseSpecListQuery, toSpecListQuery } from '../../../src/common/urlListState';
import { createFilesProvider, FILES_PER_REQUEST } from '../../../src/dataProviders/files';
import type { HttpClient } from '../../../src/dataProviders/httpClient';
import { daySeconds } from '../../../src/dataProviders/kit/dayRange';
import { fromPage, toPagedQuery } from '../../../src/dataProviders/kit/pagedList';
import { contentTypeName, formatSize, groupReferences } from '../../../src/resources/files/format';
import { FILES_URL_STATE } from '../../../src/resources/files/listState';
import { isUploadValid } from '../../../src/resources/files/uploadRules';
import {
  endOfDaySeconds,
  expiryError,
  generateApiToken,
  isTokenFormValid,
  TOKEN_ALPHABET,
  todayString,
  toNewToken,
} from '../../../src/resources/apiTokens/tokenRules';

describe('file formatting', () => {
  it('shows sizes in bytes, kB, MB and GB in steps of 1024 with one decimal', () => {
    expect(formatSize(0)).toBe('0 bytes');
    expect(formatSize(1023)).toBe('1023 bytes');
    expect(formatSize(1024)).toBe('1.0 kB');
    expect(formatSize(1536)).toBe('1.5 kB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1024.0 kB');
    expect(formatSize(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatSize(2048 * 1024 ** 3)).toBe('2048.0 GB');
  });

  it('writes sizes the German way in the German panel: Bytes, decimal comma', () => {
    expect(formatSize(0, 'de')).toBe('0 Bytes');
    expect(formatSize(1023, 'de')).toBe('1023 Bytes');
    expect(formatSize(1536, 'de')).toBe('1,5 kB');
    expect(formatSize(1024 * 1024 - 1, 'de')).toBe('1024,0 kB');
    expect(formatSize(5.25 * 1024 * 1024, 'de')).toBe('5,3 MB');
    expect(formatSize(2048 * 1024 ** 3, 'de')).toBe('2048,0 GB');
    expect(formatSize(512, 'en')).toBe('512 bytes');
  });

  it('names the common content types by a word, other images, audio and video by their family, anything else by its subtype', () => {
    expect(contentTypeName('text/csv')).toEqual({ word: 'csv' });
    expect(contentTypeName('text/csv; charset=utf-8')).toEqual({ word: 'csv' });
    expect(contentTypeName('Application/PDF')).toEqual({ word: 'pdf' });
    expect(contentTypeName('text/plain; charset=utf-8')).toEqual({ word: 'plain_text' });
    expect(contentTypeName('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toEqual({
      word: 'word',
    });
    expect(contentTypeName('application/vnd.ms-excel')).toEqual({ word: 'spreadsheet' });
    expect(contentTypeName('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toEqual({
      word: 'spreadsheet',
    });
    expect(contentTypeName('image/png')).toEqual({ word: 'png' });
    expect(contentTypeName('image/jpeg')).toEqual({ word: 'jpeg' });
    expect(contentTypeName('image/x-icon')).toEqual({ word: 'image' });
    expect(contentTypeName('application/octet-stream')).toEqual({ word: 'binary' });
    expect(contentTypeName('application/x-xyz')).toEqual({ other: 'x-xyz' });
    expect(contentTypeName('')).toEqual({ other: '' });
  });

  it('groups references by kind ignoring the Legacy prefix, known kinds first', () => {
    expect(
      groupReferences([
        { name: 'Caregiver', value: '1' },
        { name: 'LegacyCustomer', value: '2' },
        { name: 'Customer', value: '3' },
        { name: 'ServiceContract', value: '4' },
      ]),
    ).toEqual([
      { kind: 'ServiceContract', count: 1 },
      { kind: 'Customer', count: 2 },
      { kind: 'Caregiver', count: 1 },
    ]);
    expect(groupReferences([])).toEqual([]);
  });
});

describe('paged list dialect', () => {
  const config = {
    filters: { uploaded: (value: unknown) => value, kind: true as const },
    sortFields: { createdAt: 'created' },
    getId: (item: { uid: string }) => item.uid,
  };

  it('turns getList params into page, page_size, sort_by, ordering, query and a filters JSON object', () => {
    const query = toPagedQuery(
      {
        pagination: { page: 3, perPage: 25 },
        sort: { field: 'createdAt', order: 'ASC' },
        filter: { q: ' anna ', uploaded: { from: 5 }, kind: 'Customer', other: 'x' },
      },
      config,
    );
    expect(Object.fromEntries(query)).toEqual({
      page: '3',
      page_size: '25',
      sort_by: 'created',
      ordering: 'asc',
      query: 'anna',
      filters: JSON.stringify({ uploaded: { from: 5 }, kind: 'Customer' }),
    });
    const plain = toPagedQuery(
      { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'DESC' }, filter: {} },
      config,
    );
    expect(Object.fromEntries(plain)).toEqual({ page: '1', page_size: '10', sort_by: 'name', ordering: 'des' });
  });

  it('turns {items, previous_page, next_page, total} into {data, total}', () => {
    expect(fromPage({ items: [{ uid: 'a' }], previous_page: 1, next_page: null, total: 11 }, config)).toEqual({
      data: [{ uid: 'a', id: 'a' }],
      total: 11,
      pageInfo: { hasPreviousPage: true, hasNextPage: false },
      meta: { totalIsLowerBound: false },
    });
  });

  it('passes a capped total on as meta.totalIsLowerBound, and asks for an exact total with meta.exactTotal', () => {
    const page = { items: [{ uid: 'a' }], previous_page: null, next_page: 2, total: 1001, total_is_lower_bound: true };
    expect(fromPage(page, config)).toMatchObject({ total: 1001, meta: { totalIsLowerBound: true } });
    const exact = toPagedQuery(
      {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
        meta: { exactTotal: true },
      },
      config,
    );
    expect(exact.get('exact_total')).toBe('true');
  });
});

describe('spec list URL state', () => {
  it('round-trips URL -> list params -> URL', () => {
    const search =
      'page=3&pageSize=25&sortBy=name&ordering=asc&search=report&uploaded__from=2026-01-01&uploaded__to=2026-01-31&reference__kind=Customer';
    const state = parseSpecListQuery(`?${search}`, FILES_URL_STATE);
    expect(state).toEqual({
      page: 3,
      perPage: 25,
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'report', uploaded: { from: '2026-01-01', to: '2026-01-31' }, reference: { kind: 'Customer' } },
    });
    expect(toSpecListQuery(state, FILES_URL_STATE)).toBe(search);
  });

  it('uses the defaults (uploaded descending, page 1, 10 per page) for a missing or invalid query', () => {
    expect(parseSpecListQuery('', FILES_URL_STATE)).toEqual({
      page: 1,
      perPage: 10,
      sort: { field: 'uploaded', order: 'DESC' },
      filter: {},
    });
    expect(parseSpecListQuery('?page=-2&pageSize=abc&sortBy=evil&ordering=up', FILES_URL_STATE)).toEqual({
      page: 1,
      perPage: 10,
      sort: { field: 'uploaded', order: 'DESC' },
      filter: {},
    });
    expect(
      toSpecListQuery(
        { page: 1, perPage: 10, sort: { field: 'uploaded', order: 'DESC' }, filter: { uploaded: {} } },
        FILES_URL_STATE,
      ),
    ).toBe('page=1&pageSize=10&sortBy=uploaded&ordering=des');
  });
});

describe('upload rule', () => {
  const file = new File(['x'], 'a.txt');
  it('needs a file, a name longer than 3 characters and a description', () => {
    expect(isUploadValid({ file, name: 'abcd', description: 'd' })).toBe(true);
    expect(isUploadValid({ file: null, name: 'abcd', description: 'd' })).toBe(false);
    expect(isUploadValid({ file, name: 'abc', description: 'd' })).toBe(false);
    expect(isUploadValid({ file, name: 'abcd', description: '  ' })).toBe(false);
  });
  it('refuses an empty file', () => {
    expect(isUploadValid({ file: new File([], 'empty.csv'), name: 'abcd', description: 'd' })).toBe(false);
  });
});

describe('date filter days', () => {
  it('are whole local days in the epoch seconds the services take', () => {
    expect(daySeconds('2026-03-01')).toBe(new Date(2026, 2, 1, 0, 0, 0).getTime() / 1000);
    expect(daySeconds('2026-03-01', true)).toBe(new Date(2026, 2, 1, 23, 59, 59).getTime() / 1000);
  });
  it('are not sent for what is no day of the calendar, and kept within 1970 to 9999 (an old shared link with year 0002)', () => {
    expect(daySeconds('2026-02-31')).toBeUndefined();
    expect(daySeconds('2026-13-01')).toBeUndefined();
    expect(daySeconds('26-02-01')).toBeUndefined();
    expect(daySeconds('0002-01-01')).toBe(0);
    expect(daySeconds('0002-01-01', true)).toBe(0);
    expect(daySeconds('9999-12-31', true)).toBeLessThanOrEqual(253_402_300_799);
  });
  it('are read and written as YYYY-MM-DD by the date fields', () => {
    expect(dateOfDay('2026-03-01')).toEqual(new Date(2026, 2, 1));
    expect(dateOfDay('0002-01-01')?.getFullYear()).toBe(2);
    expect(dateOfDay('2026-02-31')).toBeNull();
    expect(dateOfDay('')).toBeNull();
    expect(dayOf(new Date(2026, 2, 1, 15, 30))).toBe('2026-03-01');
    expect(dayProblem(new Date(2026, 1, 1), { to: new Date(2026, 0, 31) })).toBe('after_to');
    expect(dayProblem(new Date(2026, 0, 1), { from: new Date(2026, 0, 31) })).toBe('before_from');
    expect(dayProblem(new Date(1969, 11, 31), {})).toBe('invalid');
    expect(dayProblem(new Date(Number.NaN), {})).toBe('invalid');
    expect(dayProblem(new Date(2026, 0, 31), { from: new Date(2026, 0, 31), to: new Date(2026, 0, 31) })).toBeNull();
  });
});

describe('API token rules', () => {
  it('generates 32 random characters of letters, numbers and symbols plus one digit', () => {
    for (let run = 0; run < 50; run += 1) {
      const token = generateApiToken();
      expect(token).toHaveLength(33);
      expect([...token].every((char) => TOKEN_ALPHABET.includes(char))).toBe(true);
      expect(token.at(-1)).toMatch(/\d/);
    }
    expect(new Set(Array.from({ length: 20 }, () => generateApiToken())).size).toBe(20);
    const tokens = Array.from({ length: 200 }, () => generateApiToken()).join('');
    expect(tokens).toMatch(/[!#$%&()*+,\-./:;<=>?@[\]^_{|}~]/);
  });

  it('uses crypto.getRandomValues', () => {
    const calls: number[] = [];
    const token = generateApiToken((array) => {
      calls.push(array.length);
      array[0] = 0;
      return array;
    });
    expect(token).toBe(`${'A'.repeat(32)}0`);
    expect(calls).toHaveLength(33);
  });

  it('requires an expiry date that is not before today only when the box is ticked', () => {
    const now = new Date(2026, 5, 15, 12, 0, 0);
    expect(todayString(now)).toBe('2026-06-15');
    expect(expiryError(false, '', now)).toBeNull();
    expect(expiryError(true, '', now)).toBe('required');
    expect(expiryError(true, '2026-06-14', now)).toBe('past');
    expect(expiryError(true, '2026-06-15', now)).toBeNull();
    expect(isTokenFormValid({ service: 's', token: 't', hasExpiry: true, expiry: '2026-06-14' }, now)).toBe(false);
    expect(isTokenFormValid({ service: ' ', token: 't', hasExpiry: false, expiry: '' }, now)).toBe(false);
    expect(isTokenFormValid({ service: 's', token: 't', hasExpiry: false, expiry: '2020-01-01' }, now)).toBe(true);
  });

  it('sends the end of the chosen day as epoch seconds', () => {
    const seconds = endOfDaySeconds('2026-06-15')!;
    const end = new Date(seconds * 1000);
    expect([
      end.getFullYear(),
      end.getMonth(),
      end.getDate(),
      end.getHours(),
      end.getMinutes(),
      end.getSeconds(),
    ]).toEqual([2026, 5, 15, 23, 59, 59]);
    expect(toNewToken({ service: ' svc ', token: 'tok', hasExpiry: true, expiry: '2026-06-15' })).toEqual({
      service: 'svc',
      token: 'tok',
      expires: seconds,
    });
    expect(toNewToken({ service: 'svc', token: 'tok', hasExpiry: false, expiry: '2026-06-15' })).toEqual({
      service: 'svc',
      token: 'tok',
    });
  });
});

describe('files data provider: deleteMany', () => {
  it('sends at most FILES_PER_REQUEST uids per request (the service refuses more) and answers every deleted one', async () => {
    const sent: string[][] = [];
    const httpClient = Object.assign(
      (_url: string, options?: { body?: BodyInit | null }) => {
        if (typeof options?.body !== 'string') throw new Error('deleteMany sends its uids as JSON text');
        const { uids } = JSON.parse(options.body) as { uids: string[] };
        sent.push(uids);
        return Promise.resolve({
          status: 200,
          headers: new Headers(),
          body: '',
          json: { deleted: uids.filter((uid) => uid !== 'gone'), not_found: [] },
        });
      },
      { blob: async () => Promise.reject(new Error('unused')), fetch: async () => Promise.reject(new Error('unused')) },
    ) as unknown as HttpClient;
    const ids = [...Array.from({ length: 2 * FILES_PER_REQUEST }, (_, index) => `f${index}`), 'gone'];
    const { data } = await createFilesProvider('/api/files', httpClient).deleteMany('files', { ids });
    expect(sent.map((uids) => uids.length)).toEqual([FILES_PER_REQUEST, FILES_PER_REQUEST, 1]);
    expect(sent.flat()).toEqual(ids);
    expect(data).toEqual(ids.slice(0, -1));
  });
});
