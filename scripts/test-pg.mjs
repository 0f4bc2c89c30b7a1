// `npm run test:pg`: the service tests again, on PostgreSQL (TEST_DATABASE_URL, default the local server).
// Without a reachable server a developer's run says so and skips; CI (CI=true) fails instead.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';

const require = createRequire(import.meta.url);
const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function reachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${url.replace(/:[^:@/]+@/, ':***@')} did not answer: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (!(await reachable())) {
  if (process.env.CI) process.exit(1);
  console.log('Skipped the PostgreSQL run: set TEST_DATABASE_URL to a server that accepts CREATE DATABASE.');
  process.exit(0);
}
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
