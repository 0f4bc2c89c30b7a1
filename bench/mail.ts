// The mail benchmark: delivery throughput (mails/s) of BENCH_MAILS (or the older MAIL_BENCH_MAILS; 20,000) queued mails to
// a local SMTP sink, with the queue list endpoint's latency measured by autocannon while the worker delivers; on PGlite and,
// with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL. Every wait is bounded. Run alone with `npx tsx bench/mail.ts`.
// Baselines of the same run: the same mails sent straight to the sink through the worker's pooled nodemailer transport
// with the same concurrency (no queue), once before and once after the queued run (their mean, so that a machine whose load
// drifts during the run does not tilt the ratio), and GET /api/health at the list's request rate, both while the worker
// delivers (alongside the list) and afterwards with the worker stopped.
import { randomBytes, randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { ensureFirstAdministrator } from '../server/auth';
import { loadConfig, type Config } from '../server/config';
import type { Database } from '../server/db';
import { mails } from '../server/db/schema';
import { createMailWorker } from '../server/mail';
import type { DeliveryOutcome } from '../server/mail/worker';
import { insertMail } from '../server/mail/queue';
import { TransportPools } from '../server/mail/transports';
import autocannon from 'autocannon';
import { envNumber, inParallel, printTable, recordGoal, times, type Measurement, withPglite, withPostgres } from './lib';

/** Enough for the delivery to outlast the list load on this machine (PostgreSQL, the faster, delivered 1,500–1,650 mails/s). */
const MAILS = envNumber(['BENCH_MAILS', 'MAIL_BENCH_MAILS'], 20_000);
const INSERT_CHUNK = 1_000;
/** The panel reloads a list every 60 s: 5 requests/s is some 300 users watching the queue at once. */
const LIST_LOAD = { durationSeconds: 10, connections: 2, requestsPerSecond: 5 };
const DELIVERY_TIME_LIMIT_MS = 10 * 60_000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

interface MailBenchResult {
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

/** An SMTP server that accepts and counts every mail, in a worker thread so it does not take the server's CPU. */
async function startSink(): Promise<{ port: number; received: () => Promise<number>; close: () => Promise<void> }> {
  const smtpServer = createRequire(import.meta.url).resolve('smtp-server');
  const worker = new Worker(
    `
    const { parentPort } = require('node:worker_threads');
    const { SMTPServer } = require(${JSON.stringify(smtpServer)});
    let received = 0;
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
      onData(stream, _session, callback) { stream.resume(); stream.on('end', () => { received += 1; callback(); }); },
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
    parentPort.on('message', (message) => {
      if (message === 'count') parentPort.postMessage({ received });
      if (message === 'close') server.close(() => parentPort.postMessage({ closed: true }));
    });`,
    { eval: true },
  );
  const next = <T>() => new Promise<T>((resolve) => worker.once('message', resolve));
  const { port } = await next<{ port: number }>();
  return {
    port,
    received: async () => {
      worker.postMessage('count');
      return (await next<{ received: number }>()).received;
    },
    close: async () => {
      worker.postMessage('close');
      await next();
      await worker.terminate();
    },
  };
}

/** The index-th benchmark mail, queued and sent straight alike. */
const benchMail = (index: number) => ({
  sender: 'office@caredesk.example',
  recipients: [`client-${index}@example.org`],
  cc: ['dispatch@caredesk.example'],
  subject: `Your care visit #${index}`,
  message: 'Dear client,\n\nyour caregiver will arrive on Monday at 9:00.\n\nKind regards,\nthe Caredesk office\n'.repeat(3),
});

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

/**
 * The mail baseline: the same mails sent straight to the sink by the worker's pooled nodemailer transport (TransportPools,
 * same settings), `concurrency` at a time, as the worker sends them but without the queue. Bounded by the delivery time limit.
 */
async function sendDirectly(sinkPort: number, mailConfig: Config['mail']): Promise<{ mailsPerSecond: number; cpuMsPerMail: number }> {
  const pools = new TransportPools({ maxConnections: mailConfig.concurrency, smtpTimeoutMs: mailConfig.smtpTimeoutMs, tlsVerify: mailConfig.tlsVerify });
  const route = {
    accountUid: 'bench',
    expression: null,
    provider: { uid: 'bench-sink', host: '127.0.0.1', port: sinkPort, security: 'none' as const },
    username: null,
    encryptedPassword: null,
    disabled: false,
  };
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const deadline = AbortSignal.timeout(DELIVERY_TIME_LIMIT_MS);
  // Every send in flight listens to it.
  setMaxListeners(mailConfig.concurrency + 10, deadline);
  let sent = 0;
  try {
    await inParallel(Array.from({ length: MAILS }, (_, index) => index), mailConfig.concurrency, async (index) => {
      if (deadline.aborted) return;
      const mail = benchMail(index);
      await pools.transporterFor(route, null).sendMail({
        from: mail.sender,
        to: mail.recipients,
        cc: mail.cc,
        subject: mail.subject,
        text: mail.message,
        date: new Date(),
        messageId: `<bench-direct-${index}@caredesk.example>`,
        signal: deadline,
      });
      sent += 1;
    });
  } finally {
    pools.closeAll();
  }
  return { mailsPerSecond: Math.round(sent / ((performance.now() - started) / 1000)), cpuMsPerMail: cpuMs(process.cpuUsage(cpuAtStart)) / sent };
}

const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

/**
 * CPU milliseconds used so far by the `postgres` processes of this machine (Linux /proc), or null where none can be read. Each process's
 * reaped children count too (cutime, cstime): a backend that ends meanwhile moves its time into the postmaster's, so the sum never falls
 * (it did without them, when the pool closed an idle connection during the run).
 */
function postgresCpuMs(): number | null {
  const ticksPerMs = 100 / 1000; // USER_HZ, 100 on Linux
  let total = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticksPerMs; // utime, stime, cutime, cstime
      found = true;
    } catch {
      // the process ended meanwhile
    }
  }
  return found ? total : null;
}

