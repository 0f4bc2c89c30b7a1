// The file search benchmark: p50/p99 of GET /api/files/search/ on BENCH_FILES (or FILES_BENCH_FILES; 1,000,000) files seeded by
// one INSERT ... SELECT generate_series, for the default view, text queries, a date filter, a kind filter and a name sort, with
// EXPLAIN of the default view and the date filter. Baseline of the same run: GET /api/health. Every loop is bounded in count and time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db';
import { apiTokens } from '../server/db/schema';
import { recountFiles, searchQueries, type FileSearchRequest } from '../server/files';
import { hashTokenValue } from '../server/api-tokens';
import { envNumber, latencyRows, printTable, recordGoal, round, timeRuns } from './lib';

const FILE_COUNT = envNumber(['BENCH_FILES', 'FILES_BENCH_FILES'], 1_000_000);
const SEARCH_RUNS = 100;
const SEARCH_WARMUP_RUNS = 5;
const SCENARIO_TIME_LIMIT_MS = 30_000;
const FIRST_UPLOAD = Date.parse('2022-01-01T00:00:00Z') / 1000;
const SECONDS_BETWEEN_UPLOADS = 95;

interface SearchFigures {
  scenario: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
}

interface PlanCheck {
  scenario: string;
  usesIndex: boolean;
  plan: string;
}

export interface SearchBenchResult {
  database: 'pglite' | 'postgres';
  files: number;
  seedSeconds: number;
  /** The scenarios' baseline: GET /api/health, measured the same way. */
  baseline: SearchFigures;
  scenarios: SearchFigures[];
  plans: PlanCheck[];
}

const randomInt = (below: number) => Math.floor(Math.random() * below);

/** One statement generating every file: five kinds of document, one reference each, an upload every 95 seconds. */
async function seed(database: Database, count: number): Promise<number> {
  const started = performance.now();
  await database.db.execute(sql`
    insert into files (uid, name, description, content_type, uploaded, size, md5_hash, storage_key, "references", reference_kinds, reference_values)
    select uid, word || ' ' || i || '.pdf', 'Monthly ' || lower(word) || ' for customer ' || (i % 50000),
      (array['application/pdf', 'text/csv', 'image/png', 'application/vnd.ms-excel', 'application/octet-stream'])[1 + (i / 7) % 5],
      to_timestamp(${FIRST_UPLOAD} + i * ${SECONDS_BETWEEN_UPLOADS}), (i * 7919) % 10000000, md5(i::text), uid::text,
      jsonb_build_array(jsonb_build_object('name', kind, 'value', 'R-' || (i % 100000))), array[replace(kind, 'Legacy', '')], 'R-' || (i % 100000)
    from (
      select gen_random_uuid() as uid, i,
        (array['Invoice', 'Contract', 'Care plan', 'Timesheet', 'Report'])[1 + i % 5] as word,
        (array['Customer', 'Caregiver', 'ServiceContract', 'LegacyServiceAgency'])[1 + i % 4] as kind
      from generate_series(1::bigint, ${count}::bigint) as i
    ) as generated`);
  await recountFiles(database.db);
  await database.db.execute(sql`vacuum analyze files`);
  return round((performance.now() - started) / 1000);
}

interface Scenario {
  name: string;
  query: () => Record<string, string>;
}

const lastUpload = () => FIRST_UPLOAD + FILE_COUNT * SECONDS_BETWEEN_UPLOADS;
const dateWindow = (days: number) => {
  const from = FIRST_UPLOAD + randomInt(lastUpload() - FIRST_UPLOAD - days * 86400);
  return JSON.stringify({ uploaded: { from, to: from + days * 86400 } });
};

const SCENARIOS: Scenario[] = [
  { name: 'default view (newest first, page 1)', query: () => ({}) },
  { name: 'default view, page 50', query: () => ({ page: '50' }) },
  { name: 'text query, ~1 match ("123456")', query: () => ({ query: String(100_000 + randomInt(800_000)) }) },
  { name: 'text query, 1 in 5 match ("timesheet")', query: () => ({ query: 'timesheet' }) },
  { name: 'text query, all match ("pdf")', query: () => ({ query: 'pdf' }) },
  { name: 'text query, 1 in 5 match, page 20', query: () => ({ query: 'timesheet', page: '20' }) },
  {
    name: 'text query, 1 in 50,000 ("customer 4711")',
    query: () => ({ query: `customer ${1000 + randomInt(48_000)}` }),
  },
  { name: 'date filter, 30-day window', query: () => ({ filters: dateWindow(30) }) },
  {
    name: 'reference kind filter (1 in 4)',
    query: () => ({ filters: JSON.stringify({ reference_kind: 'Caregiver' }) }),
  },
  {
    name: 'sorted by name, page 1..10',
    query: () => ({ sort_by: 'name', ordering: 'asc', page: String(1 + randomInt(10)) }),
  },
];

