// The PostgreSQL server of the service tests: TEST_DATABASE_URL, default the local server. Run as a script (`npm run test:pg`),
// it runs the service tests on it. Without a reachable server a developer's run says so and skips; CI (CI=true) fails instead.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The server's URL when it answers; otherwise undefined after saying why (and, under CI, exits with 1). */
export async function reachableTestDatabase() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    console.error(`PostgreSQL at ${url.replace(/:[^:@/]+@/, ':***@')} did not answer: ${error.message}`);
    if (process.env.CI) process.exit(1);
    console.log('Skipped the PostgreSQL run: set TEST_DATABASE_URL to a server that accepts CREATE DATABASE.');
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = await reachableTestDatabase();
  if (!url) process.exit(0);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server-pg', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  process.exit(run.status ?? 1);
}
