import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';

const KEY_PREFIX = 'intake:';
/** One increment in this many also removes counters whose window ended long ago. */
const CLEAN_UP_EVERY = 200;

/**
 * A store for @fastify/rate-limit on the database's `throttle_counters` table (keys `intake:<address>`), so that the intake's
 * limit holds across every server process sharing one PostgreSQL database. A fixed window per key, like the plugin's own
 * in-memory store: the first request opens it, and the count starts over once it has passed. One upsert per request,
 * atomic under concurrency.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      increment(db, `${KEY_PREFIX}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}

async function increment(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const window = sql`(${windowMs}::int * interval '1 millisecond')`;
  const result = (await db.execute(sql`
    insert into throttle_counters as counter (key, failures, window_start, last_failure_at) values (${key}, 1, now(), now())
    on conflict (key) do update set
      failures = case when counter.window_start + ${window} <= now() then 1 else counter.failures + 1 end,
      window_start = case when counter.window_start + ${window} <= now() then now() else counter.window_start end,
      last_failure_at = now()
    returning failures as current, ceil(extract(epoch from counter.window_start + ${window} - now()) * 1000)::int as ttl
  `)) as { rows: { current: number; ttl: number }[] };
  if (Math.random() < 1 / CLEAN_UP_EVERY) {
    await db.execute(
      sql`delete from throttle_counters where key like ${`${KEY_PREFIX}%`} and window_start + ${window} < now() - interval '1 minute'`,
    );
  }
  const [row] = result.rows;
  return { current: Number(row.current), ttl: Math.max(0, Number(row.ttl)) };
}
