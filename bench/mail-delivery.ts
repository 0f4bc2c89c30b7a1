// The queued run of the mail benchmark on one database: BENCH_MAILS mails queued, then delivered by the mail worker to the local
// SMTP sink while the queue list and GET /api/health are loaded, between two direct sends to the same sink (the baseline).
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { ensureFirstAdministrator } from '../server/auth';
import { loadConfig, type Config } from '../server/config';
import type { Database } from '../server/db';
import { mails } from '../server/db/schema';
import { createMailWorker } from '../server/mail';
import { insertMail } from '../server/mail/queue';
import { envNumber, type Measurement } from './lib';
import { countingCommits, cpuMs, deliveryClock, measureAtListRate, postgresCpuMs } from './mail-meters';
import { benchMail, sendDirectly, startSink } from './mail-sink';

/** Enough for the delivery to outlast the list load on this machine (PostgreSQL, the faster, delivered 1,500–1,650 mails/s). */
export const MAILS = envNumber(['BENCH_MAILS', 'MAIL_BENCH_MAILS'], 20_000);
const INSERT_CHUNK = 1_000;
const DELIVERY_TIME_LIMIT_MS = 10 * 60_000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

export interface MailBenchResult {
  database: 'pglite' | 'postgres';
  concurrency: number;
  mails: number;
  delivered: number;
  seconds: number;
  mailsPerSecond: number;
  /** Deliveries per second while the queue list was under load. */
  mailsPerSecondUnderListLoad: number;
  queueList: Measurement;
  /** Baseline of both mails/s figures: the same mails sent straight to the sink, without the queue (mean of before and after). */
  directMailsPerSecond: number;
  directBefore: number;
  directAfter: number;
  /** Baseline of the list: GET /api/health at the same rate at the same time, while the worker delivers. */
  healthWhileDelivering: Measurement;
  /** GET /api/health at the same rate once the queue is delivered, the worker stopped. */
  health: Measurement;
  /** The worker's committed database round trips (claims, outcome statements, lease renewals) per delivered mail; load does not move it. */
  commitsPerMail: number;
  /**
   * The process's CPU time per mail (all its threads: the sink's too, and autocannon's while it polls), queued and sent directly (mean of
   * before and after): less moved by other processes' load than mails/s, as long as the machine has a core to spare now and then.
   */
  cpuMsPerMail: number;
  directCpuMsPerMail: number;
  /** The PostgreSQL server's CPU time per mail while queued mails were delivered, when it runs on this machine (null otherwise). */
  databaseCpuMsPerMail: number | null;
}

/** Queued as the mail service queues them (insertMail: the mail with its Message-ID, and its row of mail_search). */
async function queueMails(database: Database, count: number) {
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    await database.db.transaction(async (tx) => {
      for (let index = start; index < Math.min(start + INSERT_CHUNK, count); index++) {
        const { recipients, ...mail } = benchMail(index);
        await insertMail(tx, randomUUID(), { ...mail, to: recipients });
      }
    });
  }
  if (database.kind === 'postgres') await database.db.execute(sql`analyze mails`);
}

