import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenOn, type ListenHandlers, type Listening } from './listener';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for its figures (metrics); absent for PGlite. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** PostgreSQL's LISTEN on a dedicated connection (server/db/listener.ts); absent for PGlite, which serves one process. */
  listen?(channel: string, handlers: ListenHandlers): Listening;
  /** Reports whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Next to this module: server/db/migrations, or dist-server/migrations in the compiled server (scripts/build-server.mjs). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: serialises migrations of several processes sharing one PostgreSQL database. */
const MIGRATION_LOCK = 7_428_113;

interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's folder; undefined keeps PGlite in memory (tests). */
  pgliteDir?: string;
  /** An in-memory PGlite starts from this dump of a data folder (PGlite's dumpDataDir): tests start from a migrated one. */
  pgliteDump?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl, options.poolSize ?? 10) : await openPglite(options.pgliteDir, options.pgliteDump);
  return database;
}

async function openPglite(dir: string | undefined, dump: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const extensions = { pg_trgm }; // the file search's trigram indexes
  const client = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions, loadDataDir: dump });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // a dropped idle connection is replaced on next use
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  const listenings = new Set<Listening>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pool,
    listen(channel, handlers) {
      const listening = listenOn(url, channel, handlers);
      listenings.add(listening);
      return listening;
    },
    ping: () => ping(db as unknown as Db),
    close: async () => {
      await Promise.all([...listenings].map((listening) => listening.stop()));
      await pool.end();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
