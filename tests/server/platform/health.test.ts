import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {} from '../../../server/health';
import { createTestApp } from '../support/helpers';

/** Liveness and readiness for an orchestrator or a load balancer. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-health-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: false, config: { dataDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('live answers while the process runs, without sign-in', async () => {
  const response = await t.inject({ method: 'GET', url: '/api/health/live' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

test('ready names each check: database, migrations, file storage, and checks added later', async () => {
  const ready = await t.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });

  let workerRunning = false;
  t.app.readinessChecks.set('mailWorker', () => workerRunning);
  const stopped = await t.inject({ method: 'GET', url: '/api/health/ready' });
  expect(stopped.statusCode).toBe(503);
  expect(stopped.json()).toMatchObject({ status: 'not ready', checks: { mailWorker: 'failing', database: 'ok' } });
  workerRunning = true;
  expect((await t.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  t.app.readinessChecks.delete('mailWorker');
});

test('a file storage that cannot be written makes the process not ready', async () => {
  if (process.getuid?.() === 0) {
    // root writes into read-only folders: take the folder away instead
    rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
    writeFileSync(path.join(dataDir, 'files'), 'not a folder');
  } else {
    chmodSync(path.join(dataDir, 'files'), 0o500);
  }
  const response = await t.inject({ method: 'GET', url: '/api/health/ready' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ checks: { storage: 'failing', database: 'ok', migrations: 'ok' } });
});
