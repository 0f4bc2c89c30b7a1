import path from 'node:path';
import { openDatabase, type Database } from '../../../server/db';
import { auditEvents } from '../../../server/db/schema';
import { serverStorage } from '../support/helpers';
import { waitFor } from '../support/mail-helpers';
import { signedInClient, startServerProcess, type ServerProcess } from '../support/server-process';

/** The server process runs the audit retention by itself: at start and then every hour (server/main.ts, server/housekeeping-jobs.ts). */
const ADMIN = { ADMIN_USERNAME: 'audit-admin', ADMIN_PASSWORD: 'audit-admin-password' };
const DAY_MS = 24 * 60 * 60 * 1000;
const cleanups: (() => Promise<unknown> | void)[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A data folder and its database (PGlite in the folder, or a fresh PostgreSQL database), open here for seeding. */
async function storage(): Promise<{ env: Record<string, string>; database: Database }> {
  const { env, dataDir, databaseUrl, remove } = await serverStorage('caredesk-audit-');
  cleanups.push(remove);
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  return { env, database };
}

test('events older than AUDIT_RETENTION_DAYS are removed once the server runs; younger ones stay', async () => {
  const { env, database } = await storage();
  await database.db.insert(auditEvents).values([
    { action: 'test.expired', time: new Date(Date.now() - 31 * DAY_MS) },
    { action: 'test.kept', time: new Date(Date.now() - 29 * DAY_MS) },
  ]);
  await database.close(); // PGlite: one process at a time

  server = await startServerProcess({
    ...ADMIN,
    ...env,
    SECRET_KEY: '004c960c693fb9ce436c89d13eacf457c499b06bd18bebe0bdd13893da3c4846',
    AUDIT_RETENTION_DAYS: '30',
  });
  const call = await signedInClient(server.baseUrl, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
  const count = async (action: string) =>
    (
      await call<{ total: number }>(
        'GET',
        `/api/audit/events/?filters=${encodeURIComponent(JSON.stringify({ action }))}`,
      )
    ).total;
  await waitFor(async () => (await count('test.expired')) === 0, 30_000, 'the retention run');
  expect(await count('test.kept')).toBe(1);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}, 120_000);
