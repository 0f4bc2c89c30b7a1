import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';

/** A periodic job of the server (retention and the like): returns how many rows it removed or changed. */
export interface HousekeepingJob {
  name: string;
  run(db: Db, now: Date): Promise<number>;
  /** Runs outside a transaction and without the lock (VACUUM cannot run in one); only for jobs of a single-process database or of the local disk. */
  outsideTransaction?: boolean;
}

/**
 * PGlite has no autovacuum: without VACUUM its visibility map stays empty, so index-only scans (narrow-index paging, capped
 * counts) fetch every heap row, and dead rows of updates and deletions are never reclaimed. PostgreSQL vacuums on its own.
 */
export const vacuumJob: HousekeepingJob = {
  name: 'vacuum',
  outsideTransaction: true,
  async run(db) {
    await db.execute(sql`vacuum (analyze)`);
    return 0;
  },
};

/**
 * Runs one job in a transaction that holds a transaction-level advisory lock named after the job, so that of several
 * processes sharing a PostgreSQL database only one runs it at a time; the others skip it (returns undefined).
 */
export async function runExclusively(db: Db, job: HousekeepingJob, now = new Date()): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const lockName = `caredesk:housekeeping:${job.name}`;
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext(${lockName})) as locked`,
    );
    if (!result.rows[0]?.locked) return undefined;
    return job.run(tx, now);
  });
}

export interface Housekeeping {
  /** Runs every job once now (tests, and the first run at start). */
  runOnce(now?: Date): Promise<Record<string, number | undefined>>;
  start(): void;
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/** Runs the jobs at start and then every `intervalMs`; a failing job is logged and tried again next time. */
export function createHousekeeping({
  db,
  jobs,
  intervalMs,
  log,
}: {
  db: Db;
  jobs: HousekeepingJob[];
  intervalMs: number;
  log?: FastifyBaseLogger;
}): Housekeeping {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const runInTurn = () => (running = running.then(() => runOnce()));
  async function runOnce(now = new Date()) {
    const results: Record<string, number | undefined> = {};
    for (const job of jobs) {
      try {
        results[job.name] = job.outsideTransaction ? await job.run(db, now) : await runExclusively(db, job, now);
        if (results[job.name]) log?.info({ job: job.name, rows: results[job.name] }, 'housekeeping');
      } catch (error) {
        log?.error({ err: error, job: job.name }, 'housekeeping job failed');
      }
    }
    return results;
  }
  return {
    runOnce,
    start() {
      if (timer) return;
      void runInTurn();
      timer = setInterval(() => void runInTurn(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
