import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/helpers';
import { importCareRequests, LEGACY_IMPORT_STATUS } from '../../../server/care/import';
import { insertCareRequests } from '../../../server/care/store';
import { CARE, CARE_REQUESTS_JSONL } from '../../fixtures/care-form';
import { PAGING_BASE_SECONDS, pagingRecords } from '../../fixtures/care-records';

let t: TestApp;
const PAGING_COUNT = 40;
const FIXTURE_COUNT = 6;
const TOTAL = PAGING_COUNT + FIXTURE_COUNT;
const fixtureLines = CARE_REQUESTS_JSONL.trim()
  .split('\n')
  .map((line) => JSON.parse(line));

interface Incoming {
  uid: string;
  form_version: string;
  host: string;
  legacy_id: string | null;
  submitted: number;
  affiliate: string | null;
  partial_mission_zip_code: string | null;
  mission_start_date: string | null;
  numberOfPatients: number;
  archived_request_available: boolean;
  details: Record<string, unknown>;
  patients: { details: Record<string, unknown> }[];
  [key: string]: unknown;
}
interface Page<T> {
  items: T[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
}

beforeAll(async () => {
  t = await createTestApp();
  const report = await importCareRequests(t.db, CARE_REQUESTS_JSONL);
  expect(report.errors).toEqual([]);
  await t.db.transaction((tx) => insertCareRequests(tx, pagingRecords(PAGING_COUNT)));
});
afterAll(async () => t?.close());

async function list<T = Incoming>(query: string, kind = 'incoming'): Promise<Page<T>> {
  const response = await t.as({ method: 'GET', url: `${CARE}/${kind}/care-requests/${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<T>>();
}

async function badRequest(query: string, field: string) {
  const response = await t.as({ method: 'GET', url: `${CARE}/incoming/care-requests/${query}` });
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ status: 400, field });
}

const byLegacyId = (items: Incoming[], legacyId: string) => items.find((item) => item.legacy_id === legacyId)!;

describe('access', () => {
  it.each([
    '/incoming/care-requests/',
    '/archived/care-requests/',
    '/archived/care-requests/00000000-0000-0000-0000-000000000000/',
  ])('%s needs an access token', async (path) => {
    const response = await t.inject({ method: 'GET', url: `${CARE}${path}` });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});

describe('GET /incoming/care-requests/', () => {
  it('defaults to page 1 of 10, submitted descending, ties by uid descending', async () => {
    const page = await list('');
    expect(page.total).toBe(TOTAL);
    expect(page.items).toHaveLength(10);
    expect(page.previous_page).toBeNull();
    expect(page.next_page).toBe(2);
    const all = (await list('?page_size=100')).items;
    const expected = [...all].sort((a, b) => b.submitted - a.submitted || (a.uid < b.uid ? 1 : -1));
    expect(all.map((item) => item.uid)).toEqual(expected.map((item) => item.uid));
    expect(page.items.map((item) => item.uid)).toEqual(expected.slice(0, 10).map((item) => item.uid));
    expect(new Set(all.map((item) => item.submitted)).size).toBeLessThan(TOTAL);
  });

  it('pages through every request exactly once', async () => {
    const seen: string[] = [];
    for (let number = 1; number <= 5; number += 1) {
      const page = await list(`?page=${number}&page_size=10`);
      expect(page.previous_page).toBe(number === 1 ? null : number - 1);
      expect(page.next_page).toBe(number === 5 ? null : number + 1);
      seen.push(...page.items.map((item) => item.uid));
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
    const beyond = await list('?page=9&page_size=10');
    expect(beyond).toEqual({ items: [], previous_page: 5, next_page: null, total: TOTAL, total_is_lower_bound: false });
  });

  const sortKeys: [string, (item: Incoming) => string | number | null][] = [
    ['submitted', (item) => item.submitted],
    ['host', (item) => item.host],
    ['affiliate', (item) => item.affiliate],
    ['partial_mission_zip_code', (item) => item.partial_mission_zip_code],
    ['mission_start_date', (item) => item.mission_start_date],
    ['form_version', (item) => item.form_version],
    ['numberOfPatients', (item) => item.numberOfPatients],
  ];
  it.each(
    sortKeys.flatMap(([key, value]) => (['asc', 'des'] as const).map((ordering) => [key, ordering, value] as const)),
  )('sorts by %s %s (nulls last ascending, ties by uid)', async (key, ordering, value) => {
    const items = (await list(`?page_size=100&query=pg0&sort_by=${key}&ordering=${ordering}`)).items;
    expect(items).toHaveLength(PAGING_COUNT);
    const compare = (a: Incoming, b: Incoming) => {
      const [left, right] = [value(a), value(b)];
      if (left !== right) {
        if (left === null) return 1;
        if (right === null) return -1;
        return left < right ? -1 : 1;
      }
      return a.uid < b.uid ? -1 : 1;
    };
    const expected = [...items].sort((a, b) => (ordering === 'asc' ? compare(a, b) : compare(b, a)));
    expect(items.map((item) => item.uid)).toEqual(expected.map((item) => item.uid));
  });

  it.each([
    ['L2012-0001', ['L2012-0001']],
    ['l2016p', ['L2016P-0001', 'L2016P-0002']],
    ['pflege-alt', ['L2012-0001', 'L2012-0002']],
    ['partner-', ['L2012-0002', 'L2016P-0001']],
    ['newsletter-2017', ['L2016-0001']],
    ['2016-pre', ['L2016P-0001', 'L2016P-0002']],
  ])('searches %s in host, affiliate, partial zip, legacy id and form version', async (query, legacyIds) => {
    const page = await list(`?page_size=100&query=${encodeURIComponent(query)}`);
    expect(page.items.map((item) => item.legacy_id).sort()).toEqual(legacyIds);
    expect(page.total).toBe(legacyIds.length);
  });

  it('matches form version 2012 and the partial zip code of many', async () => {
    expect((await list('?query=2012')).total).toBe(2);
    expect((await list('?query=10xxx')).total).toBe(1 + PAGING_COUNT / 4);
    expect((await list('?query=80XXX')).total).toBe(1 + PAGING_COUNT / 4);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect((await list('?query=%25')).total).toBe(0);
    expect((await list('?query=_')).total).toBe(0);
    expect((await list('?query=%5C')).total).toBe(0);
  });

  it('filters by submitted from and to (inclusive), combined with search and paging', async () => {
    const from = PAGING_BASE_SECONDS + 10 * 3600;
    const to = PAGING_BASE_SECONDS + 19 * 3600;
    const filters = (value: object) => `filters=${encodeURIComponent(JSON.stringify(value))}`;
    const between = await list(`?page_size=100&${filters({ submitted: { from, to } })}`);
    expect(between.items.every((item) => item.submitted >= from && item.submitted <= to)).toBe(true);
    expect(between.total).toBe(10);
    const after = await list(`?page_size=100&${filters({ submitted: { from } })}`);
    expect(after.total).toBe(PAGING_COUNT - 10);
    const before = await list(`?page_size=100&${filters({ submitted: { to: 1_400_000_000 } })}`);
    expect(before.items.map((item) => item.legacy_id).sort()).toEqual(['L2012-0001', 'L2012-0002']);
    const searched = await list(`?page_size=5&query=alpha&${filters({ submitted: { from, to } })}`);
    expect(searched.items.every((item) => item.host === 'alpha.example')).toBe(true);
    expect(searched.total).toBeGreaterThan(0);
    expect((await list(`?${filters({})}`)).total).toBe(TOTAL);
    expect((await list(`?${filters({ submitted: {} })}`)).total).toBe(TOTAL);
    expect((await list(`?${filters({ submitted: { from: null, to: null } })}`)).total).toBe(TOTAL);
    const nul = await t.as({
      method: 'GET',
      url: `${CARE}/incoming/care-requests/?query=${encodeURIComponent('a\u0000b')}`,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ field: 'query', type: '/problems/validation-error' });
  });

  it.each([
    ['?filters=not-json', 'filters'],
    ['?filters=%5B%5D', 'filters'],
    [`?filters=${encodeURIComponent('{"submitted":{"from":"yesterday"}}')}`, 'filters'],
    [`?filters=${encodeURIComponent('{"uploaded":{}}')}`, 'filters'],
    ['?sort_by=name', 'sort_by'],
    ['?ordering=desc', 'ordering'],
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?page_size=101', 'page_size'],
    ['?page_size=0', 'page_size'],
    [`?query=${'x'.repeat(257)}`, 'query'],
    ['?pageSize=10', 'pageSize'],
  ])('answers 400 for %s', async (query, field) => {
    await badRequest(query, field);
  });

  it('carries every incoming field of each form version', async () => {
    const items = (await list('?page_size=100&query=l20')).items;
    const first2012 = byLegacyId(items, 'L2012-0001');
    const line = fixtureLines[0];
    expect(first2012).toEqual({
      uid: expect.any(String),
      form_version: '2012',
      host: line.host,
      legacy_id: 'L2012-0001',
      submitted: line.submitted,
      affiliate: null,
      ...line.incoming,
      archived_request_available: true,
      numberOfPatients: 2,
      // imported requests start closed (their outcome is unknown), unassigned, without follow-up
      status: LEGACY_IMPORT_STATUS,
      assignee: null,
      follow_up: null,
      version: 1,
    });
    expect(Object.keys(first2012.details)).toHaveLength(13);
    expect(first2012.patients[0].details).toEqual({
      can_hear: 'no_limitations',
      can_talk: 'slightly_impaired',
      can_see: 'highly_impaired',
      night_shift: 'once_a_night',
      ambulatory_care_service: 'yes',
      diseases: ['dementia', 'diabetes'],
    });
    expect(byLegacyId(items, 'L2012-0002')).toMatchObject({
      submitted: Date.parse('2013-06-15T08:30:00+02:00') / 1000,
      archived_request_available: false,
    });
    const pre = byLegacyId(items, 'L2016P-0001');
    expect(pre).toMatchObject({
      form_version: '2016-pre',
      details: { newsletter: false, referral: 'tv' },
      archived_request_available: true,
      numberOfPatients: 1,
    });
    expect(Object.keys(pre.patients[0].details).sort()).toEqual(['can_hear', 'can_see', 'can_talk', 'night_shift']);
    const current = byLegacyId(items, 'L2016-0002');
    expect(current).toMatchObject({
      form_version: '2016',
      partial_mission_zip_code: null,
      details: { newsletter: null, referral: null },
      archived_request_available: false,
    });
    expect(current.patients[0]).toEqual({
      gender: 'male',
      mobility: null,
      care_level: null,
      details: { can_hear: null, can_talk: null, can_see: null, night_shift: null },
    });
  });
});

describe('archived care requests', () => {
  it('lists only requests with an archived version, paged like the incoming list', async () => {
    const page = await list<{ uid: string; legacy_id: string; customer_version: string }>('?page_size=2', 'archived');
    expect(page.total).toBe(3);
    expect(page.next_page).toBe(2);
    const all = await list<{ legacy_id: string; customer_version: string; submitted: number }>(
      '?page_size=100&sort_by=submitted&ordering=asc',
      'archived',
    );
    expect(all.items.map((item) => [item.legacy_id, item.customer_version])).toEqual([
      ['L2012-0001', '1.0'],
      ['L2016P-0001', '2.0'],
      ['L2016-0001', '2.0'],
    ]);
    expect((await list('?query=2016-pre', 'archived')).total).toBe(1);
  });

  it('shows one archived request with every archived field, under the uid of its incoming request', async () => {
    const incoming = byLegacyId((await list('?page_size=100&query=l20')).items, 'L2016-0001');
    const response = await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${incoming.uid}/` });
    expect(response.statusCode).toBe(200);
    const line = fixtureLines[4];
    expect(response.json()).toEqual({
      uid: incoming.uid,
      form_version: '2016',
      host: line.host,
      legacy_id: 'L2016-0001',
      submitted: line.submitted,
      affiliate: line.affiliate,
      core_territory: true,
      optional_territory: false,
      ...line.archived,
      contact_erased: null,
    });
  });

  it('answers 404 for an unknown uid or a request without archived version, 400 for a malformed one', async () => {
    const unknown = await t.as({
      method: 'GET',
      url: `${CARE}/archived/care-requests/6f1c1a43-0d7e-4bf4-9d38-2b0c5e0f1a11/`,
    });
    expect(unknown.statusCode).toBe(404);
    const notArchived = byLegacyId((await list('?page_size=100&query=l20')).items, 'L2012-0002');
    expect((await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${notArchived.uid}/` })).statusCode).toBe(
      404,
    );
    const malformed = await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/not-a-uid/` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'uid' });
  });
});