async function api<T>(baseUrl: string, token: string, method: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(baseUrl: string): Promise<string> {
  const authorization = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const response = await fetch(`${baseUrl}/api/auth/token/`, { method: 'POST', headers: { authorization } });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const deliveredCount = (database: Database) => database.db.$count(mails, eq(mails.state, 'delivered'));

/** Queues BENCH_MAILS mails in `database` and times their delivery by the worker, with the direct sends before and after. */
export async function benchDeliveryOn(database: Database): Promise<MailBenchResult> {
  const base = loadConfig({});
  // As a server would have it (MAIL_CONCURRENCY from the environment, else its default).
  const mailConfig = { ...loadConfig(process.env).mail, workerEnabled: true };
  const config: Config = {
    ...base,
    panelDir: path.join(tmpdir(), 'caredesk-bench-has-no-panel'),
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
  };
  const masterSecret = randomBytes(32);
  const sink = await startSink();
  const app = await buildApp({ config, database, masterSecret });
  const commits = { count: 0 };
  const deliveries = deliveryClock(MAILS);
  const worker = createMailWorker({
    db: countingCommits(database.db, commits),
    masterSecret,
    config: mailConfig,
    onOutcome: deliveries.onOutcome,
  });
  try {
    await ensureFirstAdministrator(database.db, config, () => undefined);
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signIn(baseUrl);
    const provider = await api<{ uid: string }>(baseUrl, token, 'POST', '/api/mail/administration/providers/', {
      name: 'Local sink',
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
    });
    await api(baseUrl, token, 'POST', '/api/mail/administration/accounts/', {
      expression: '@caredesk\\.example$',
      provider: { uid: provider.uid },
      credentials: null,
    });
    const directBefore = await sendDirectly(sink.port, mailConfig, MAILS, DELIVERY_TIME_LIMIT_MS);
    const directlyReceived = await sink.received();
    await queueMails(database, MAILS);

    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    const databaseCpuAtStart = database.kind === 'postgres' ? postgresCpuMs() : null;
    worker.start();
    // The list and its baseline during the first seconds of delivery (BENCH_MAILS is large enough for it to last longer).
    let loadEnd = { seconds: 0, delivered: 0 };
    const loads = Promise.all([
      measureAtListRate(
        'GET /api/mail/administration/queue/ (limit 1000)',
        `${baseUrl}/api/mail/administration/queue/`,
        token,
      ),
      measureAtListRate('GET /api/health (while delivering)', `${baseUrl}/api/health`, token),
    ]).then((measurements) => {
      loadEnd = { seconds: (performance.now() - started) / 1000, delivered: deliveries.delivered() };
      return measurements;
    });
    // The delivery's time and CPU end with its last outcome, whether or not the loads still run.
    await deliveries.finished(DELIVERY_TIME_LIMIT_MS);
    const seconds = (performance.now() - started) / 1000;
    const deliveredInTime = Math.max(1, deliveries.delivered());
    const cpuMsPerMail = cpuMs(process.cpuUsage(cpuAtStart)) / deliveredInTime;
    const databaseCpuAtEnd = databaseCpuAtStart === null ? null : postgresCpuMs();
    const databaseCpuMsPerMail =
      databaseCpuAtStart === null || databaseCpuAtEnd === null
        ? null
        : (databaseCpuAtEnd - databaseCpuAtStart) / deliveredInTime;
    const [queueList, healthWhileDelivering] = await loads;
    const underLoad =
      loadEnd.delivered < deliveries.delivered() ? loadEnd : { seconds, delivered: deliveries.delivered() };
    const delivered = await deliveredCount(database);
    await worker.stop();
    // The list's baseline: the cheapest round trip through the same app and database (one ping), at the same rate, the worker stopped.
    const health = await measureAtListRate('GET /api/health', `${baseUrl}/api/health`, token);
    const received = (await sink.received()) - directlyReceived;
    if (received < delivered)
      throw new Error(`the sink received ${received} mails, but ${delivered} are marked delivered`);
    const directAfter = await sendDirectly(sink.port, mailConfig, MAILS, DELIVERY_TIME_LIMIT_MS);
    return {
      database: database.kind,
      concurrency: mailConfig.concurrency,
      mails: MAILS,
      delivered,
      seconds: Math.round(seconds * 10) / 10,
      mailsPerSecond: Math.round(deliveries.delivered() / seconds),
      mailsPerSecondUnderListLoad: Math.round(underLoad.delivered / underLoad.seconds),
      queueList,
      directMailsPerSecond: Math.round((directBefore.mailsPerSecond + directAfter.mailsPerSecond) / 2),
      directBefore: directBefore.mailsPerSecond,
      directAfter: directAfter.mailsPerSecond,
      healthWhileDelivering,
      health,
      commitsPerMail: delivered > 0 ? commits.count / delivered : 0,
      cpuMsPerMail,
      directCpuMsPerMail: (directBefore.cpuMsPerMail + directAfter.cpuMsPerMail) / 2,
      databaseCpuMsPerMail,
    };
  } finally {
    await worker.stop();
    await app.close();
    await sink.close();
  }
}
