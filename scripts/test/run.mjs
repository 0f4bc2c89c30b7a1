// `npm test`: the type check and the build side by side, then every Vitest project in one run (the services on PGlite and on
// PostgreSQL, the panel, the layer rules) with a production install of that build (production-install.mjs) and the format
// and lint checks beside it, then the browser tests against that build.
// Ends with each phase's time, the slowest test files and the totals, also written to test-results/summary.txt (.ci/run prints it
// again at its end).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reachableTestDatabase } from './postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const results = path.join(root, 'test-results');
const SLOWEST = 15;

/** Runs a command in the root; resolves with whether it exited with 0. */
function run(command, args, env = {}, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...env } });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

const npx = (...args) => ['npx', args];
const phases = [];
function record(name, started, passed) {
  phases.push({ name, seconds: (Date.now() - started) / 1000, passed });
  return passed;
}

async function phase(name, work) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  return record(name, started, await work());
}

/** A phase that runs beside the next one: its output goes to test-results/<log> and is printed only when it fails. */
async function quietPhase(name, log, command, args) {
  const started = Date.now();
  const logFile = path.join(results, log);
  const output = openSync(logFile, 'w');
  const passed = await run(command, args, {}, ['ignore', output, output]);
  console.log(`\n=== ${name}: ${passed ? 'passed' : 'FAILED'}`);
  if (!passed) console.log(readFileSync(logFile, 'utf8'));
  return record(name, started, passed);
}

/** An error message's first line, without the reporters' colours. */
const firstLine = (text = '') =>
  text
    // eslint-disable-next-line no-control-regex -- it looks for control characters on purpose
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')[0]
    .slice(0, 200);

function vitestFiles() {
  const file = path.join(results, 'vitest-files.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

/** Playwright's JSON report folded into one entry per spec file. */
function browserFiles() {
  const file = path.join(results, 'playwright.json');
  if (!existsSync(file)) return [];
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(suite.file) ?? {
        project: 'browser',
        file: path.join('tests/e2e', suite.file),
        seconds: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
        failures: [],
      };
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        entry.seconds += test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        const outcome = test.status === 'skipped' ? 'skipped' : last?.status === 'passed' ? 'passed' : 'failed';
        entry[outcome] += 1;
        if (outcome === 'failed')
          entry.failures.push({ test: `${spec.title} (${test.projectName})`, message: last?.error?.message });
      }
      byFile.set(suite.file, entry);
    }
    for (const child of suite.suites ?? []) visit({ ...child, file: child.file ?? suite.file });
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) visit(suite);
  return [...byFile.values()];
}

function summary() {
  const files = [...vitestFiles(), ...browserFiles()];
  const total = (key) => files.reduce((sum, entry) => sum + entry[key], 0);
  const minutes = (seconds) => {
    const whole = Math.round(seconds);
    return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  };
  const lines = ['', '=== npm test: phases'];
  for (const { name, seconds, passed } of phases)
    lines.push(`${minutes(seconds).padStart(8)}  ${name}${passed ? '' : '  FAILED'}`);
  lines.push(`${minutes(phases.reduce((sum, { seconds }) => sum + seconds, 0)).padStart(8)}  in all`);
  lines.push('', `=== the ${SLOWEST} slowest test files (wall time, import included)`);
  for (const entry of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    lines.push(`${entry.seconds.toFixed(1).padStart(7)} s  [${entry.project}] ${entry.file}`);
  }
  const failed = files.filter((entry) => entry.failed > 0);
  if (failed.length > 0) {
    lines.push('', '=== failed');
    for (const entry of failed) {
      lines.push(`  [${entry.project}] ${entry.file}`);
      for (const { test, message } of entry.failures ?? []) lines.push(`    ${test}: ${firstLine(message)}`);
    }
  }
  lines.push('', `Tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
  return lines.join('\n');
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const built = await phase('type check and build (side by side)', async () => {
  const [typed, panel] = await Promise.all([
    run(...npx('tsc', '--build')),
    run(...npx('vite', 'build', '--logLevel', 'warn')).then((ok) => ok && run('node', ['scripts/build-server.mjs'])),
  ]);
  return typed && panel;
});

// the build just made, alone in a fresh folder with only the production packages (docs/operations.md, Production install); beside
// the Vitest run, as it waits mostly on npm ci's downloads and the disk
const productionInstall = built
  ? quietPhase(
      'production install (npm ci --omit=dev, start, sign in; beside the next phase)',
      'production-install.log',
      'node',
      ['scripts/test/production-install.mjs'],
    )
  : undefined;

// the code's habits (Prettier's format, then ESLint), cached, beside the tests: they read the sources only
const habits = quietPhase('format and lint (beside the next phase)', 'habits.log', 'npm', [
  'run',
  '--silent',
  'habits',
]);

const databaseUrl = await reachableTestDatabase();
await phase(`unit, service (PGlite${databaseUrl ? ' and PostgreSQL' : ''}) and panel tests`, () =>
  run(...npx('vitest', 'run', '--reporter=default', '--reporter=./scripts/test/vitest-timings.ts'), {
    TEST_DATABASE_URL: databaseUrl ?? '',
    // the service tests that start server processes start the bundle just built
    ...(built ? { TEST_SERVER_BUNDLE: 'dist-server/main.mjs' } : {}),
  }),
);

await productionInstall;
await habits;

if (built) {
  await phase('browser tests', () =>
    run(...npx('playwright', 'test', '--reporter=list,json'), {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'playwright.json'),
    }),
  );
}

const text = summary();
writeFileSync(path.join(results, 'summary.txt'), text + '\n');
console.log(text);
process.exit(phases.every(({ passed }) => passed) && built ? 0 : 1);
