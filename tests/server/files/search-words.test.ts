import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { files } from '../../../server/db/schema';
import { insertFile } from '../../../server/files';
import { FILES, createFilesTestApp, type FilePage } from '../support/files-helpers';

/**
 * A text query that holds a word boundary is narrowed by the files' words (file_search_query, migration 0011) before the ILIKE: it
 * must find exactly what the ILIKE alone finds on the same database, whatever its first and last word are part of.
 */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;

const LONG_WORD = `${'k'.repeat(120)}z`;
const TEXTS: { name: string; description: string; values?: string[] }[] = [
  { name: 'Invoice 4711.pdf', description: 'Monthly invoice for customer 4711', values: ['R-4711'] },
  { name: 'Invoice 47110.pdf', description: 'Monthly invoice for customer 47110', values: ['R-47110'] },
  { name: 'Report 14711.pdf', description: 'Monthly report for subcustomer 4711x' },
  { name: 'notes.txt', description: 'customer-4711, see R-4711/2', values: ['SC-9', 'ZEBRA-42'] },
  { name: 'tabs.txt', description: 'CUSTOMER\t4711 and customer  4711' },
  { name: 'MÜLLER Straße.pdf', description: 'Vertrag für Müller, Hauptstraße 5' },
  { name: 'STRASSE.txt', description: 'Ärger über die STRASSE 12-14, ẞ groß' },
  { name: 'long.txt', description: `${LONG_WORD} tail, head ${LONG_WORD}` },
  { name: '100% done.pdf', description: 'under_score and back\\slash' },
  { name: 'Ω-omega.bin', description: 'ωmega 7 Σίσυφος' },
];

const QUERIES = [
  'customer 4711',
  'CUSTOMER 4711',
  'stomer 471',
  'customer 4711x',
  'for customer',
  'invoice for customer 4711',
  'customer 47',
  'r-4711',
  'R-4711/2',
  '4711/2',
  'ebra-4',
  'customer-4711,',
  'customer  4711',
  'customer\t4711',
  'müller',
  'MÜLLER',
  'Müller, Haupt',
  'ller, hauptstr',
  'für müller',
  'straße',
  'e 12-1',
  'STRASSE 12',
  'ger über die',
  'ẞ groß',
  'ß gro',
  'Ω-omega',
  'ωmega 7',
  'μεγα 7 σίσ',
  `${'k'.repeat(110)}z tail`,
  `tail, head ${'k'.repeat(105)}`,
  'kkk tail',
  '100% d',
  '% done',
  'under_score',
  'e_s',
  'back\\slash',
  ', ',
  'no-such words',
  'customer 99999',
  'xyz customer',
  'Monthly',
];

beforeAll(async () => {
  t = await createFilesTestApp();
  let second = 1_700_000_000;
  for (const { name, description, values = [] } of TEXTS) {
    const uid = randomUUID();
    const references = values.map((value) => ({ name: 'Customer', value }));
    await insertFile(t.db, {
      uid,
      name,
      description,
      contentType: 'text/plain',
      size: 1,
      uploaded: new Date(second++ * 1000),
      md5Hash: 'd41d8cd98f00b204e9800998ecf8427e',
      storageKey: uid,
      references,
    });
  }
});
afterAll(() => t?.cleanUp());

