// The file-service benchmark. Search: p50/p99 of GET /api/files/search/ on FILES_BENCH_FILES (1,000,000) files seeded by one
// INSERT ... SELECT generate_series, for the default view, text queries, a date filter, a kind filter and a name sort, with
// EXPLAIN of the default view and the date filter; on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL.
// Transfer: upload and download of FILES_BENCH_BYTES (1 GiB) streamed from a generator to a server in a child process,
// with that process's peak RSS. Every loop is bounded in count and time. Run alone with `npx tsx bench/files.ts`.
import { createHash, randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db';
import { apiTokens } from '../server/db/schema';
import { recountFiles, searchQueries, type SearchParams } from '../server/files';
import { hashTokenValue } from '../server/tokens';
import { printTable, withPglite, withPostgres } from './lib';

const FILE_COUNT = Number(process.env.FILES_BENCH_FILES || 1_000_000);
const TRANSFER_BYTES = Number(process.env.FILES_BENCH_BYTES || 1024 ** 3);
const SEARCH_RUNS = 100;
const SEARCH_WARMUP_RUNS = 5;
const SCENARIO_TIME_LIMIT_MS = 30_000;
const SERVER_START_LIMIT_MS = 120_000;
const TRANSFER_TIME_LIMIT_MS = 15 * 60_000;
const RSS_SAMPLE_MS = 50;
const CHUNK_BYTES = 1024 * 1024;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const FIRST_UPLOAD = Date.parse('2022-01-01T00:00:00Z') / 1000;
const SECONDS_BETWEEN_UPLOADS = 95;

export interface SearchFigures {
  scenario: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
}

export interface PlanCheck {
  scenario: string;
  usesIndex: boolean;
  plan: string;
}

export interface SearchBenchResult {
  database: 'pglite' | 'postgres';
  files: number;
  seedSeconds: number;
  scenarios: SearchFigures[];
  plans: PlanCheck[];
}

export interface TransferBenchResult {
  bytes: number;
  uploadMiBPerSecond: number;
  downloadMiBPerSecond: number;
  idleRssMiB: number;
  peakRssUploadMiB: number;
  peakRssDownloadMiB: number;
  md5Matches: boolean;
}

export interface FilesBenchResult {
  search: SearchBenchResult[];
  transfer: TransferBenchResult;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const randomInt = (below: number) => Math.floor(Math.random() * below);

// --- search ---

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
  { name: 'date filter, 30-day window', query: () => ({ filters: dateWindow(30) }) },
  { name: 'reference kind filter (1 in 4)', query: () => ({ filters: JSON.stringify({ reference_kind: 'Caregiver' }) }) },
  { name: 'sorted by name, page 1..10', query: () => ({ sort_by: 'name', ordering: 'asc', page: String(1 + randomInt(10)) }) },
];

async function searchApp(database: Database): Promise<{ app: FastifyInstance; headers: Record<string, string>; close: () => Promise<void> }> {
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

async function measureScenario(app: FastifyInstance, headers: Record<string, string>, scenario: Scenario): Promise<SearchFigures> {
  const search = async () => {
    const response = await app.inject({ method: 'GET', url: `/api/files/search/?${new URLSearchParams(scenario.query())}`, headers });
    if (response.statusCode !== 200) throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
    return response.json<{ total: number }>().total;
  };
  for (let run = 0; run < SEARCH_WARMUP_RUNS; run++) await search();
  const timings: number[] = [];
  let total = 0;
  const deadline = performance.now() + SCENARIO_TIME_LIMIT_MS;
  while (timings.length < SEARCH_RUNS && performance.now() < deadline) {
    const started = performance.now();
    total = await search();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { scenario: scenario.name, runs: timings.length, p50Ms: round(percentile(timings, 0.5), 2), p99Ms: round(percentile(timings, 0.99), 2), total };
}

const DEFAULT_PARAMS: SearchParams = { page: 1, pageSize: 10, sortBy: 'uploaded', ordering: 'des', filters: {} };

/** EXPLAIN of the exact queries the default view and a date filter run: they must read indexes, never the whole table. */
async function checkPlans(database: Database): Promise<PlanCheck[]> {
  const from = FIRST_UPLOAD + 86400 * 200;
  const cases: [string, SearchParams][] = [
    ['default view', DEFAULT_PARAMS],
    ['date filter (page)', { ...DEFAULT_PARAMS, filters: { uploaded: { from, to: from + 30 * 86400 } } }],
  ];
  const checks: PlanCheck[] = [];
  for (const [scenario, params] of cases) {
    const queries = searchQueries(database.db, params);
    checks.push(await explain(database, scenario, queries.page));
    if (queries.count) checks.push(await explain(database, `${scenario.replace(' (page)', '')} (count)`, queries.count));
  }
  return checks;
}

async function explain(database: Database, scenario: string, query: SQLWrapper): Promise<PlanCheck> {
  const result = (await database.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
  return { scenario, usesIndex: /Index (Only )?Scan/.test(plan) && !/Seq Scan on files/.test(plan), plan };
}

async function benchSearchOn(database: Database): Promise<SearchBenchResult> {
  const seedSeconds = await seed(database, FILE_COUNT);
  const { app, headers, close } = await searchApp(database);
  try {
    const scenarios: SearchFigures[] = [];
    for (const scenario of SCENARIOS) scenarios.push(await measureScenario(app, headers, scenario));
    return { database: database.kind, files: FILE_COUNT, seedSeconds, scenarios, plans: await checkPlans(database) };
  } finally {
    await close();
  }
}

function printSearch(result: SearchBenchResult) {
  printTable(
    `File search on ${result.database}: ${result.files.toLocaleString('en')} files (seeded in ${result.seedSeconds} s)`,
    ['scenario', 'p50 ms', 'p99 ms', 'runs', 'total'],
    result.scenarios.map((figures) => [figures.scenario, String(figures.p50Ms), String(figures.p99Ms), String(figures.runs), String(figures.total)]),
  );
  for (const check of result.plans) {
    console.log(`\nEXPLAIN ${check.scenario}: ${check.usesIndex ? 'uses an index' : 'WARNING: does not use an index'}`);
    console.log(check.plan.replace(/^/gm, '  '));
  }
}

// --- transfer ---

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The whole server (main.ts) in a child process on a fresh data folder, so that its RSS is its own. */
async function startServerProcess(): Promise<{ child: ChildProcess; baseUrl: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-bench-server-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PANEL_DIR: path.join(dataDir, 'no-panel'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ACCESS_TOKEN_TTL: '3600',
      LOG_LEVEL: 'warn',
      MAIL_WORKER: 'false',
      FILES_MAX_UPLOAD_BYTES: String(TRANSFER_BYTES),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + SERVER_START_LIMIT_MS;
  while (!(await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await close();
      throw new Error('the server process did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, baseUrl, close };
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Samples the process's RSS while `work` runs; resolves with the work's result and the highest sample. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peakMiB = rssMiB(pid);
  const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, rssMiB(pid))), RSS_SAMPLE_MS);
  try {
    const result = await work();
    return { result, peakMiB: Math.max(peakMiB, rssMiB(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** A multipart body of `size` generated bytes, made chunk by chunk while it is sent; `md5()` is the file's digest once sent. */
function generatedUpload(size: number) {
  const boundary = `----caredeskbench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n${JSON.stringify({ name: 'bench-1GiB.bin', description: 'benchmark upload' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('md5');
  const block = randomBytes(CHUNK_BYTES);
  async function* body() {
    yield head;
    for (let sent = 0, index = 0; sent < size; index++) {
      const chunk = Buffer.from(block.subarray(0, Math.min(CHUNK_BYTES, size - sent)));
      chunk.writeUInt32BE(index, 0); // no two chunks alike
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    yield tail;
  }
  return { boundary, length: head.length + size + tail.length, body, md5: () => hash.digest('hex') };
}

async function signIn(baseUrl: string): Promise<string> {
  const credentials = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
  const response = await fetch(`${baseUrl}/api/auth/token/`, { method: 'POST', headers: { authorization: `Basic ${credentials}` } });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

function requestOnce(url: string, options: http.RequestOptions, body?: () => AsyncGenerator<Buffer>): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { ...options, timeout: TRANSFER_TIME_LIMIT_MS }, resolve);
    request.on('error', reject).on('timeout', () => request.destroy(new Error('transfer timed out')));
    if (body) pipeline(Readable.from(body()), request).catch(reject);
    else request.end();
  });
}

async function uploadGenerated(baseUrl: string, token: string): Promise<{ uid: string; seconds: number; md5Matches: boolean }> {
  const upload = generatedUpload(TRANSFER_BYTES);
  const started = performance.now();
  const response = await requestOnce(
    `${baseUrl}/api/files/upload/`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${upload.boundary}`, 'content-length': upload.length },
    },
    upload.body,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const seconds = (performance.now() - started) / 1000;
  if (response.statusCode !== 201) throw new Error(`bench upload failed: ${response.statusCode} ${text}`);
  const file = JSON.parse(text) as { uid: string; stored_binary: { md5_hash: string; size: number } };
  return { uid: file.uid, seconds, md5Matches: file.stored_binary.md5_hash === upload.md5() && file.stored_binary.size === TRANSFER_BYTES };
}

async function downloadAll(baseUrl: string, token: string, uid: string): Promise<{ seconds: number; md5: string; bytes: number }> {
  const started = performance.now();
  const response = await requestOnce(`${baseUrl}/api/files/download/${uid}/`, { headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`bench download failed: ${response.statusCode}`);
  const hash = createHash('md5');
  let bytes = 0;
  for await (const chunk of response) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { seconds: (performance.now() - started) / 1000, md5: hash.digest('hex'), bytes };
}

async function benchTransfer(): Promise<TransferBenchResult> {
  const server = await startServerProcess();
  try {
    const pid = server.child.pid!;
    const token = await signIn(server.baseUrl);
    const idleRssMiB = rssMiB(pid);
    const uploaded = await withPeakRss(pid, () => uploadGenerated(server.baseUrl, token));
    const downloaded = await withPeakRss(pid, () => downloadAll(server.baseUrl, token, uploaded.result.uid));
    const mib = TRANSFER_BYTES / 1024 ** 2;
    return {
      bytes: TRANSFER_BYTES,
      uploadMiBPerSecond: round(mib / uploaded.result.seconds),
      downloadMiBPerSecond: round(mib / downloaded.result.seconds),
      idleRssMiB: round(idleRssMiB),
      peakRssUploadMiB: round(uploaded.peakMiB),
      peakRssDownloadMiB: round(downloaded.peakMiB),
      md5Matches: uploaded.result.md5Matches && downloaded.result.bytes === TRANSFER_BYTES,
    };
  } finally {
    await server.close();
  }
}

function printTransfer(result: TransferBenchResult) {
  const size = `${round(result.bytes / 1024 ** 3, 2)} GiB`;
  printTable(`File transfer of ${size} (server in a child process, local disk, PGlite)`, ['', 'MiB/s', 'server peak RSS MiB'], [
    ['upload (multipart, streamed)', String(result.uploadMiBPerSecond), String(result.peakRssUploadMiB)],
    ['download', String(result.downloadMiBPerSecond), String(result.peakRssDownloadMiB)],
    ['idle, before the upload', '', String(result.idleRssMiB)],
  ]);
  if (!result.md5Matches) console.log('WARNING: the stored or downloaded bytes differ from the uploaded ones.');
}

/** Runs the search benchmark on PGlite (and PostgreSQL when a URL is set) and the transfer benchmark; prints and returns the figures. */
export async function runFilesBench(): Promise<FilesBenchResult> {
  const search: SearchBenchResult[] = [await withPglite(benchSearchOn)];
  printSearch(search[0]!);
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    search.push(await withPostgres(postgresUrl, benchSearchOn));
    printSearch(search[1]!);
  }
  const transfer = await benchTransfer();
  printTransfer(transfer);
  return { search, transfer };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runFilesBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
