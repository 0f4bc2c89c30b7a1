import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { recordAudit, type AuditEvent } from '../shared/audit';

/** Keys held at once; beyond, the oldest are written at once (an attack over many addresses cannot grow the map). */
const MOST_KEYS = 10_000;

interface Pending {
  event: AuditEvent;
  attempts: number;
  firstAt: Date;
  lastAt: Date;
  retryAfter: number;
}

export interface ThrottledAudit {
  /** Counts a refused attempt under its throttle key (username and address); one event per key is written with the count. */
  refused(key: string, event: AuditEvent, retryAfter: number): void;
  /** Writes every held count now (at close). */
  flush(): Promise<void>;
}

/**
 * Sign-in attempts refused by the throttle come in bursts (a script retrying a locked account): one audit event per key and
 * `flushAfterMs` (a minute by default), with the number of attempts, the first and the last, says as much as one per attempt
 * without letting a script write the trail full. Counts are held in this process until then, and written at close.
 */
export function createThrottledAudit(db: Db, flushAfterMs: number, log?: FastifyBaseLogger): ThrottledAudit {
  const pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;

  const write = async (held: Pending) => {
    const changes = {
      ...held.event.changes,
      attempts: held.attempts,
      first_at: held.firstAt.toISOString(),
      last_at: held.lastAt.toISOString(),
      retry_after: held.retryAfter,
    };
    await recordAudit(db, { ...held.event, changes }).catch((error: unknown) =>
      log?.error({ err: error }, 'recording throttled sign-ins failed'),
    );
  };

  async function writeDue(all: boolean) {
    const due = Date.now() - flushAfterMs;
    const written: Promise<void>[] = [];
    for (const [key, held] of pending) {
      if (!all && held.firstAt.getTime() > due) continue;
      pending.delete(key);
      written.push(write(held));
    }
    if (pending.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
    await Promise.all(written);
  }

  return {
    refused(key, event, retryAfter) {
      const now = new Date();
      const held = pending.get(key);
      if (held) {
        held.attempts += 1;
        held.lastAt = now;
        held.retryAfter = retryAfter;
        return;
      }
      if (pending.size >= MOST_KEYS) {
        const [oldestKey, oldest] = pending.entries().next().value as [string, Pending];
        pending.delete(oldestKey);
        void write(oldest);
      }
      pending.set(key, { event, attempts: 1, firstAt: now, lastAt: now, retryAfter });
      timer ??= setInterval(() => void writeDue(false), flushAfterMs / 4).unref();
    },
    flush: () => writeDue(true),
  };
}
