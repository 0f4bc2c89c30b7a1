import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db';
import { mails } from '../../../server/db/schema';
import { serverStorage } from '../support/helpers';
import { aMail, waitFor } from '../support/mail-helpers';
import { inBatches, signedInClient, startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';

const ADMIN = { ADMIN_USERNAME: 'crash-admin', ADMIN_PASSWORD: 'crash-admin-password' };
const CONCURRENCY = 4;
const processEnv = {
  ...ADMIN,
  SECRET_KEY: 'f7c63bdab7391707fdc39883f761e1a52de490b4789c4b6eb652941fb71a5bd1',
  MAIL_CONCURRENCY: String(CONCURRENCY),
  MAIL_LEASE_SECONDS: '3',
  MAIL_POLL_INTERVAL_MS: '100',
};

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data folder and, on PostgreSQL, a fresh database of its own (open here too, for direct inserts), for spawned server processes. */
async function storage(): Promise<{ env: Record<string, string>; database?: Database }> {
  const { env, databaseUrl, remove } = await serverStorage('caredesk-mail-');
  const database = databaseUrl ? await openDatabase({ databaseUrl, poolSize: 2 }) : undefined;
  cleanups.push(async () => {
    await database?.close();
    await remove();
  });
  return { env, database };
}

async function start(env: Record<string, string>) {
  const server = await startServerProcess({ ...processEnv, ...env });
  running.push(server);
  return server;
}

async function configureRoute(call: Awaited<ReturnType<typeof signedInClient>>, smtp: SmtpPeer) {
  const provider = await call<{ uid: string }>('POST', '/api/mail/administration/providers/', {
    name: 'Test peer',
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
  });
  await call('POST', '/api/mail/administration/accounts/', {
    expression: '.*',
    provider: { uid: provider.uid },
    credentials: null,
  });
}

const uniqueSubjects = (smtp: SmtpPeer) => new Set(smtp.received.map((mail) => mail.subject)).size;
const numbered = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix} ${index}`);

test(
  'SIGKILL while delivering: after a restart every mail arrives, duplicates at most MAIL_CONCURRENCY',
  { timeout: 240_000 },
  async () => {
    const smtp = await startSmtpPeer({ delayMs: 40 });
    cleanups.push(() => smtp.close());
    const { env } = await storage();
    const first = await start(env);
    const call = await signedInClient(first.baseUrl, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
    await configureRoute(call, smtp);

    const subjects = numbered(500, 'crash');
    await inBatches(subjects, 25, (subject) => call('POST', '/api/mail/send/', aMail({ subject })));
    const receivedWhenQueued = smtp.received.length;
    await waitFor(
      () => smtp.received.length >= Math.min(450, Math.max(100, receivedWhenQueued + 20)),
      60_000,
      'some deliveries',
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const receivedBeforeCrash = uniqueSubjects(smtp);
    expect(receivedBeforeCrash).toBeLessThan(500);

    const second = await start(env);
    await waitFor(() => uniqueSubjects(smtp) === 500, 120_000, 'all 500 mails at the peer');
    const again = await signedInClient(second.baseUrl, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
    await waitFor(
      async () => (await again<unknown[]>('GET', '/api/mail/administration/queue/')).length === 0,
      10_000,
      'an empty queue',
    );

    expect(smtp.received.length - 500).toBeLessThanOrEqual(CONCURRENCY);
    expect(await again<unknown[]>('GET', '/api/mail/administration/queue/delivered/?limit=10000')).toHaveLength(500);
    expect(await again<unknown[]>('GET', '/api/mail/administration/queue/failed-permanently/')).toHaveLength(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  },
);

test.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server processes on one PostgreSQL database deliver 1,000 mails exactly once (needs TEST_DATABASE_URL)',
  { timeout: 240_000 },
  async () => {
    const smtp = await startSmtpPeer({ delayMs: 2 });
    cleanups.push(() => smtp.close());
    const { env, database } = await storage();
    const [one, two] = await Promise.all([start(env), start(env)]);
    await configureRoute(await signedInClient(one.baseUrl, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD), smtp);

    // One statement, so that both processes find all 1,000 due at once and compete for every claim.
    const subjects = numbered(1000, 'shared');
    await database!.db.insert(mails).values(
      subjects.map((subject) => ({
        sender: 'office@caredesk.example',
        recipients: ['anna@example.org'],
        cc: [],
        subject,
        message: 'Hello',
        nextAttemptAt: sql`now()`,
      })),
    );
    await waitFor(() => uniqueSubjects(smtp) === 1000, 120_000, 'all 1,000 mails at the peer');
    await waitFor(
      async () => (await database!.db.$count(mails, sql`${mails.state} <> 'delivered'`)) === 0,
      20_000,
      'every mail marked delivered',
    );

    expect(smtp.received).toHaveLength(1000);
    one.child.kill('SIGTERM');
    two.child.kill('SIGTERM');
    expect(await Promise.all([one.exited, two.exited])).toEqual([0, 0]);
  },
);