/** One URL at a fixed request rate (lib's measure() loads flat out, which would starve the worker of the one thread). */
async function measureAtListRate(name: string, url: string, token: string): Promise<Measurement> {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: LIST_LOAD.connections,
    overallRate: LIST_LOAD.requestsPerSecond,
    duration: LIST_LOAD.durationSeconds,
    // In a thread of its own, so that a request due while the server's thread is busy (PGlite runs there) is sent on time and waits.
    workers: 1,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Counts the worker's delivered outcomes as they happen: when the last of `total` was recorded, without a query. */
function deliveryClock(total: number) {
  let delivered = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    onOutcome(outcome: DeliveryOutcome) {
      if (outcome === 'delivered' && ++delivered === total) finish();
    },
    delivered: () => delivered,
    /** Resolves once all are delivered or after `limitMs`. */
    finished: (limitMs: number) => Promise.race([finished, new Promise<void>((resolve) => setTimeout(resolve, limitMs).unref())]),
  };
}

/** `db` counting each statement outside a transaction and each transaction as one commit (the worker's statements are all plain SQL or a transaction). */
function countingCommits(db: Database['db'], commits: { count: number }): Database['db'] {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if ((property !== 'execute' && property !== 'transaction') || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        commits.count += 1;
        return (value as (...callArgs: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const deliveredCount = (database: Database) => database.db.$count(mails, eq(mails.state, 'delivered'));

async function benchOn(database: Database): Promise<MailBenchResult> {
  const base = loadConfig({});
  // As a server would have it (MAIL_CONCURRENCY from the environment, else its default).
  const mailConfig = { ...loadConfig(process.env).mail, workerEnabled: true };
  const config: Config = { ...base, panelDir: path.join(tmpdir(), 'caredesk-bench-has-no-panel'), adminUsername: ADMIN.username, adminPassword: ADMIN.password };
  const masterSecret = randomBytes(32);
  const sink = await startSink();
  const app = await buildApp({ config, database, masterSecret });
  const commits = { count: 0 };
  const deliveries = deliveryClock(MAILS);
  const worker = createMailWorker({ db: countingCommits(database.db, commits), masterSecret, config: mailConfig, onOutcome: deliveries.onOutcome });
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
    await api(baseUrl, token, 'POST', '/api/mail/administration/accounts/', { expression: '@caredesk\\.example$', provider: { uid: provider.uid }, credentials: null });
    const directBefore = await sendDirectly(sink.port, mailConfig);
    const directlyReceived = await sink.received();
    await queueMails(database, MAILS);

    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    const databaseCpuAtStart = database.kind === 'postgres' ? postgresCpuMs() : null;
    worker.start();
    // The list and its baseline during the first seconds of delivery (BENCH_MAILS is large enough for it to last longer).
    let loadEnd = { seconds: 0, delivered: 0 };
    const loads = Promise.all([
      measureAtListRate('GET /api/mail/administration/queue/ (limit 1000)', `${baseUrl}/api/mail/administration/queue/`, token),
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
    const databaseCpuMsPerMail = databaseCpuAtStart === null || databaseCpuAtEnd === null ? null : (databaseCpuAtEnd - databaseCpuAtStart) / deliveredInTime;
    const [queueList, healthWhileDelivering] = await loads;
    const underLoad = loadEnd.delivered < deliveries.delivered() ? loadEnd : { seconds, delivered: deliveries.delivered() };
    const delivered = await deliveredCount(database);
    await worker.stop();
    // The list's baseline: the cheapest round trip through the same app and database (one ping), at the same rate, the worker stopped.
    const health = await measureAtListRate('GET /api/health', `${baseUrl}/api/health`, token);
    const received = (await sink.received()) - directlyReceived;
    if (received < delivered) throw new Error(`the sink received ${received} mails, but ${delivered} are marked delivered`);
    const directAfter = await sendDirectly(sink.port, mailConfig);
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

function print(results: MailBenchResult[]) {
  printTable(
    `Mail delivery to a local SMTP sink (${MAILS} mails; meanwhile the queue list and GET /api/health, each at ${LIST_LOAD.requestsPerSecond} req/s, for the first ${LIST_LOAD.durationSeconds} s)`,
    ['database', 'concurrency', 'delivered', 'seconds', 'mails/s', 'vs. direct', 'under list load', 'vs. direct', 'list p99 ms', 'vs. health p99'],
    results.map((result) => [
      result.database,
      String(result.concurrency),
      String(result.delivered),
      result.seconds.toFixed(1),
      String(result.mailsPerSecond),
      times(result.mailsPerSecond, result.directMailsPerSecond),
      String(result.mailsPerSecondUnderListLoad),
      times(result.mailsPerSecondUnderListLoad, result.directMailsPerSecond),
      result.queueList.p99Ms.toFixed(1),
      times(result.queueList.p99Ms, result.healthWhileDelivering.p99Ms),
    ]),
  );
  printTable(
    `Mail baselines, same run: the same ${MAILS} mails sent straight to the sink (pooled nodemailer, same concurrency, no queue) before and after; GET /api/health at ${LIST_LOAD.requestsPerSecond} req/s while delivering and after`,
    ['database', 'direct mails/s (before, after)', 'health p99 ms while delivering', 'after', 'list p99 vs. health after', 'worker commits per mail', 'CPU ms per mail: queued, direct', 'vs. direct', 'database server CPU ms per mail'],
    results.map((result) => [
      result.database,
      `${result.directMailsPerSecond} (${result.directBefore}, ${result.directAfter})`,
      result.healthWhileDelivering.p99Ms.toFixed(1),
      result.health.p99Ms.toFixed(1),
      times(result.queueList.p99Ms, result.health.p99Ms),
      result.commitsPerMail.toFixed(2),
      `${result.cpuMsPerMail.toFixed(2)}, ${result.directCpuMsPerMail.toFixed(2)}`,
      times(result.cpuMsPerMail, result.directCpuMsPerMail),
      result.databaseCpuMsPerMail === null ? 'n/a' : result.databaseCpuMsPerMail.toFixed(2),
    ]),
  );
  const failures = (result: MailBenchResult) => result.queueList.failures + result.healthWhileDelivering.failures + result.health.failures;
  for (const result of results.filter((figures) => figures.delivered < figures.mails || failures(figures) > 0)) {
    console.log(`WARNING (${result.database}): ${result.delivered}/${result.mails} delivered, ${failures(result)} failed requests; not valid figures.`);
  }
}

/** Issue 12 §6: throughput against sending directly, and the queue list's p99 against the health route's while delivering. */
function recordGoals(results: MailBenchResult[]) {
  const throughputGoal = { pglite: 0.5, postgres: 0.8 };
  for (const result of results) {
    const valid = result.delivered === result.mails;
    const ratio = result.mailsPerSecond / result.directMailsPerSecond;
    recordGoal({
      section: 'mail',
      goal: `delivery ≥ ${throughputGoal[result.database]}× direct (${result.database}, concurrency ${result.concurrency})`,
      measured: times(result.mailsPerSecond, result.directMailsPerSecond),
      pass: valid && ratio >= throughputGoal[result.database],
    });
    recordGoal({
      section: 'mail',
      goal: `queue list p99 while delivering ≤ 3× health p99 (${result.database})`,
      measured: `${times(result.queueList.p99Ms, result.healthWhileDelivering.p99Ms)} (${times(result.queueList.p99Ms, result.health.p99Ms)} of health after)`,
      pass: valid && result.queueList.failures === 0 && result.queueList.p99Ms <= 3 * result.healthWhileDelivering.p99Ms,
    });
  }
}

/** Runs the benchmark on PGlite (unless BENCH_MAIL_DATABASES=postgres) and, when a PostgreSQL URL is set, on PostgreSQL; prints and returns the figures. */
export async function runMailBench(): Promise<MailBenchResult[]> {
  const results: MailBenchResult[] = [];
  if (process.env.BENCH_MAIL_DATABASES !== 'postgres') results.push(await withPglite(benchOn));
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) results.push(await withPostgres(postgresUrl, benchOn));
  print(results);
  recordGoals(results);
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runMailBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
