import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoCareRequests } from '../../../scripts/demo/care';
import { insertCareRequests } from '../../../server/care/store';
import { recountFiles } from '../../../server/files';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { createHousekeeping, vacuumJob } from '../../../server/shared/housekeeping';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { CARE } from '../../fixtures/care-form';
import { PAGING_BASE_SECONDS, pagingRecords } from '../../fixtures/care-records';

/**
 * Capped totals (docs/api.md, The paged dialect): exact up to 1,000 matching rows, above that a lower bound that still pages right,
 * exact on request; and the narrow-index paging returns the very rows the plain ORDER BY … OFFSET query returns, for every sort.
 */
let t: TestApp;

interface Page {
  items: { uid?: string; id?: string }[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
  total_is_lower_bound?: boolean;
}

const FILE_COUNT = 2000;
const FILE_BASE_SECONDS = 1_600_000_000;
const CARE_COUNT = 1200;
const EVENT_COUNT = 1001;

beforeAll(async () => {
  t = await createTestApp();
  // files: few distinct names, sizes and types, so that the uid decides many ties
  await t.db.execute(sql`
    insert into files (uid, name, description, content_type, uploaded, size, md5_hash, storage_key, "references", reference_kinds, reference_values)
    select gen_random_uuid(), (array['Invoice', 'Contract', 'Report'])[1 + i % 3] || ' ' || (i % 7) || '.pdf',
      'note ' || (i % 11), (array['application/pdf', 'text/csv'])[1 + i % 2],
      to_timestamp(${FILE_BASE_SECONDS} + (i / 2) * 60), (i % 13) * 100, md5(i::text), 'key-' || i,
      jsonb_build_array(jsonb_build_object('name', 'Customer', 'value', 'R-' || i)), array['Customer'], 'R-' || i
    from generate_series(1, ${FILE_COUNT}) as i`);
  await recountFiles(t.db);
  await t.db.transaction((tx) => insertCareRequests(tx, pagingRecords(CARE_COUNT)));
  const archived = demoCareRequests(60, { care: testConfig().care, now: new Date('2020-06-30T12:00:00Z') }).filter(
    (record) => record.archived,
  );
  await t.db.transaction((tx) => insertCareRequests(tx, archived));
  // recent: the housekeeping test below runs audit retention, which would remove events of 2020
  await t.db.execute(sql`
    insert into audit_events (time, action, search_text) select now() - make_interval(secs => i), 'bench.event', 'capped ' || i
    from generate_series(1, ${EVENT_COUNT}) as i`);
}, 120_000);
afterAll(async () => t?.close());

async function get(url: string): Promise<Page> {
  const response = await t.as({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const files = (params: Record<string, string | number | boolean>) =>
  get(`/api/files/search/?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`);

/** Pages the visibility map marks all-visible: VACUUM sets them, inserts alone do not. */
async function allVisiblePages(table: string): Promise<number> {
  const result = (await t.db.execute(sql`select relallvisible from pg_class where relname = ${table}`)) as {
    rows: { relallvisible: number }[];
  };
  return Number(result.rows[0].relallvisible);
}

describe('vacuum', () => {
  test("the server's housekeeping vacuums PGlite (which has no autovacuum), filling the visibility map; not PostgreSQL", async () => {
    const jobs = housekeepingJobs(t.config, t.database.kind);
    expect(jobs.some((job) => job.name === 'vacuum')).toBe(t.database.kind === 'pglite');
    if (t.database.kind === 'pglite') expect(await allVisiblePages('files')).toBe(0); // PostgreSQL's autovacuum may have been first
    const results = await createHousekeeping({
      db: t.db,
      jobs: t.database.kind === 'pglite' ? jobs : [vacuumJob],
      intervalMs: 60_000,
    }).runOnce();
    expect(results.vacuum).toBe(0);
    expect(await allVisiblePages('files')).toBeGreaterThan(0);
  });
});

describe('file search totals', () => {
  // row i is uploaded at base + floor(i / 2) minutes: a window up to minute m holds rows 1..2m+1, from minute 1 rows 2..2m+1
  const window = (fromMinute: number, toMinute: number) =>
    JSON.stringify({
      uploaded: { from: FILE_BASE_SECONDS + fromMinute * 60, to: FILE_BASE_SECONDS + toMinute * 60 + 59 },
    });

  test('exactly the cap is exact; one more is a lower bound; exact on request', async () => {
    expect(await files({ filters: window(1, 500) })).toMatchObject({
      total: 1000,
      total_is_lower_bound: false,
      next_page: 2,
    });
    expect(await files({ filters: window(0, 500) })).toMatchObject({
      total: 1001,
      total_is_lower_bound: true,
      next_page: 2,
    });
    expect(await files({ filters: window(0, 500), exact_total: true })).toMatchObject({
      total: 1001,
      total_is_lower_bound: false,
    });
    expect(await files({ filters: window(0, 600), exact_total: true })).toMatchObject({
      total: 1201,
      total_is_lower_bound: false,
    });
  });

  test('above the cap: a lower bound, exact on request, and a deep page still has its neighbours', async () => {
    const broad = await files({ query: 'pdf' });
    expect(broad).toMatchObject({ total: 1001, total_is_lower_bound: true, next_page: 2, previous_page: null });
    const exact = await files({ query: 'pdf', exact_total: true });
    expect(exact).toMatchObject({ total: FILE_COUNT, total_is_lower_bound: false });
    const deep = await files({ query: 'pdf', page: 150 });
    expect(deep).toMatchObject({ total: 1501, total_is_lower_bound: true, previous_page: 149, next_page: 151 });
    expect(deep.items).toHaveLength(10);
    const last = await files({ query: 'pdf', page: 200 });
    expect(last).toMatchObject({ total: FILE_COUNT, total_is_lower_bound: false, previous_page: 199, next_page: null });
    expect(last.items).toHaveLength(10);
    const unfiltered = await files({});
    expect(unfiltered).toMatchObject({ total: FILE_COUNT, total_is_lower_bound: false });
  });

  const ORDER: Record<string, (direction: string) => string> = {
    uploaded: (direction) => `uploaded ${direction}`,
    name: (direction) => `name ${direction}`,
    size: (direction) => `size ${direction}`,
    content_type: (direction) => `content_type ${direction}`,
    description: (direction) => `left(description, 64) ${direction}, description ${direction}`,
  };

  /** The plain query the search ran before: the whole rows ordered, then offset. */
  async function plainFileUids(sortBy: string, ordering: 'asc' | 'des', page: number, where: SQL): Promise<string[]> {
    const direction = ordering === 'asc' ? 'asc' : 'desc';
    const result = (await t.db.execute(
      sql`select uid from files where ${where} order by ${sql.raw(ORDER[sortBy](direction))}, uid ${sql.raw(direction)} limit 10 offset ${(page - 1) * 10}`,
    )) as { rows: { uid: string }[] };
    return result.rows.map((row) => row.uid);
  }

  test('every sort and ordering returns the rows of the plain query, with and without a text query', async () => {
    const invoices = sql`(name ilike '%invoice%' or description ilike '%invoice%' or reference_values ilike '%invoice%')`;
    const counted = (await t.db.execute(sql`select count(*)::int as count from files where ${invoices}`)) as {
      rows: { count: number }[];
    };
    const invoiceCount = Number(counted.rows[0].count);
    expect(invoiceCount).toBeLessThan(1000); // fewer than the cap: the page is sorted from the matches read for the count
    for (const sortBy of Object.keys(ORDER)) {
      for (const ordering of ['asc', 'des'] as const) {
        for (const page of [1, 7, 150]) {
          const all = await files({ sort_by: sortBy, ordering, page });
          expect(
            all.items.map((item) => item.uid),
            `${sortBy} ${ordering} page ${page}`,
          ).toEqual(await plainFileUids(sortBy, ordering, page, sql`true`));
          const some = await files({ sort_by: sortBy, ordering, page, query: 'invoice' });
          expect(
            some.items.map((item) => item.uid),
            `${sortBy} ${ordering} page ${page} "invoice"`,
          ).toEqual(await plainFileUids(sortBy, ordering, page, invoices));
          expect(some).toMatchObject({ total: invoiceCount, total_is_lower_bound: false });
        }
      }
    }
  });
});

const CARE_SORTS: Record<string, string> = {
  submitted: 'submitted',
  host: 'host',
  affiliate: 'affiliate',
  partial_mission_zip_code: 'partial_mission_zip_code',
  mission_start_date: 'mission_start_date',
  form_version: 'form_version',
  numberOfPatients: 'number_of_patients',
};

describe('care list totals', () => {
  const care = (kind: string, query: string) => get(`${CARE}/${kind}/care-requests/?${query}`);
  // paging record i is submitted at base + i hours, except that every fifth shares its predecessor's second
  const firstRecords = (count: number) =>
    `filters=${encodeURIComponent(JSON.stringify({ submitted: { from: PAGING_BASE_SECONDS, to: PAGING_BASE_SECONDS + (count - 1) * 3600 } }))}`;

  async function matchingPg(): Promise<number> {
    const result = (await t.db.execute(
      sql`select count(*)::int as count from care_requests where search_text like '%pg%'`,
    )) as { rows: { count: number }[] };
    return result.rows[0].count;
  }

  test('exactly the cap, the cap and one more, exact on request', async () => {
    expect(await care('incoming', firstRecords(1000))).toMatchObject({ total: 1000, total_is_lower_bound: false });
    expect(await care('incoming', firstRecords(1001))).toMatchObject({
      total: 1001,
      total_is_lower_bound: true,
      next_page: 2,
    });
    expect(await care('incoming', `${firstRecords(1001)}&exact_total=true`)).toMatchObject({
      total: 1001,
      total_is_lower_bound: false,
    });
    const matching = await matchingPg();
    expect(matching).toBeGreaterThanOrEqual(CARE_COUNT);
    expect(await care('incoming', 'query=pg&exact_total=true')).toMatchObject({
      total: matching,
      total_is_lower_bound: false,
    });
  });

  test('a deep page beyond the cap keeps its neighbours; the unfiltered total is the kept count', async () => {
    const deep = await care('incoming', 'query=pg&page=110');
    expect(deep).toMatchObject({ total: 1101, total_is_lower_bound: true, previous_page: 109, next_page: 111 });
    expect(deep.items).toHaveLength(10);
    const matching = await matchingPg();
    const lastPage = Math.ceil(matching / 10);
    const last = await care('incoming', `query=pg&page=${lastPage}`);
    expect(last).toMatchObject({
      total: matching,
      total_is_lower_bound: false,
      previous_page: lastPage - 1,
      next_page: null,
    });
    const all = await care('incoming', '');
    expect(all.total_is_lower_bound).toBe(false);
    expect(all.total).toBeGreaterThan(CARE_COUNT);
  });

  async function plainCareUids(
    kind: string,
    sortBy: string,
    ordering: 'asc' | 'des',
    page: number,
    text: string,
  ): Promise<string[]> {
    const direction = sql.raw(ordering === 'asc' ? 'asc' : 'desc');
    const column = sql.raw(`care_requests.${CARE_SORTS[sortBy]}`);
    const join =
      kind === 'archived'
        ? sql`join archived_care_requests a on a.uid = care_requests.uid`
        : sql`left join archived_care_requests a on a.uid = care_requests.uid`;
    const result = (await t.db.execute(
      sql`select care_requests.uid from care_requests ${join} where search_text like ${`%${text}%`}
        order by ${column} ${direction}, care_requests.uid ${direction} limit 10 offset ${(page - 1) * 10}`,
    )) as { rows: { uid: string }[] };
    return result.rows.map((row) => row.uid);
  }

  test('every sort and ordering returns the rows of the plain query, incoming and archived', async () => {
    for (const kind of ['incoming', 'archived']) {
      for (const sortBy of Object.keys(CARE_SORTS)) {
        for (const ordering of ['asc', 'des'] as const) {
          for (const page of kind === 'archived' ? [1, 2] : [1, 60]) {
            for (const text of ['', 'xxx']) {
              const listed = await care(
                kind,
                `sort_by=${sortBy}&ordering=${ordering}&page=${page}${text ? `&query=${text}` : ''}`,
              );
              expect(
                listed.items.map((item) => item.uid),
                `${kind} ${sortBy} ${ordering} ${page} "${text}"`,
              ).toEqual(await plainCareUids(kind, sortBy, ordering, page, text));
            }
          }
        }
      }
    }
  });
});

describe('audit list totals', () => {
  test('above the cap a lower bound, exact on request', async () => {
    const events = (query: string) => get(`/api/audit/events/?${query}`);
    expect(await events('query=capped')).toMatchObject({ total: 1001, total_is_lower_bound: true, next_page: 2 });
    expect(await events('query=capped&exact_total=true')).toMatchObject({
      total: EVENT_COUNT,
      total_is_lower_bound: false,
    });
    expect(await events('query=capped%201')).toMatchObject({ total: 1 + 10 + 100 + 2, total_is_lower_bound: false }); // 1, 10–19, 100–199, 1000, 1001
  });
});
