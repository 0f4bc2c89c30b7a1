import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { ensureFirstAdministrator } from '../../../server/auth';
import { openDatabase, type Database } from '../../../server/db';
import { mails } from '../../../server/db/schema';
import { ADMIN, basic, bearer, openTestDatabase, testConfig } from '../support/helpers';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { createMailWorker } from '../../../server/mail';
import { createHousekeeping } from '../../../server/shared/housekeeping';
import { aMail } from '../support/mail-helpers';
import { startSmtpPeer } from '../support/smtp-peer';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * PostgreSQL going away, breaking connections under load and stalling: requests answer 503 with Retry-After and a problem body
 * meanwhile, the process lives on, and the service recovers by itself. The database is reached through a TCP proxy that the
 * test cuts, restores, pauses and resumes.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const STATEMENT_TIMEOUT_MS = 600;
const CONNECT_TIMEOUT_MS = 500;

describe.skipIf(!databaseUrl)('PostgreSQL faults', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;

  beforeAll(async () => {
    test = await openTestDatabase();
    await test.database.close();
    const target = new URL(test.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(test.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: proxied.toString(),
      poolSize: 4,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    const config = testConfig();
    app = await buildApp({ config, database, masterSecret: Buffer.alloc(32, 7) });
    await ensureFirstAdministrator(database.db, config, () => undefined);
    token = (await signIn()).json<{ access_token: string }>().access_token;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await proxy?.stop().catch(() => undefined);
    await test?.drop();
  });

  /** Connections the pool has handed out and not got back. */
  const checkedOut = () => database.pool!.totalCount - database.pool!.idleCount;

  const signIn = () =>
    app.inject({ method: 'POST', url: '/api/auth/token/', headers: basic(ADMIN.username, ADMIN.password) });
  const sendMail = (subject: string) =>
    app.inject({ method: 'POST', url: '/api/mail/send/', headers: bearer(token), payload: aMail({ subject }) });
  const healthy = async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200;

  function expectDatabaseUnavailable(answer: Awaited<ReturnType<typeof signIn>>) {
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.json()).toMatchObject({ type: '/problems/database-unavailable', status: 503 });
  }

  it('answers 503 with Retry-After while the database is away, and recovers by itself', async () => {
    const provider = { name: 'Outage relay', host: 'smtp.example.org', port: 25, security: 'none' };

    await proxy.cut();
    const answers = [
      await app.inject({ method: 'GET', url: '/api/auth/info/', headers: bearer(token) }),
      await app.inject({ method: 'GET', url: '/api/mail/administration/providers/', headers: bearer(token) }),
      await app.inject({
        method: 'POST',
        url: '/api/mail/administration/providers/',
        headers: bearer(token),
        payload: provider,
      }),
      await signIn(),
    ];
    answers.forEach(expectDatabaseUnavailable);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await proxy.restore();
    await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
    const created = await app.inject({
      method: 'POST',
      url: '/api/mail/administration/providers/',
      headers: bearer(token),
      payload: provider,
    });
    expect(created.statusCode, created.body).toBe(201);
    const providers = await app.inject({
      method: 'GET',
      url: '/api/mail/administration/providers/',
      headers: bearer(token),
    });
    expect(providers.json<{ name: string }[]>().filter((row) => row.name === provider.name)).toHaveLength(1);
  });

  it('survives a connection that breaks while a transaction holds it between statements', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await proxy.cut();
      await expect.poll(() => proxy.connections()).toBe(0);
      await new Promise((resolve) => setImmediate(resolve)); // the reset reaches the client, which no statement awaits now
      await tx.execute(sql`select 2`);
    });
    await expect(transaction).rejects.toThrow();
    await proxy.restore();
    await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
  });

  it('lives through every connection cut under a write load: 503 meanwhile, then 202 again, and every acknowledged mail kept', async () => {
    const acknowledged: string[] = [];
    const statuses = new Set<number>();
    let cutDone = false;
    const client = async (name: string) => {
      for (let i = 0; i < 40 && !(cutDone && acknowledged.length > 60); i++) {
        const answer = await sendMail(`${name} ${i}`);
        statuses.add(answer.statusCode);
        if (answer.statusCode === 202) acknowledged.push(answer.json<{ reference_uid: string }>().reference_uid);
        else expectDatabaseUnavailable(answer);
      }
    };
    const load = Promise.all(['a', 'b', 'c', 'd'].map(client));
    await expect.poll(() => acknowledged.length).toBeGreaterThan(8);
    await proxy.cut();
    await expect.poll(() => statuses.has(503)).toBe(true);
    await proxy.restore();
    cutDone = true;
    await load;

    expect([...statuses].sort()).toEqual([202, 503]);
    await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
    expect(checkedOut()).toBe(0);
    expect((await sendMail('after the cut')).statusCode).toBe(202);
    const stored = await database.db.select({ uid: mails.referenceUid }).from(mails);
    const storedUids = new Set(stored.map((row) => row.uid));
    expect(acknowledged.filter((uid) => !storedUids.has(uid))).toEqual([]);
  });

  it('the mail worker logs the cut, carries on, and delivers once the database is back', async () => {
    const peer = await startSmtpPeer();
    const config = testConfig();
    const worker = createMailWorker({
      db: database.db,
      masterSecret: Buffer.alloc(32, 7),
      config: { ...config.mail, tlsVerify: false, smtpTimeoutMs: 5000, pollIntervalMs: 50 },
    });
    try {
      const provider = await app.inject({
        method: 'POST',
        url: '/api/mail/administration/providers/',
        headers: bearer(token),
        payload: { name: 'Worker peer', host: '127.0.0.1', port: peer.port, security: 'none' },
      });
      const account = {
        expression: '^worker@',
        provider: { uid: provider.json<{ uid: string }>().uid },
        credentials: null,
      };
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/mail/administration/accounts/',
            headers: bearer(token),
            payload: account,
          })
        ).statusCode,
      ).toBe(201);
      worker.start();
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the worker's polls fail meanwhile
      expect(worker.isRunning()).toBe(true);
      await proxy.restore();
      await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/mail/send/',
            headers: bearer(token),
            payload: aMail({ sender: 'worker@caredesk.example', subject: 'After the cut' }),
          })
        ).statusCode,
      ).toBe(202);
      await expect
        .poll(() => peer.received.map((mail) => mail.subject), { timeout: 10_000 })
        .toContain('After the cut');
    } finally {
      await worker.stop();
      await peer.close();
    }
  });

  it('housekeeping logs the jobs of a round the database missed, and the next round runs them', async () => {
    const jobs = housekeepingJobs(testConfig(), 'postgres').filter((job) => !job.outsideTransaction);
    const housekeeping = createHousekeeping({ db: database.db, jobs, intervalMs: 60_000 });
    await proxy.cut();
    const missed = await housekeeping.runOnce();
    await proxy.restore();
    await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
    const ran = await housekeeping.runOnce();
    expect(jobs.length).toBeGreaterThan(2);
    expect(jobs.map((job) => missed[job.name])).toEqual(jobs.map(() => undefined));
    expect(jobs.map((job) => typeof ran[job.name])).toEqual(jobs.map(() => 'number'));
  });

  it('says not ready within 2 s while the database stalls, answers 503 after the statement time-out, and recovers', async () => {
    proxy.pause();
    try {
      const started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'failing' } });
      expect(Date.now() - started).toBeLessThan(2_000);

      const requestStarted = Date.now();
      expectDatabaseUnavailable(
        await app.inject({ method: 'GET', url: '/api/mail/administration/providers/', headers: bearer(token) }),
      );
      expect(Date.now() - requestStarted).toBeLessThan(STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2_000);
      // a transaction whose BEGIN gets no answer gives its connection back all the same
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    } finally {
      proxy.resume();
    }
    await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
    expect(checkedOut()).toBe(0);
    expect(
      (await app.inject({ method: 'GET', url: '/api/mail/administration/providers/', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });
});
