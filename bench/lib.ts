import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db';

/** One measured endpoint. */
export interface Measurement {
  name: string;
  requestsPerSecond: number;
  /** Requests answered in the run. */
  requests: number;
  p99Ms: number;
  /** Requests that failed or answered other than 2xx: a run with any is not a valid figure. */
  failures: number;
}

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
}

const DEFAULT_LOAD: LoadOptions = { durationSeconds: 5, connections: 10 };

/**
 * Loads one URL with autocannon. The load runs in a worker thread so that it does not compete with the
 * servers, which share this process's main thread.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  load = DEFAULT_LOAD,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    headers,
    connections: load.connections,
    duration: load.durationSeconds,
    workers: 1,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** A positive number from the first of `names` set in the environment, else `fallback`. */
export function envNumber(names: string[], fallback: number): number {
  for (const name of names) {
    const text = process.env[name];
    if (!text) continue;
    const value = Number(text);
    if (!(value > 0)) throw new Error(`${name} must be a positive number, not "${text}"`);
    return value;
  }
  return fallback;
}

export function printMeasurements(title: string, measurements: Measurement[], baseline: Measurement) {
  const rows = measurements.map((measurement) => [
    measurement.name,
    measurement.requestsPerSecond.toFixed(0),
    measurement.p99Ms.toFixed(1),
    `${ratio(measurement.requestsPerSecond / baseline.requestsPerSecond)}×`,
  ]);
  printTable(title, ['endpoint', 'req/s', 'p99 ms', 'vs. baseline'], rows);
  for (const failed of measurements.filter((measurement) => measurement.failures > 0)) {
    console.log(
      `WARNING: ${failed.failures} requests of "${failed.name}" failed or answered non-2xx; its figures are not valid.`,
    );
  }
}

const ratio = (value: number) => (value >= 0.1 ? value.toFixed(2) : value.toPrecision(2));

/** `value` as a ratio of `baseline`, e.g. "0.42×"; "–" when either is missing or zero. */
export const times = (value: number, baseline: number) =>
  value > 0 && baseline > 0 ? `${ratio(value / baseline)}×` : '–';

/** `value` rounded to `digits` decimals, as a number. */
export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export interface Latency {
  runs: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

/** Times `once` sequentially, after `warmup` untimed calls, at most `runs` times and until `timeLimitMs` has passed. */
export async function timeRuns(
  once: () => Promise<unknown>,
  runs: number,
  timeLimitMs: number,
  warmup = 0,
): Promise<Latency> {
  for (let run = 0; run < warmup; run++) await once();
  const durations: number[] = [];
  const deadline = performance.now() + timeLimitMs;
  while (durations.length < runs && performance.now() < deadline) {
    const started = performance.now();
    await once();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { runs: durations.length, p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) };
}

/** Calls `once` sequentially at most `limit` times and until `timeLimitMs` has passed; how many calls, and per second. */
export async function ratePerSecond(
  once: (index: number) => Promise<unknown>,
  limit: number,
  timeLimitMs: number,
): Promise<{ count: number; perSecond: number }> {
  const started = performance.now();
  let count = 0;
  while (count < limit && performance.now() - started < timeLimitMs) await once(count++);
  return { count, perSecond: count / ((performance.now() - started) / 1000) };
}

export function printTable(title: string, header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Runs `work` on `items` with at most `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

/** Runs work on a fresh PGlite database in a temporary folder, removed afterwards. */
export async function withPglite<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), 'caredesk-bench-pglite-'));
  const database = await openDatabase({ pgliteDir: path.join(folder, 'pglite') });
  try {
    return await work(database);
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs work on a fresh database created on the PostgreSQL server of adminUrl (opened, and its URL), dropped afterwards. */
export async function withPostgres<T>(
  adminUrl: string,
  work: (database: Database, url: string) => Promise<T>,
): Promise<T> {
  const name = `caredesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    return await work(database, url.toString());
  } finally {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Table rows of latency scenarios after their baseline: p50, p99, both as ratios of the baseline's, runs, and each scenario's result count. */
export function latencyRows<T extends Latency & { scenario: string; total?: number }>(
  base: T,
  scenarios: T[],
  digits: number,
): string[][] {
  return [base, ...scenarios].map((figures) => [
    figures.scenario,
    figures.p50Ms.toFixed(digits),
    figures.p99Ms.toFixed(digits),
    times(figures.p50Ms, base.p50Ms),
    times(figures.p99Ms, base.p99Ms),
    String(figures.runs),
    figures === base ? '' : String(figures.total),
  ]);
}

/** One performance goal beside what this run measured. */
export interface Goal {
  section: string;
  /** What the goal asks, e.g. "GET /api/auth/info/ ≥ 0.5× bare Fastify (PGlite)". */
  goal: string;
  /** What this run measured, e.g. "0.62×" or "p99 18.2 ms". */
  measured: string;
  pass: boolean;
}

const goals: Goal[] = [];

/** Records a goal's outcome for the summary that `npm run bench` prints at its end. */
export function recordGoal(goal: Goal) {
  goals.push(goal);
}

/** The summary of every recorded goal: goal, measured, PASS or MISS. */
export function printGoals() {
  if (!goals.length) return;
  const rows = goals.map((goal) => [goal.section, goal.goal, goal.measured, goal.pass ? 'PASS' : 'MISS']);
  printTable('Goals, this run', ['section', 'goal', 'measured', 'result'], rows);
}
