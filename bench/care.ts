// The care-request benchmark: the incoming list's latency (p50/p99) on 100,000 requests (default view, a search, a date
// filter) and intake submissions per second, on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL.
// Every loop is bounded in count and time. Run alone with `npx tsx bench/care.ts`; BENCH_CARE_REQUESTS (or the older
// CARE_BENCH_REQUESTS) sets the size. Each figure is also printed as a ratio against a baseline measured in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakerDE } from '@faker-js/faker';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { ensureFirstAdministrator } from '../server/auth';
import { demoCareRequests } from '../scripts/demo/care';
import { demoIntakeForm } from '../scripts/demo/intake-form';
import { vacuumCareRequests, insertCareRequests, type CareRequestRecord } from '../server/care/store';
import { loadConfig, type Config } from '../server/config';
import { openDatabase, type Database } from '../server/db';
import {
  envNumber,
  latencyRows,
  printTable,
  ratePerSecond,
  recordGoal,
  timeRuns,
  times,
  withPostgres,
  type Latency,
} from './lib';
import { bareApp } from './bare-server';

const REQUESTS = envNumber(['BENCH_CARE_REQUESTS', 'CARE_BENCH_REQUESTS'], 100_000);
const DISTINCT_DEMO_RECORDS = 2_000;
const INSERT_CHUNK = 5_000;
const LIST_ITERATIONS = 200;
const LIST_TIME_LIMIT_MS = 20_000;
/** Untimed calls first, as in the file bench: the first call of a query pays for preparing it and for cold pages. */
const LIST_WARMUP_RUNS = 5;
const INTAKE_SUBMISSIONS = 300;
const INTAKE_TIME_LIMIT_MS = 20_000;
const ADMIN = { username: 'bench-admin', password: 'bench-password' };

interface LatencyFigures {
  scenario: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
}

interface CareBenchResult {
  database: 'pglite' | 'postgres';
  requests: number;
  fillSeconds: number;
  /** The list latencies' baseline: GET /api/health (one database round trip through the same app), measured the same way. */
  listBaseline: LatencyFigures;
  list: LatencyFigures[];
  intake: { submissions: number; perSecond: number };
  /** The intake rate's baseline: a trivial JSON POST to a bare Fastify route, injected in the same process. */
  intakeBaseline: { submissions: number; perSecond: number };
}

/** Unrounded, so that ratios of sub-millisecond figures stay exact; the table rounds. */
const figures = (scenario: string, latency: Latency, total: number): LatencyFigures => ({
  scenario,
  ...latency,
  total,
});

/** 100,000 distinct requests from a few thousand demo ones: each copy gets its own uid, legacy id and submission time. */
export async function fill(database: Database, config: Config, count: number): Promise<number> {
  const started = performance.now();
  fakerDE.seed(42);
  const templates = demoCareRequests(DISTINCT_DEMO_RECORDS, {
    care: config.care,
    now: new Date('2024-06-30T12:00:00Z'),
  });
  const newest = Date.parse('2024-06-30T12:00:00Z');
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const chunk: CareRequestRecord[] = [];
    for (let index = start; index < Math.min(count, start + INSERT_CHUNK); index += 1) {
      const template = templates[index % templates.length];
      chunk.push({
        ...template,
        uid: randomUUID(),
        legacyId: `BENCH-${index}`,
        submitted: new Date(newest - index * 1_800_000),
      });
    }
    await database.db.transaction((tx) => insertCareRequests(tx, chunk));
  }
  // what an import does (PostgreSQL's autovacuum would also do it on its own soon after a load; PGlite has none)
  await vacuumCareRequests(database.db);
  return (performance.now() - started) / 1000;
}