describe('incoming pages without query or filters (one prepared statement per order, the kept count riding along)', () => {
  // a submitted range covering every request is a condition: its pages come from the query built per request
  const everything = `&filters=${encodeURIComponent(JSON.stringify({ submitted: { from: 0 } }))}`;
  const orders = [
    'submitted',
    'host',
    'affiliate',
    'partial_mission_zip_code',
    'mission_start_date',
    'form_version',
    'numberOfPatients',
  ].flatMap((key) => (['asc', 'des'] as const).map((ordering) => [key, ordering] as const));

  it.each(orders)(
    'sorted by %s %s, pages like the built query, totals and neighbours included',
    async (key, ordering) => {
      for (const number of [1, 3, 7]) {
        const query = `?page=${number}&page_size=7&sort_by=${key}&ordering=${ordering}`;
        const prepared = await list(query);
        expect(prepared.items).toHaveLength(number === 7 ? TOTAL - 6 * 7 : 7);
        expect(prepared).toEqual(await list(`${query}${everything}`));
      }
    },
  );

  it('answers a request stored after the statement was prepared, and its total, on the next request', async () => {
    const before = await list('');
    const [newest] = pagingRecords(1).map((record) => ({
      ...record,
      legacyId: 'NEWEST-0001',
      submitted: new Date((PAGING_BASE_SECONDS + 400 * 86_400) * 1000),
    }));
    await t.db.transaction((tx) => insertCareRequests(tx, [newest]));
    const after = await list('');
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0].legacy_id).toBe('NEWEST-0001');
    expect(await list('?page=99')).toMatchObject({
      items: [],
      total: before.total + 1,
      previous_page: Math.ceil((before.total + 1) / 10),
    });
  });
});
