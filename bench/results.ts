import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release } from 'node:os';
import { format } from 'node:util';

/** Where `npm run bench` leaves its latest results; docs/performance.md links it, bench/HISTORY.md keeps the dated log. */
const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

interface Part {
  title: string;
  lines: string[];
}

/** What the run was measured on, taken when it starts: the code that runs is the code of that moment. */
export interface RunContext {
  startedAt: Date;
  /** Other work on the machine slows every figure, the baselines too. */
  loadAtStart: string;
  machine: string;
  commit: string;
  /** The sections that ran, or every one. */
  sections: string[] | 'all';
}

export function runContext(sections: string[] | 'all'): RunContext {
  return { startedAt: new Date(), loadAtStart: loadAverage(), machine: machine(), commit: commit(), sections };
}

export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

function machine(): string {
  const list = cpus();
  const model = list[0]?.model.trim() || 'unknown CPU';
  return `${model} × ${list.length}, ${platform()} ${release()}, Node ${process.version}`;
}

function commit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('rev-parse', '--short', 'HEAD');
    // Untracked files count: a new module the run imports is part of what was measured.
    const dirty = git('status', '--porcelain') !== '';
    return dirty ? `${head}, working tree dirty (uncommitted changes)` : `${head}, working tree clean`;
  } catch {
    return 'unknown (no git checkout)';
  }
}

/**
 * Keeps what the run prints through console.log, console.warn and console.error, besides printing it, in parts that part() starts:
 * RESULTS.md shows every table exactly as the terminal did.
 */
export function recordOutput() {
  const parts: Part[] = [];
  for (const method of ['log', 'warn', 'error'] as const) {
    const print = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      print(...args);
      parts.at(-1)?.lines.push(format(...args));
    };
  }
  return {
    part: (title: string) => void parts.push({ title, lines: [] }),
    parts: (): readonly Part[] => parts,
  };
}

/** Overwrites bench/RESULTS.md with this run's context and output. */
export function writeResults(context: RunContext, parts: readonly Part[]) {
  const minutes = (Date.now() - context.startedAt.getTime()) / 60_000;
  const sections = context.sections === 'all' ? 'all' : `${context.sections.join(', ')} only (a partial run)`;
  const text = [
    '# Latest benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts) at the end of every run, replacing the previous results; the dated log of earlier runs and',
    "experiments is [HISTORY.md](HISTORY.md). Each table's ratios compare with the baseline measured in this same run: absolute figures of",
    'different runs or machines are not comparable.',
    '',
    '| | |',
    '|---|---|',
    `| date | ${context.startedAt.toISOString()} (${minutes.toFixed(0)} min) |`,
    `| machine | ${context.machine} |`,
    `| load average at the start (1, 5, 15 min) | ${context.loadAtStart} |`,
    `| commit | ${context.commit} |`,
    `| sections | ${sections} |`,
    `| PostgreSQL | ${process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'yes' : 'no (BENCH_DATABASE_URL and TEST_DATABASE_URL unset): its rows are skipped'} |`,
    `| settings | ${benchSettings() || 'defaults'} |`,
    ...parts.flatMap(({ title, lines }) => ['', `## ${title}`, '', '```text', lines.join('\n').trim(), '```']),
    '',
  ].join('\n');
  writeFileSync(RESULTS_FILE, text);
}

/** The BENCH_ sizes and switches set for the run; database addresses stay out (they may hold a password). */
function benchSettings(): string {
  return Object.keys(process.env)
    .filter((name) => name.startsWith('BENCH_') && !name.endsWith('_URL'))
    .sort()
    .map((name) => `\`${name}=${process.env[name]}\``)
    .join(', ');
}