export async function signIn(app: FastifyInstance): Promise<string> {
  const authorization = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/token/', headers: { authorization } });
  if (response.statusCode !== 200) throw new Error(`bench sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

async function measureGet(app: FastifyInstance, token: string, scenario: string, url: string): Promise<LatencyFigures> {
  let total = 0;
  const latency = await timeRuns(
    async () => {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${scenario}: ${response.statusCode} ${response.body}`);
      total = response.json<{ total?: number }>().total ?? 0;
    },
    LIST_ITERATIONS,
    LIST_TIME_LIMIT_MS,
    LIST_WARMUP_RUNS,
  );
  return figures(scenario, latency, total);
}

const measureList = (app: FastifyInstance, token: string, scenario: string, query: string) =>
  measureGet(app, token, scenario, `/api/care/incoming/care-requests/${query}`);

async function multipart(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const response = new Response(formData);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

async function measureIntake(app: FastifyInstance): Promise<{ submissions: number; perSecond: number }> {
  fakerDE.seed(7);
  const bodies = await Promise.all(
    Array.from({ length: 50 }, () =>
      multipart({ ...demoIntakeForm(fakerDE, new Date()), BetreuungBeginn: '0', Anreisedatum: '' }),
    ),
  );
  return injectedPosts(app, '/api/intake/care-request/', INTAKE_SUBMISSIONS, (index) => bodies[index % bodies.length]);
}

/** Sequential injected POSTs that must answer 201, at most `limit` and for at most INTAKE_TIME_LIMIT_MS. */
async function injectedPosts(
  app: FastifyInstance,
  url: string,
  limit: number,
  body: (index: number) => { payload: Buffer | string; contentType: string },
) {
  const { count, perSecond } = await ratePerSecond(
    async (index) => {
      const { payload, contentType } = body(index);
      const response = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
      if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    },
    limit,
    INTAKE_TIME_LIMIT_MS,
  );
  return { submissions: count, perSecond: Math.round(perSecond) };
}

/** The intake baseline: trivial JSON POSTs injected into a bare Fastify app in this process (10× as many: each takes far less time). */
async function measureBarePost(): Promise<{ submissions: number; perSecond: number }> {
  const bare = bareApp();
  try {
    return await injectedPosts(bare, '/bare', INTAKE_SUBMISSIONS * 10, () => ({
      payload: '{"ok":true}',
      contentType: 'application/json',
    }));
  } finally {
    await bare.close();
  }
}

/** The care benches' server settings: no mail worker, no intake limit, no notifications. */
export function careBenchConfig(): Config {
  const base = loadConfig({});
  return {
    ...base,
    panelDir: path.join(tmpdir(), 'caredesk-bench-has-no-panel'),
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    mail: { ...base.mail, workerEnabled: false },
    care: { ...base.care, intakeRateLimit: 1_000_000, notifyRecipients: [] },
  };
}

async function benchOn(database: Database): Promise<CareBenchResult> {
  const config = careBenchConfig();
  const fillSeconds = await fill(database, config, REQUESTS);
  const app = await buildApp({ config, database, masterSecret: randomBytes(32) });
  try {
    await app.ready();
    await ensureFirstAdministrator(database.db, config, () => undefined);
    const token = await signIn(app);
    const from = Math.floor(Date.parse('2023-01-01T00:00:00Z') / 1000);
    const to = Math.floor(Date.parse('2023-01-31T23:59:59Z') / 1000);
    const filters = encodeURIComponent(JSON.stringify({ submitted: { from, to } }));
    // Baseline: GET /api/health, one database round trip through the same app, as in the file bench (GET /api/auth/info/
    // is served from the authentication cache and reads no database)
    const listBaseline = await measureGet(app, token, 'baseline: GET /api/health', '/api/health');
    const list = [
      await measureList(app, token, 'default view (page 1, submitted des)', ''),
      await measureList(app, token, 'deep page (page 500)', '?page=500'),
      await measureList(app, token, 'search "bench-4711"', '?query=bench-4711'),
      await measureList(app, token, 'search "10xxx"', '?query=10xxx'),
      await measureList(app, token, 'broad search "2016" (most match)', '?query=2016'),
      await measureList(app, token, 'broad search "2016", page 50', '?query=2016&page=50'),
      await measureList(app, token, 'date filter (one month)', `?filters=${filters}`),
      await measureList(app, token, 'sort by host asc', '?sort_by=host&ordering=asc'),
      await measureList(app, token, 'sort by host asc, page 500', '?sort_by=host&ordering=asc&page=500'),
      await measureGet(app, token, 'archived list (page 1)', '/api/care/archived/care-requests/'),
      await measureGet(app, token, 'archived search "2016"', '/api/care/archived/care-requests/?query=2016'),
    ];
    const intakeBaseline = await measureBarePost();
    const intake = await measureIntake(app);
    return {
      database: database.kind,
      requests: REQUESTS,
      fillSeconds: Math.round(fillSeconds),
      listBaseline,
      list,
      intake,
      intakeBaseline,
    };
  } finally {
    await app.close();
  }
}

const LIST_P99_GOAL_MS = { postgres: 25, pglite: 100 } as const;
const DEEP_PAGE_GOAL = 5;

/** The goals: every list query's p99 within a bound, and page 500 at most 5× the baseline by p50. */
function recordGoals(result: CareBenchResult) {
  const bound = LIST_P99_GOAL_MS[result.database];
  const slowest = result.list.reduce((worst, figures) => (figures.p99Ms > worst.p99Ms ? figures : worst));
  recordGoal({
    section: '4 totals',
    goal: `care list p99 ≤ ${bound} ms, every query (${result.database}, ${result.requests.toLocaleString('en')} requests)`,
    measured: `worst p99 ${slowest.p99Ms.toFixed(1)} ms (${slowest.scenario})`,
    pass: slowest.p99Ms <= bound,
  });
  const deep = result.list.find((figures) => figures.scenario.startsWith('deep page'))!;
  const ratio = deep.p50Ms / result.listBaseline.p50Ms;
  recordGoal({
    section: '5 deep pages',
    goal: `incoming page 500 p50 ≤ ${DEEP_PAGE_GOAL}× GET /api/health (${result.database})`,
    measured: `${ratio.toFixed(2)}× (p99 ${times(deep.p99Ms, result.listBaseline.p99Ms)})`,
    pass: ratio <= DEEP_PAGE_GOAL,
  });
}

function print(result: CareBenchResult) {
  recordGoals(result);
  const base = result.listBaseline;
  const rows = latencyRows(base, result.list, 1);
  printTable(
    `Care requests on ${result.database}: incoming list on ${result.requests} requests (filled in ${result.fillSeconds} s), in-process requests; ` +
      'ratios: latency / baseline latency',
    ['scenario', 'p50 ms', 'p99 ms', 'p50 vs. base', 'p99 vs. base', 'runs', 'matches'],
    rows,
  );
  printTable(
    `Intake on ${result.database}; ratio: rate / baseline rate`,
    ['scenario', 'per second', 'vs. baseline', 'submissions'],
    [
      [
        'baseline: POST /bare (bare Fastify, JSON, in-process)',
        String(result.intakeBaseline.perSecond),
        '1.00×',
        String(result.intakeBaseline.submissions),
      ],
      [
        'POST /api/intake/care-request/',
        String(result.intake.perSecond),
        times(result.intake.perSecond, result.intakeBaseline.perSecond),
        String(result.intake.submissions),
      ],
    ],
  );
}

/** Runs the benchmark on PGlite and, when a PostgreSQL URL is set, on PostgreSQL; prints and returns the figures. */
export async function runCareBench(): Promise<CareBenchResult[]> {
  const results: CareBenchResult[] = [];
  const pglite = await openDatabase({});
  try {
    results.push(await benchOn(pglite));
  } finally {
    await pglite.close();
  }
  print(results[0]);
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    results.push(await withPostgres(postgresUrl, benchOn));
    print(results[1]);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runCareBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
