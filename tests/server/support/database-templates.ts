import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../../../server/db';

/**
 * Migrated databases to start every test from: running all migrations costs seconds per database, copying a migrated one a
 * fraction of that. Each template is named after a hash of the migrations and the PGlite version, so a changed migration
 * builds a new one. Built once per run by tests/server/support/global-setup.ts, and on first use when a single file runs.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cacheFolder = path.join(root, 'node_modules', '.cache', 'caredesk-test-databases');

let fingerprint: string | undefined;
function migrationsFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  hash.update(
    JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version,
  );
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
      )
      .sort();
  for (const file of files(migrationsFolder))
    hash.update(path.relative(migrationsFolder, file)).update(readFileSync(file));
  fingerprint = hash.digest('hex').slice(0, 12);
  return fingerprint;
}

const pgliteFolder = () => path.join(cacheFolder, `pglite-${migrationsFingerprint()}`);
const pgliteDumpFile = () => `${pgliteFolder()}.tar`;

/** A migrated PGlite data folder and its tar dump, built when missing (into a temporary name, then renamed: runs side by side may both build). */
export async function ensurePgliteTemplate(): Promise<void> {
  if (existsSync(pgliteDumpFile())) return;
  mkdirSync(cacheFolder, { recursive: true });
  const building = `${pgliteFolder()}.building-${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ pgliteDir: building });
  const dump = await (
    database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await database.close();
  writeFileSync(`${building}.tar`, Buffer.from(await dump.arrayBuffer()));
  for (const stale of readdirSync(cacheFolder).filter(
    (name) => name.startsWith('pglite-') && !name.includes(migrationsFingerprint()),
  )) {
    rmSync(path.join(cacheFolder, stale), { recursive: true, force: true });
  }
  if (existsSync(pgliteFolder())) rmSync(building, { recursive: true, force: true });
  else renameSync(building, pgliteFolder());
  renameSync(`${building}.tar`, pgliteDumpFile());
}

let dump: Promise<Blob> | undefined;
/** The migrated PGlite as a dump for an in-memory database (PGlite's loadDataDir), read once per worker: a Blob does not change. */
export function pgliteTemplateDump(): Promise<Blob> {
  dump ??= ensurePgliteTemplate().then(() => new Blob([readFileSync(pgliteDumpFile())]));
  return dump;
}

/** Copies the migrated PGlite folder to `pgliteDir` (a server process's DATA_DIR/pglite). */
export async function copyPgliteTemplate(pgliteDir: string): Promise<void> {
  await ensurePgliteTemplate();
  cpSync(pgliteFolder(), pgliteDir, { recursive: true });
}

const TEMPLATE_LOCK = 7_428_120;

const postgresTemplates = new Map<string, Promise<string>>();
/**
 * The name of a migrated PostgreSQL database on the server of `adminUrl` to create test databases from, built when missing;
 * looked up once per worker and server.
 */
export function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  let template = postgresTemplates.get(adminUrl);
  if (!template) postgresTemplates.set(adminUrl, (template = lookUpPostgresTemplate(adminUrl)));
  return template;
}

async function lookUpPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `caredesk_template_${migrationsFingerprint()}`;
  await withClient(adminUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [template]);
      if (exists.rowCount) return;
      const stale = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like 'caredesk\\_template\\_%'",
      );
      for (const { datname } of stale.rows) await client.query(`drop database if exists ${datname} with (force)`);
      const building = `caredesk_tbuild_${randomBytes(6).toString('hex')}`;
      await client.query(`create database ${building}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), poolSize: 1 });
      await database.close();
      await client.query(`alter database ${building} rename to ${template}`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
