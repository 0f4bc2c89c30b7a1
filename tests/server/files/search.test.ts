import { randomUUID } from 'node:crypto';
import { insertFile, recountFiles } from '../../../server/files';
import { FILES, createFilesTestApp, type FilePage } from '../support/files-helpers';

/**
 * GET /search/: paging, every sort, the text query and the filters, on rows inserted directly (known times and values).
 * Names and descriptions start with a unique lower-case letter, so every collation orders them as code points do.
 */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;

interface Seed {
  uid: string;
  name: string;
  description: string;
  contentType: string;
  size: number;
  uploaded: number;
  references: { name: string; value: string }[];
}

const BASE = 1_700_000_000;
const TYPES = ['application/pdf', 'image/png', 'text/csv'];
const KINDS = ['Customer', 'LegacyCustomer', 'Caregiver', 'ServiceContract', 'LegacyServiceAgency'];
const letter = (index: number) => String.fromCharCode(97 + index);

function seeds(): Seed[] {
  const rows = Array.from({ length: 20 }, (_, i) => ({
    uid: randomUUID(),
    name: `${letter((i * 7) % 20)}x-file.bin`,
    description: `${letter((i * 11) % 20)} note`,
    contentType: TYPES[i % 3],
    size: ((i * 5) % 20) * 100,
    // rows 8 and 9 share their upload second: the uid decides
    uploaded: BASE + (i === 9 ? 8 : i) * 3600,
    references: i % 6 === 5 ? [] : [{ name: KINDS[i % 5], value: `ref-${i}` }],
  }));
  rows[3].name = 'qx-Quarterly-Report.pdf';
  rows[4].description = 'r Quarterly summary';
  rows[5].references = [
    { name: 'ServiceContract', value: 'SC-9' },
    { name: 'Caregiver', value: 'ZEBRA-42' },
  ];
  rows[6].name = 'px 100%.pdf';
  rows[7].name = 'ex_under.pdf';
  return rows;
}

let rows: Seed[];
beforeAll(async () => {
  t = await createFilesTestApp();
  rows = seeds();
  for (const row of rows) {
    await insertFile(t.db, {
      ...row,
      md5Hash: 'd41d8cd98f00b204e9800998ecf8427e',
      storageKey: row.uid,
      uploaded: new Date(row.uploaded * 1000),
    });
  }
});
afterAll(() => t?.cleanUp());