async function searchApp(
  database: Database,
): Promise<{ app: FastifyInstance; headers: Record<string, string>; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-bench-files-'));
  const config = { ...loadConfig({}), dataDir, panelDir: path.join(dataDir, 'no-panel') };
  const app = await buildApp({ config, database, masterSecret: Buffer.alloc(32, 3) });
  const token = randomBytes(24).toString('base64url');
  await database.db.insert(apiTokens).values({ scope: 'files', service: 'bench', tokenHash: hashTokenValue(token) });
  return {
    app,
    headers: { authorization: `Bearer ${token}` },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureGet(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  url: () => string,
): Promise<SearchFigures> {
  let total = 0;
  const latency = await timeRuns(
    async () => {
      const response = await app.inject({ method: 'GET', url: url(), headers });
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      total = response.json<{ total?: number }>().total ?? 0;
    },
    SEARCH_RUNS,
    SCENARIO_TIME_LIMIT_MS,
    SEARCH_WARMUP_RUNS,
  );
  return { scenario: name, ...latency, total }; // unrounded, so that ratios of sub-millisecond figures stay exact
}

const measureScenario = (app: FastifyInstance, headers: Record<string, string>, scenario: Scenario) =>
  measureGet(app, headers, scenario.name, () => `/api/files/search/?${new URLSearchParams(scenario.query())}`);

const DEFAULT_PARAMS: FileSearchRequest = {
  page: 1,
  pageSize: 10,
  sortBy: 'uploaded',
  ordering: 'des',
  query: '',
  filters: {},
  exactTotal: false,
};

/** EXPLAIN of the exact queries the default view and a date filter run: they must read indexes, never the whole table. */
async function checkPlans(database: Database): Promise<PlanCheck[]> {
  const from = FIRST_UPLOAD + 86400 * 200;
  const cases: [string, FileSearchRequest][] = [
    ['default view', DEFAULT_PARAMS],
    ['date filter (page)', { ...DEFAULT_PARAMS, filters: { uploaded: { from, to: from + 30 * 86400 } } }],
  ];
  const checks: PlanCheck[] = [];
  for (const [scenario, params] of cases) {
    const queries = searchQueries(database.db, params);
    checks.push(await explain(database, scenario, queries.page));
    if (queries.count)
      checks.push(await explain(database, `${scenario.replace(' (page)', '')} (count)`, queries.count));
  }
  return checks;
}

async function explain(database: Database, scenario: string, query: SQLWrapper): Promise<PlanCheck> {
  const result = (await database.db.execute<Record<string, string>>(sql`explain ${query}`)) as {
    rows: Record<string, string>[];
  };
  const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
  return { scenario, usesIndex: /Index (Only )?Scan/.test(plan) && !/Seq Scan on files/.test(plan), plan };
}

/** Seeds the files table of `database`, then times every scenario and checks the plans. */
export async function benchSearchOn(database: Database): Promise<SearchBenchResult> {
  const seedSeconds = await seed(database, FILE_COUNT);
  const { app, headers, close } = await searchApp(database);
  try {
    // Baseline: GET /api/health is the cheapest round trip through the same app, inject path and database (one ping); it checks no token.
    const baseline = await measureGet(app, headers, 'baseline: GET /api/health', () => '/api/health');
    const scenarios: SearchFigures[] = [];
    for (const scenario of SCENARIOS) scenarios.push(await measureScenario(app, headers, scenario));
    return {
      database: database.kind,
      files: FILE_COUNT,
      seedSeconds,
      baseline,
      scenarios,
      plans: await checkPlans(database),
    };
  } finally {
    await close();
  }
}

/** p99 of every search scenario, whatever it matches, within a bound per database. */
const SEARCH_P99_GOAL_MS = { postgres: 25, pglite: 100 } as const;

function recordSearchGoal(result: SearchBenchResult) {
  const bound = SEARCH_P99_GOAL_MS[result.database];
  const slowest = result.scenarios.reduce((worst, figures) => (figures.p99Ms > worst.p99Ms ? figures : worst));
  recordGoal({
    section: '4 totals',
    goal: `file search p99 ≤ ${bound} ms, every query (${result.database}, ${result.files.toLocaleString('en')} files)`,
    measured: `worst p99 ${slowest.p99Ms.toFixed(1)} ms (${slowest.scenario})`,
    pass: slowest.p99Ms <= bound,
  });
}

export function printSearch(result: SearchBenchResult) {
  recordSearchGoal(result);
  const base = result.baseline;
  printTable(
    `File search on ${result.database}: ${result.files.toLocaleString('en')} files (seeded in ${result.seedSeconds} s); ratios: latency / baseline latency`,
    ['scenario', 'p50 ms', 'p99 ms', 'p50 vs. base', 'p99 vs. base', 'runs', 'total'],
    latencyRows(base, result.scenarios, 2),
  );
  for (const check of result.plans) {
    console.log(`\nEXPLAIN ${check.scenario}: ${check.usesIndex ? 'uses an index' : 'WARNING: does not use an index'}`);
    console.log(check.plan.replace(/^/gm, '  '));
  }
}
