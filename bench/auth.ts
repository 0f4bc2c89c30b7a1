import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase, type Database } from '../server/db';
import { passwordAuthentications, users } from '../server/db/schema';
import {
  envNumber,
  inParallel,
  measure,
  printMeasurements,
  printTable,
  recordGoal,
  timeRuns,
  times,
  withPostgres,
  type LoadOptions,
  type Measurement,
} from './lib';
import { cpuMicroseconds, startBareProcess, startProductionServer, type ServerProcess } from './processes';

const USER_COUNT = 1_000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/**
 * The settings of the bench's server processes beside the production defaults: the administrator it signs in as, and access
 * tokens that outlast the section (the default 300 s would expire the bench's token mid-run; a token's lifetime does not change
 * what a request costs).
 */
const SERVER_SETTINGS = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ACCESS_TOKEN_TTL: '3600' };

type DatabaseKind = 'PGlite' | 'PostgreSQL';

/**
 * A fresh database and data folder for a server process: `work` gets the server's settings for them, after `prepare` (if any) wrote
 * into the database from this process. PGlite is one process's folder, so it is closed again before the server opens it.
 */
async function withServerDatabase<T>(
  kind: DatabaseKind,
  prepare: ((database: Database) => Promise<void>) | undefined,
  work: (settings: Record<string, string>) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-bench-'));
  try {
    if (kind === 'PostgreSQL') {
      return await withPostgres(postgresUrl()!, async (database, url) => {
        await prepare?.(database);
        return work({ DATA_DIR: dataDir, DATABASE_URL: url });
      });
    }
    if (prepare) {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      try {
        await prepare(database);
      } finally {
        await database.close();
      }
    }
    return await work({ DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The PostgreSQL server the PostgreSQL rows run on, if any. */
const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** The database kinds this run measures: PGlite, and PostgreSQL when a server is named. */
const databaseKinds = (): DatabaseKind[] => (postgresUrl() ? ['PGlite', 'PostgreSQL'] : ['PGlite']);

async function signIn(baseUrl: string): Promise<string> {
  const credentials = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
  const response = await fetch(`${baseUrl}/api/auth/token/`, {
    method: 'POST',
    headers: { authorization: `Basic ${credentials}` },
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createUsers(baseUrl: string, headers: Record<string, string>) {
  const numbers = Array.from({ length: USER_COUNT }, (_, index) => index);
  await inParallel(numbers, 8, async (number) => {
    const user = {
      username: `bench-user-${number}`,
      password: `bench-password-${number}`,
      public_name: `Bench User ${number}`,
      roles: ['caregiver'],
    };
    const response = await fetch(`${baseUrl}/api/auth/administration/users/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (response.status !== 201) throw new Error(`creating ${user.username} failed: ${response.status}`);
  });
}

// --- the users screen's first page with 10,000 users ---

const MANY_USERS = 10_000;
/** What the panel's users screen asks first (src/resources/users/listDefaults.ts through the paged dialect). */
const FIRST_PAGE = '/api/auth/administration/users/?page=1&page_size=10&sort_by=public_name&ordering=asc';

/** MANY_USERS users written straight into the database, all with one precomputed argon2 hash (10,000 hashes would take minutes). */
async function insertManyUsers(database: Database) {
  const passwordHash = await hashPassword('bench-password');
  for (let start = 0; start < MANY_USERS; start += 1000) {
    const numbers = Array.from({ length: Math.min(1000, MANY_USERS - start) }, (_, index) => start + index);
    const created = await database.db
      .insert(users)
      .values(
        numbers.map((number) => ({
          publicName: `Bench User ${number}`,
          roles: number % 10 === 0 ? ['dispatcher'] : ['caregiver'],
        })),
      )
      .returning({ uid: users.uid });
    await database.db
      .insert(passwordAuthentications)
      .values(
        created.map(({ uid }, index) => ({ userUid: uid, username: `bench-user-${start + index}`, passwordHash })),
      );
  }
  // what housekeeping's vacuum job does on PGlite, which has no autovacuum: planner statistics and the visibility map
  await database.db.execute(sql`vacuum (analyze) users, password_authentications`);
}

/**
 * p50 and p99 of one URL called sequentially over a kept-alive connection, timed with performance.now: autocannon reports whole
 * milliseconds, too coarse for calls well under one (and its p50 under 10 connections is mostly queueing).
 */
async function latencyOf(url: string, headers: Record<string, string>) {
  const latency = await timeRuns(
    async () => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
    },
    LATENCY_RUNS,
    LATENCY_TIME_LIMIT_MS,
    LATENCY_WARMUP_RUNS,
  );
  return { p50: latency.p50Ms, p99: latency.p99Ms, runs: latency.runs };
}

const LATENCY_RUNS = 2000;
const LATENCY_WARMUP_RUNS = 100;
const LATENCY_TIME_LIMIT_MS = 10_000;

async function usersPageOn(kind: DatabaseKind) {
  return withServerDatabase(kind, insertManyUsers, async (settings) => {
    const server = await startProductionServer({ ...SERVER_SETTINGS, ...settings });
    try {
      const baseUrl = server.baseUrl;
      const headers = { authorization: `Bearer ${await signIn(baseUrl)}` };
      const first = (await (await fetch(`${baseUrl}${FIRST_PAGE}`, { headers })).json()) as {
        items: unknown[];
        total: number;
      };
      if (first.items.length !== 10) throw new Error(`the first page has ${first.items.length} users`);
      // the machine's load drifts: the page is compared with the mean of /info/ measured just before and just after it
      const info = await latencyOf(`${baseUrl}/api/auth/info/`, headers);
      const page = await latencyOf(`${baseUrl}${FIRST_PAGE}`, headers);
      const infoAfter = await latencyOf(`${baseUrl}/api/auth/info/`, headers);
      const infoP50 = (info.p50 + infoAfter.p50) / 2;
      const ratio = page.p50 / infoP50;
      recordGoal({
        section: 'auth',
        goal: `users screen's first call (${MANY_USERS.toLocaleString('en')} users) ≤ 5× /info/ p50 (${kind})`,
        measured: `${ratio.toFixed(2)}×`,
        pass: ratio <= 5,
      });
      const row = (name: string, figures: { p50: number; p99: number; runs: number }, versus: string) => [
        name,
        figures.p50.toFixed(3),
        figures.p99.toFixed(3),
        String(figures.runs),
        versus,
      ];
      return [
        row(`GET /api/auth/info/ (${kind})`, info, ''),
        row(`users, first page of ${MANY_USERS + 1} (${kind})`, page, times(page.p50, infoP50)),
        row(`GET /api/auth/info/ again (${kind})`, infoAfter, ''),
      ];
    } finally {
      await server.stop();
    }
  });
}

/** The panel's first call on the users screen with 10,000 users against GET /info/ on the same server, p50 of each, in one run. */
export async function benchUsersPage() {
  const rows: string[][] = [];
  for (const kind of databaseKinds()) rows.push(...(await usersPageOn(kind)));
  printTable(
    'Users screen, first page (the production server in its own process; sequential calls over one connection; p50 ratio vs the mean of both /info/ p50s)',
    ['call', 'p50 ms', 'p99 ms', 'runs', 'p50 vs /info/'],
    rows,
  );
}

const INFO_GOAL = 0.5;
const BARE_NAME = 'GET /bare (plain Fastify)';
/** An untimed load of each route and of the baseline before the rounds. */
const WARM_UP: LoadOptions = { durationSeconds: 2, connections: 10 };
/** Rounds of the per-request comparison (BENCH_AUTH_ROUNDS); each route's figure is its median round. */
const ROUNDS = envNumber(['BENCH_AUTH_ROUNDS'], 3);

interface Probe {
  name: string;
  server: ServerProcess;
  path: string;
  headers?: Record<string, string>;
}

interface ServerRun extends Measurement {
  /** CPU time (user and system) the serving process used per request answered in the run, in µs. */
  cpuPerRequestUs: number;
}

interface ProbeResult {
  name: string;
  runs: ServerRun[];
  /** Per round: req/s against the mean of the baseline runs just before and just after it. */
  ratios: number[];
  /** Per round: the baseline's CPU per request (the mean of the runs around it) against the route's. */
  cpuRatios: number[];
}

/** One load of a server process, with the CPU time it used per request: a figure other work on the machine disturbs less. */
async function measureServer(
  name: string,
  server: ServerProcess,
  path: string,
  headers?: Record<string, string>,
  load?: LoadOptions,
) {
  const cpuBefore = cpuMicroseconds(server.pid);
  const run = await measure(name, `${server.baseUrl}${path}`, headers, load);
  const cpuPerRequestUs = run.requests > 0 ? (cpuMicroseconds(server.pid) - cpuBefore) / run.requests : 0;
  return { ...run, cpuPerRequestUs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Every probe in every round, each between two runs of the bare baseline: the machine's load drifts within seconds, so a ratio
 * compares a route only with the baseline measured around it, and the median round is the figure.
 */
async function measureInRounds(
  bare: ServerProcess,
  probes: Probe[],
): Promise<{ baselines: ServerRun[]; results: ProbeResult[] }> {
  const measureBare = () => measureServer(BARE_NAME, bare, '/bare');
  // a served route is warm (compiled, its caches filled): so is every one here before it counts
  for (const probe of probes) await measureServer(probe.name, probe.server, probe.path, probe.headers, WARM_UP);
  await measureServer(BARE_NAME, bare, '/bare', undefined, WARM_UP);
  const baselines = [await measureBare()];
  const results: ProbeResult[] = probes.map(({ name }) => ({ name, runs: [], ratios: [], cpuRatios: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, probe] of probes.entries()) {
      const run = await measureServer(probe.name, probe.server, probe.path, probe.headers);
      const before = baselines.at(-1)!;
      const after = await measureBare();
      baselines.push(after);
      results[index].runs.push(run);
      results[index].ratios.push(run.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2));
      results[index].cpuRatios.push((before.cpuPerRequestUs + after.cpuPerRequestUs) / 2 / run.cpuPerRequestUs);
    }
  }
  return { baselines, results };
}

function printRounds(title: string, baselines: ServerRun[], results: ProbeResult[]) {
  const spread = (ratios: number[]) =>
    ratios.length ? `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}` : '';
  const row = ({ name, runs, ratios, cpuRatios }: ProbeResult) => [
    name,
    median(runs.map((run) => run.requestsPerSecond)).toFixed(0),
    median(runs.map((run) => run.p99Ms)).toFixed(1),
    ratios.length ? `${median(ratios).toFixed(2)}×` : '1.00×',
    spread(ratios),
    median(runs.map((run) => run.cpuPerRequestUs)).toFixed(0),
    cpuRatios.length ? `${median(cpuRatios).toFixed(2)}×` : '1.00×',
    spread(cpuRatios),
  ];
  printTable(
    title,
    ['endpoint', 'req/s', 'p99 ms', 'vs. baseline', 'rounds', 'server CPU µs/req', 'CPU vs. baseline', 'rounds'],
    [row({ name: BARE_NAME, runs: baselines, ratios: [], cpuRatios: [] }), ...results.map(row)],
  );
  for (const failed of [...baselines, ...results.flatMap((result) => result.runs)].filter((run) => run.failures > 0)) {
    console.log(
      `WARNING: ${failed.failures} requests of "${failed.name}" failed or answered non-2xx; its figures are not valid.`,
    );
  }
}

/**
 * Authenticated reads of the production server against the bare-Fastify baseline, each in its own process as they are deployed,
 * measured in one run on one database.
 */
async function benchAuthOn(kind: DatabaseKind): Promise<Measurement[]> {
  return withServerDatabase(kind, undefined, async (settings) => {
    const bare = await startBareProcess();
    const auth = await startProductionServer({ ...SERVER_SETTINGS, ...settings });
    try {
      const headers = { authorization: `Bearer ${await signIn(auth.baseUrl)}` };
      const started = Date.now();
      await createUsers(auth.baseUrl, headers);
      console.log(
        `Created ${USER_COUNT} users in ${((Date.now() - started) / 1000).toFixed(1)} s (argon2id hashing included).`,
      );

      const { baselines, results } = await measureInRounds(bare, [
        { name: 'GET /api/auth/info/', server: auth, path: '/api/auth/info/', headers },
        // the same app's cheapest route without authentication: what every request costs before authentication
        { name: 'GET /api/health/live (no authentication)', server: auth, path: '/api/health/live' },
        // another service's route that reads one small, empty table: authentication and one query
        {
          name: 'GET /api/mail/administration/providers/ (none)',
          server: auth,
          path: '/api/mail/administration/providers/',
          headers,
        },
      ]);
      printRounds(
        `Auth service (${kind}; the production server as npm start runs it and bare Fastify, each in its own process; 10 connections, 5 s each; median of ${ROUNDS} rounds, each against the baseline runs around it)`,
        baselines,
        results,
      );
      const [info] = results;
      const infoRatio = median(info.ratios);
      recordGoal({
        section: '12.1',
        goal: `GET /api/auth/info/ ≥ ${INFO_GOAL}× bare Fastify (${kind}, separate processes, median of ${ROUNDS})`,
        measured: `${infoRatio.toFixed(2)}×`,
        pass: infoRatio >= INFO_GOAL && info.runs.every((run) => run.failures === 0),
      });

      const users = await measure(
        `GET /api/auth/administration/users/ (${USER_COUNT + 1} users)`,
        `${auth.baseUrl}/api/auth/administration/users/`,
        headers,
      );
      const baseline = await measure(BARE_NAME, `${bare.baseUrl}/bare`);
      printMeasurements(`The whole users list (${kind})`, [baseline, users], baseline);
      return [...baselines, ...results.flatMap((result) => result.runs), baseline, users];
    } finally {
      await auth.stop();
      await bare.stop();
    }
  });
}

/** The auth bench on PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server. */
export async function benchAuth(): Promise<Measurement[]> {
  await benchUsersPage();
  const measurements: Measurement[] = [];
  for (const kind of databaseKinds()) measurements.push(...(await benchAuthOn(kind)));
  if (!postgresUrl()) console.log('Auth service on PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL).');
  return measurements;
}