const search = (query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return t.as({ method: 'GET', url: `${FILES}/search/?${params}` });
};
const page = async (query: Record<string, string | number> = {}) => {
  const response = await search(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FilePage>();
};
const uids = (result: FilePage) => result.items.map((item) => item.uid);

const KEY_OF: Record<string, (row: Seed) => string | number> = {
  uploaded: (row) => row.uploaded,
  name: (row) => row.name,
  size: (row) => row.size,
  content_type: (row) => row.contentType,
  description: (row) => row.description,
};

function sorted(selection: Seed[], sortBy: string, ordering: 'asc' | 'des'): string[] {
  const key = KEY_OF[sortBy];
  const direction = ordering === 'asc' ? 1 : -1;
  const compare = (a: Seed, b: Seed) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
  return [...selection].sort((a, b) => direction * compare(a, b)).map((row) => row.uid);
}

test('the default view: page 1 of 10, newest first, with the total and the next page', async () => {
  const result = await page();
  expect(result.total).toBe(20);
  expect(result.previous_page).toBeNull();
  expect(result.next_page).toBe(2);
  expect(uids(result)).toEqual(sorted(rows, 'uploaded', 'des').slice(0, 10));
  expect(result.items[0].meta.uploaded).toBe(BASE + 19 * 3600);
  expect(result.items[0].stored_binary.md5_hash).toBe('d41d8cd98f00b204e9800998ecf8427e');
});

test('paging walks every file once, in order, with previous and next pages', async () => {
  const pages = [];
  for (let number = 1; number <= 3; number++) pages.push(await page({ page: number, page_size: 7 }));
  expect(pages.map((result) => [result.previous_page, result.next_page])).toEqual([
    [null, 2],
    [1, 3],
    [2, null],
  ]);
  expect(pages.flatMap(uids)).toEqual(sorted(rows, 'uploaded', 'des'));
  expect(pages.every((result) => result.total === 20)).toBe(true);
});

test('a page past the end is empty and points back to the last page', async () => {
  const result = await page({ page: 9, page_size: 7 });
  expect(result).toMatchObject({ items: [], previous_page: 3, next_page: null, total: 20 });
});

describe.each(['uploaded', 'name', 'size', 'content_type', 'description'])('sort by %s', (sortBy) => {
  test.each(['asc', 'des'] as const)('%s, ties broken by uid', async (ordering) => {
    const first = await page({ sort_by: sortBy, ordering, page_size: 100 });
    expect(uids(first)).toEqual(sorted(rows, sortBy, ordering));
    const second = await page({ sort_by: sortBy, ordering, page: 2, page_size: 6 });
    expect(uids(second)).toEqual(sorted(rows, sortBy, ordering).slice(6, 12));
  });
});

describe('query', () => {
  const matching = async (query: string, extra: Record<string, string | number> = {}) =>
    uids(await page({ query, page_size: 100, ...extra }));
  const uidsOf = (...indexes: number[]) =>
    sorted(
      indexes.map((index) => rows[index]),
      'uploaded',
      'des',
    );

  test('matches names and descriptions case-insensitively', async () => {
    expect(await matching('QUARTERLY')).toEqual(uidsOf(3, 4));
  });

  test('matches reference values', async () => {
    expect(await matching('zebra-4')).toEqual(uidsOf(5));
    expect(await matching('ref-1')).toEqual(
      sorted(
        rows.filter((row) => row.references.some((ref) => ref.value.startsWith('ref-1'))),
        'uploaded',
        'des',
      ),
    );
  });

  test('takes % and _ literally', async () => {
    expect(await matching('%')).toEqual(uidsOf(6));
    expect(await matching('_')).toEqual(uidsOf(7));
  });

  test('ignores surrounding spaces; blank matches everything', async () => {
    expect(await matching('  zebra  ')).toEqual(uidsOf(5));
    expect((await page({ query: '   ' })).total).toBe(20);
  });

  test('the total counts the matches and paging follows them', async () => {
    const result = await page({ query: 'x-file', page_size: 5, page: 2 });
    const all = sorted(
      rows.filter((row) => row.name.includes('x-file')),
      'uploaded',
      'des',
    );
    expect(result.total).toBe(all.length);
    expect(uids(result)).toEqual(all.slice(5, 10));
    expect(result.previous_page).toBe(1);
    expect(result.next_page).toBe(all.length > 10 ? 3 : null);
  });

  test('nothing found', async () => {
    expect(await page({ query: 'no such thing' })).toEqual({
      items: [],
      previous_page: null,
      next_page: null,
      total: 0,
      total_is_lower_bound: false,
    });
  });
});

describe('filters', () => {
  const filtered = async (filters: object, extra: Record<string, string | number> = {}) =>
    page({ filters: JSON.stringify(filters), page_size: 100, ...extra });
  const expected = (predicate: (row: Seed) => boolean) => sorted(rows.filter(predicate), 'uploaded', 'des');

  test('uploaded from and to, both inclusive', async () => {
    const from = BASE + 4 * 3600;
    const to = BASE + 10 * 3600;
    const result = await filtered({ uploaded: { from, to } });
    expect(uids(result)).toEqual(expected((row) => row.uploaded >= from && row.uploaded <= to));
    expect(result.total).toBe(7);
  });

  test('only from, only to, and nulls', async () => {
    expect(uids(await filtered({ uploaded: { from: BASE + 15 * 3600 } }))).toEqual(
      expected((row) => row.uploaded >= BASE + 15 * 3600),
    );
    expect(uids(await filtered({ uploaded: { to: BASE + 2 * 3600 } }))).toEqual(
      expected((row) => row.uploaded <= BASE + 2 * 3600),
    );
    expect((await filtered({ uploaded: { from: null, to: null }, reference_kind: null })).total).toBe(20);
  });

  test('reference kind counts Legacy references as the kind', async () => {
    const customers = expected((row) => row.references.some((ref) => ref.name.replace(/^Legacy/, '') === 'Customer'));
    expect(customers.length).toBeGreaterThan(2);
    expect(uids(await filtered({ reference_kind: 'Customer' }))).toEqual(customers);
    expect(uids(await filtered({ reference_kind: 'LegacyCustomer' }))).toEqual(customers);
    const agencies = await filtered({ reference_kind: 'ServiceAgency' });
    expect(uids(agencies)).toEqual(expected((row) => row.references.some((ref) => ref.name === 'LegacyServiceAgency')));
  });

  test('filters, query, sort and paging combine', async () => {
    const filters = { uploaded: { from: BASE + 3600 }, reference_kind: 'Caregiver' };
    const result = await page({
      filters: JSON.stringify(filters),
      query: 'ref',
      sort_by: 'size',
      ordering: 'asc',
      page_size: 2,
    });
    const all = sorted(
      rows.filter(
        (row) =>
          row.uploaded >= BASE + 3600 &&
          row.references.some((ref) => ref.name === 'Caregiver' && ref.value.includes('ref')),
      ),
      'size',
      'asc',
    );
    expect(result.total).toBe(all.length);
    expect(uids(result)).toEqual(all.slice(0, 2));
  });

  test('empty filters are no filters', async () => {
    expect((await page({ filters: '' })).total).toBe(20);
    expect((await page({ filters: '{}' })).total).toBe(20);
  });

  test.each([
    'not json',
    '[]',
    'null',
    '{"unknown": 1}',
    '{"uploaded": {"from": "yesterday"}}',
    '{"uploaded": {"from": -1}}',
    '{"uploaded": {"since": 1}}',
    '{"reference_kind": "Patient"}',
  ])('bad filters %s get 400 field filters', async (filters) => {
    const response = await search({ filters });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('filters');
  });
});

test.each([
  [{ page: 0 }, 'page'],
  [{ page: 'two' }, 'page'],
  [{ page_size: 0 }, 'page_size'],
  [{ page_size: 101 }, 'page_size'],
  [{ sort_by: 'uid' }, 'sort_by'],
  [{ ordering: 'desc' }, 'ordering'],
  [{ query: 'x'.repeat(257) }, 'query'],
  [{ query: 'nul\u0000' }, 'query'],
  [{ colour: 'red' }, 'colour'],
])('bad parameters %j get 400 field %s', async (query, field) => {
  const response = await search(query);
  expect(response.statusCode).toBe(400);
  expect(response.json().field).toBe(field);
});

test('the OpenAPI document lists the file and pricing routes under their tags', async () => {
  const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { tags: string[] }>>;
  }>();
  expect(document.paths['/api/files/search/'].get.tags).toEqual(['files']);
  expect(document.paths['/api/files/upload/'].post.tags).toEqual(['files']);
  expect(document.paths['/api/files/administration/access-tokens/{uid}/revoke/'].put.tags).toEqual(['files']);
  expect(document.paths['/api/pricing/token-info/'].get.tags).toEqual(['pricing']);
  expect(document.paths['/api/pricing/administration/access-tokens/'].post.tags).toEqual(['pricing']);
});

