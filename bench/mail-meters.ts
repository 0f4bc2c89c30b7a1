// What the mail benchmark measures besides its mails/s: CPU time (this process's, the PostgreSQL server's), the lists' latency at a
// fixed request rate, when the last delivery happened, and the worker's commits.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Database } from '../server/db';
import type { DeliveryOutcome } from '../server/mail/worker';
import type { Measurement } from './lib';

/** The panel reloads a list every 60 s: 5 requests/s is some 300 users watching the queue at once. */
export const LIST_LOAD = { durationSeconds: 10, connections: 2, requestsPerSecond: 5 };

export const cpuMs = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1000;

/**
 * CPU milliseconds used so far by the `postgres` processes of this machine (Linux /proc), or null where none can be read. Each process's
 * reaped children count too (cutime, cstime): a backend that ends meanwhile (the pool closing an idle connection) moves its time into the
 * postmaster's, and without them the sum would fall.
 */
export function postgresCpuMs(): number | null {
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
export async function measureAtListRate(name: string, url: string, token: string): Promise<Measurement> {
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
    requests: result.requests.total,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Counts the worker's delivered outcomes as they happen: when the last of `total` was recorded, without a query. */
export function deliveryClock(total: number) {
  let delivered = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    onOutcome: (outcome: DeliveryOutcome) => {
      if (outcome === 'delivered' && ++delivered === total) finish();
    },
    delivered: () => delivered,
    /** Resolves once all are delivered or after `limitMs`. */
    finished: (limitMs: number) =>
      Promise.race([finished, new Promise<void>((resolve) => setTimeout(resolve, limitMs).unref())]),
  };
}

/** `db` counting each statement outside a transaction and each transaction as one commit (the worker's statements are all plain SQL or a transaction). */
export function countingCommits(db: Database['db'], commits: { count: number }): Database['db'] {
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
