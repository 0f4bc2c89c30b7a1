// The mail benchmark: delivery throughput (mails/s) of BENCH_MAILS (or MAIL_BENCH_MAILS; 20,000) queued mails to a local SMTP sink,
// with the queue list endpoint's latency measured by autocannon while the worker delivers (mail-delivery.ts); on PGlite and, with
// BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL. Every wait is bounded. Run alone with `npx tsx bench/mail.ts`.
// Baselines of the same run: the same mails sent straight to the sink through the worker's pooled nodemailer transport
// with the same concurrency (no queue, mail-sink.ts), once before and once after the queued run (their mean, so that a machine whose
// load drifts during the run does not tilt the ratio), and GET /api/health at the list's request rate, both while the worker
// delivers (alongside the list) and afterwards with the worker stopped.
import { fileURLToPath } from 'node:url';
import { printTable, recordGoal, times, withPglite, withPostgres } from './lib';
import { benchDeliveryOn, MAILS, type MailBenchResult } from './mail-delivery';
import { LIST_LOAD } from './mail-meters';

function print(results: MailBenchResult[]) {
  printTable(
    `Mail delivery to a local SMTP sink (${MAILS} mails; meanwhile the queue list and GET /api/health, each at ${LIST_LOAD.requestsPerSecond} req/s, for the first ${LIST_LOAD.durationSeconds} s)`,
    [
      'database',
      'concurrency',
      'delivered',
      'seconds',
      'mails/s',
      'vs. direct',
      'under list load',
      'vs. direct',
      'list p99 ms',
      'vs. health p99',
    ],
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
    [
      'database',
      'direct mails/s (before, after)',
      'health p99 ms while delivering',
      'after',
      'list p99 vs. health after',
      'worker commits per mail',
      'CPU ms per mail: queued, direct',
      'vs. direct',
      'database server CPU ms per mail',
    ],
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
  const failures = (result: MailBenchResult) =>
    result.queueList.failures + result.healthWhileDelivering.failures + result.health.failures;
  for (const result of results.filter((figures) => figures.delivered < figures.mails || failures(figures) > 0)) {
    console.log(
      `WARNING (${result.database}): ${result.delivered}/${result.mails} delivered, ${failures(result)} failed requests; not valid figures.`,
    );
  }
}

/** Throughput against sending directly, and the queue list's p99 against the health route's while delivering. */
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
      pass:
        valid && result.queueList.failures === 0 && result.queueList.p99Ms <= 3 * result.healthWhileDelivering.p99Ms,
    });
  }
}

/** Runs the benchmark on PGlite (unless BENCH_MAIL_DATABASES=postgres) and, when a PostgreSQL URL is set, on PostgreSQL; prints and returns the figures. */
export async function runMailBench(): Promise<MailBenchResult[]> {
  const results: MailBenchResult[] = [];
  if (process.env.BENCH_MAIL_DATABASES !== 'postgres') results.push(await withPglite(benchDeliveryOn));
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) results.push(await withPostgres(postgresUrl, benchDeliveryOn));
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