test('the kept totals (all files, per kind) follow reference replacements', async () => {
  const kindTotal = async (kind: string) => {
    const result = await page({ filters: JSON.stringify({ reference_kind: kind }), page_size: 100 });
    expect(result.total).toBe(result.items.length);
    return result.total;
  };
  const row = rows.find((candidate) => candidate.references.length === 0)!;
  const customers = await kindTotal('Customer');
  const contracts = await kindTotal('ServiceContract');
  const replace = (references: Seed['references']) =>
    t.as({ method: 'PUT', url: `${FILES}/files/${row.uid}/references/`, payload: { references } });

  await replace([
    { name: 'Customer', value: 'C-1' },
    { name: 'LegacyCustomer', value: 'C-0' },
  ]);
  expect([await kindTotal('Customer'), await kindTotal('ServiceContract')]).toEqual([customers + 1, contracts]);
  await replace([{ name: 'ServiceContract', value: 'SC-1' }]);
  expect([await kindTotal('Customer'), await kindTotal('ServiceContract')]).toEqual([customers, contracts + 1]);
  await replace(row.references);
  expect([await kindTotal('Customer'), await kindTotal('ServiceContract')]).toEqual([customers, contracts]);
  expect((await page()).total).toBe(20);
});

test('recounting from the table gives the kept totals', async () => {
  const before = await Promise.all(
    ['Customer', 'Caregiver', 'ServiceAgency'].map(
      async (kind) => (await page({ filters: JSON.stringify({ reference_kind: kind }) })).total,
    ),
  );
  await recountFiles(t.db);
  const after = await Promise.all(
    ['Customer', 'Caregiver', 'ServiceAgency'].map(
      async (kind) => (await page({ filters: JSON.stringify({ reference_kind: kind }) })).total,
    ),
  );
  expect(after).toEqual(before);
  expect((await page()).total).toBe(20);
});