async function searched(query: string): Promise<string[]> {
  const params = new URLSearchParams({ query, page_size: '100', exact_total: 'true' });
  const response = await t.as({ method: 'GET', url: `${FILES}/search/?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<FilePage>();
  expect(page.total).toBe(page.items.length);
  return page.items.map((item) => item.uid).sort();
}

/** What the ILIKE alone finds, its pattern escaped here, on the same database (whose lower() decides what matches regardless of case). */
async function ilikeFinds(query: string): Promise<string[]> {
  const pattern = `%${query.trim().replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await t.db
    .select({ uid: files.uid })
    .from(files)
    .where(
      sql`${files.name} ilike ${pattern} or ${files.description} ilike ${pattern} or ${files.referenceValues} ilike ${pattern}`,
    );
  return rows.map((row) => row.uid).sort();
}

const narrowed = async (query: string) => {
  const result = (await t.db.execute(sql`select file_search_query(${query.trim()}) is not null as narrowed`)) as {
    rows: { narrowed: boolean }[];
  };
  return result.rows[0].narrowed;
};

test.each(QUERIES)('%j finds what ILIKE finds', async (query) => {
  expect(await searched(query)).toEqual(await ilikeFinds(query));
});

test('a query with a word boundary is narrowed by words; one inside a word, or without words, is not', async () => {
  // letters beyond ASCII are letters or not as the database's locale has it: these hold ASCII boundaries only
  const bounded = QUERIES.filter(
    (query) => /[a-z0-9][^a-z0-9]+[a-z0-9]/i.test(query) && /^[\x20-\x7e\t]*$/.test(query),
  );
  expect(bounded.length).toBeGreaterThan(20);
  for (const query of bounded) expect(await narrowed(query), query).toBe(true);
  for (const query of ['Monthly', '4711', ', ']) expect(await narrowed(query), query).toBe(false);
});

test('the ILIKE decides: known matches and non-matches', async () => {
  const byName = async (query: string) => {
    const found = new Set(await searched(query));
    const rows = await t.db.select({ uid: files.uid, name: files.name }).from(files);
    return rows
      .filter((row) => found.has(row.uid))
      .map((row) => row.name)
      .sort();
  };
  expect(await byName('customer 4711')).toEqual(['Invoice 4711.pdf', 'Invoice 47110.pdf', 'Report 14711.pdf']);
  expect(await byName('stomer 471')).toEqual(['Invoice 4711.pdf', 'Invoice 47110.pdf', 'Report 14711.pdf']);
  expect(await byName('customer 4711x')).toEqual(['Report 14711.pdf']);
  expect(await byName('r-4711')).toEqual(['Invoice 4711.pdf', 'Invoice 47110.pdf', 'notes.txt']);
  expect(await byName(`tail, head ${'k'.repeat(105)}`)).toEqual(['long.txt']);
  expect(await byName('customer 99999')).toEqual([]);
});

test('a file written later is found by its new words', async () => {
  const [row] = await t.db.select({ uid: files.uid }).from(files).where(eq(files.name, 'tabs.txt'));
  await t.db.update(files).set({ description: 'Quarterly plan for zanzibar 815' }).where(eq(files.uid, row.uid));
  expect(await searched('r zanzibar 81')).toEqual([row.uid]);
  expect(await searched('customer\t4711')).toEqual(await ilikeFinds('customer\t4711'));
});

test('many matches: the total is capped and the page is the ILIKE order of every match', async () => {
  const uploaded = new Date(1_600_000_000_000);
  await t.db.insert(files).values(
    Array.from({ length: 1010 }, (_, i) => {
      const uid = randomUUID();
      return {
        uid,
        name: `Bulk ${i}.csv`,
        description: `Weekly bulk export ${i}`,
        contentType: 'text/csv',
        size: 1,
        uploaded,
        md5Hash: 'x',
        storageKey: uid,
      };
    }),
  );
  const params = new URLSearchParams({ query: 'bulk export', page: '3' });
  const response = await t.as({ method: 'GET', url: `${FILES}/search/?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<FilePage & { total_is_lower_bound: boolean }>();
  expect([page.total, page.total_is_lower_bound]).toEqual([1001, true]);
  const all = await t.db
    .select({ uid: files.uid })
    .from(files)
    .where(sql`${files.description} ilike '%bulk export%'`)
    .orderBy(sql`${files.uploaded} desc, ${files.uid} desc`);
  expect(page.items.map((item) => item.uid)).toEqual(all.slice(20, 30).map((row) => row.uid));
});
