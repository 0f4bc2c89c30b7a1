import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder, type Database } from './db';
import type { BlobStorage } from './storage';

/** Readiness checks added after the app is built (the mail worker's, by server/main.ts): each says whether its part works. */
export type ReadinessChecks = Map<string, () => boolean | Promise<boolean>>;

declare module 'fastify' {
  interface FastifyInstance {
    readinessChecks: ReadinessChecks;
  }
}

const journal = path.join(migrationsFolder, 'meta', '_journal.json');
const MIGRATIONS = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;

async function migrationsApplied(database: Database): Promise<boolean> {
  const result = await database.db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.applied ?? 0) >= MIGRATIONS;
}

/** Writes, reads back and removes a small blob under a fresh key. */
async function storageWritable(storage: BlobStorage): Promise<boolean> {
  const key = randomUUID();
  try {
    await storage.put(key, Readable.from([Buffer.from('ready')]));
    return await storage.has(key);
  } finally {
    await storage.remove(key).catch(() => undefined);
  }
}

/** How long a health check may take: less than the 2 s a load balancer's probe is usually given. */
const CHECK_TIMEOUT_MS = 1_500;

/** Whether a check passes within CHECK_TIMEOUT_MS: a database that does not answer makes readiness say 503 at once, not after minutes. */
async function passes(check: () => boolean | Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([Promise.resolve().then(check), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/api/health` (the database), `/api/health/live` (the process answers) and `/api/health/ready` (database reachable,
 * migrations applied, file storage writable, and every added check, such as the mail worker running): 200 or 503 with each check named.
 */
export function healthRoutes(
  app: FastifyInstance,
  { database, storage }: { database: Database; storage: BlobStorage },
) {
  const schema = (summary: string, description: string) => ({ tags: ['health'], summary, description });
  app.decorate('readinessChecks', new Map() as ReadinessChecks);

  const health = schema(
    'The database',
    '200 {"status": "ok", "database": {"kind": "pglite" | "postgres", "reachable": true}}; 503 with status "unavailable" and ' +
      'reachable false when the database does not answer within 1.5 s. No sign-in.',
  );
  app.get('/api/health', { schema: health }, async (_request, reply) => {
    const databaseUp = await passes(() => database.ping());
    reply.code(databaseUp ? 200 : 503);
    return { status: databaseUp ? 'ok' : 'unavailable', database: { kind: database.kind, reachable: databaseUp } };
  });

  const live = schema('Liveness', '200 {"status": "ok"} while the process answers. No sign-in.');
  app.get('/api/health/live', { schema: live }, () => ({ status: 'ok' }));

  const ready = schema(
    'Readiness',
    '200 {"status": "ready", "checks": {"database": "ok", "migrations": "ok", "storage": "ok", "mailWorker": "ok"}}, or 503 with status ' +
      '"not ready" and the failing checks: the database reachable, every migration applied, a probe blob written to and removed from the ' +
      'file storage, the delivery worker running where MAIL_WORKER is on. Each check has 1.5 s. No sign-in.',
  );
  app.get('/api/health/ready', { schema: ready }, async (_request, reply) => {
    const checks: [string, () => boolean | Promise<boolean>][] = [
      ['database', () => database.ping()],
      ['migrations', () => migrationsApplied(database)],
      ['storage', () => storageWritable(storage)],
      ...app.readinessChecks,
    ];
    const results = Object.fromEntries(
      await Promise.all(checks.map(async ([name, check]) => [name, (await passes(check)) ? 'ok' : 'failing'] as const)),
    );
    const ready = Object.values(results).every((result) => result === 'ok');
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks: results };
  });
}
