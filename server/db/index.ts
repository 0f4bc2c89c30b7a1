import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenOn, type ListenHandlers, type Listening } from './listener';
import * as schema from './schema';

/** What `execute` answers on either driver: PGlite's Results and node-postgres's QueryResult both carry the rows. */
interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: Rows<this['row']>;
}
interface Rows<T> {
  rows: T[];
}

/**
 * What queries run on: the database, or a transaction in it (a transaction is a database to the queries it runs). Every store
 * function takes one, so a caller passes the database or the transaction it is in.
 */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** What a function whose locks or writes must belong to its caller's transaction takes. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, for its figures (metrics); absent for PGlite. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** PostgreSQL's LISTEN on a dedicated connection (server/db/listener.ts); absent for PGlite, which serves one process. */
  listen?(channel: string, handlers: ListenHandlers): Listening;
  /** PGlite's LISTEN, inside the one process that holds it (notifications of a transaction arrive after its commit); absent for PostgreSQL. */
  listenInProcess?(channel: string, handlers: ListenHandlers): Listening;
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
  /** PostgreSQL: the longest a statement (or a lock wait) may take, and a reply may be awaited, before its request fails with 503. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest a new connection, or a request's wait for a pooled one, may take. */
  connectTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** The server cancels a statement at its time-out; the client gives up this much later, when no answer arrives at all. */
const READ_TIMEOUT_MARGIN_MS = 1_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (!options.databaseUrl) return openPglite(options.pgliteDir, options.pgliteDump);
  return openPostgres(options.databaseUrl, {
    poolSize: options.poolSize ?? 10,
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  });
}

async function openPglite(dir: string | undefined, dump: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const extensions = { pg_trgm }; // the file search's trigram indexes
  const client = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions, loadDataDir: dump });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    listenInProcess: (channel, handlers) => listenInPglite(client, channel, handlers),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

function listenInPglite(client: PGlite, channel: string, handlers: ListenHandlers): Listening {
  const unsubscribe = client.listen(channel, handlers.message).then((stop) => {
    handlers.listening();
    return stop;
  });
  return { started: unsubscribe.then(() => undefined), stop: async () => (await unsubscribe)() };
}

interface PostgresOptions {
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/** Migrates over a connection of its own, without the statement time-out: an index build or another process's lock may take longer. */
async function migratePostgres(url: string, connectTimeoutMs: number) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => undefined); // reported by the statement that fails
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined); // ends the session, and with it the advisory lock
  }
}

/**
 * Every client of the pool listens for errors for its whole life: a connection that breaks while a request holds it (in a
 * transaction, between statements) would otherwise throw from the socket and end the process. The broken client fails the
 * statements of the request that holds it and is dropped when released. A reply that never comes (the network stalls) ends
 * its connection too, so that the next request does not queue behind it.
 */
function guardPooledClient(client: pg.PoolClient) {
  client.on('error', () => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = function guardedQuery(...args: unknown[]) {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if ((error as Error)?.message === READ_TIMEOUT_MESSAGE)
          (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
    }
    return result;
  } as typeof client.query;
}

/**
 * drizzle's transaction on a pool sends BEGIN before the try/finally that releases its client: a BEGIN that fails (the connection
 * broke) leaves the client checked out for good, and a few such failures exhaust the pool. Transactions here check their client
 * out and release it themselves, whatever fails.
 */
function releaseTransactionClients(db: Db, pool: pg.Pool) {
  const { dialect, session: poolSession } = db as unknown as {
    dialect: never;
    session: { schema: never; options: never };
  };
  db.transaction = async (transaction, config) => {
    const client = await pool.connect();
    try {
      const session = new NodePgSession(client, dialect, poolSession.schema, poolSession.options);
      return await session.transaction(transaction as never, config);
    } finally {
      client.release();
    }
  };
}

/** node-postgres's error when query_timeout passes without an answer. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

async function openPostgres(
  url: string,
  { poolSize, statementTimeoutMs, connectTimeoutMs }: PostgresOptions,
): Promise<Database> {
  await migratePostgres(url, connectTimeoutMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    lock_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
    keepAlive: true,
  });
  pool.on('error', () => undefined); // an idle connection that drops is replaced on next use
  pool.on('connect', guardPooledClient);
  const db = drizzlePg(pool, { schema });
  releaseTransactionClients(db, pool);
  const listenings = new Set<Listening>();
  return {
    db,
    kind: 'postgres',
    pool,
    listen(channel, handlers) {
      const listening = listenOn(url, channel, handlers);
      listenings.add(listening);
      return listening;
    },
    ping: () => ping(db),
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
