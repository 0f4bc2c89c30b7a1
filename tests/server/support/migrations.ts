import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** What the tests of migrations share: an empty database of the run's kind, and a migrations folder that stops early. */

export const MIGRATIONS = fileURLToPath(new URL('../../../server/db/migrations', import.meta.url));

const journalOf = () =>
  JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };

/** The tags of every migration before the one named (its tag without the number is enough: `second-factor-for-contact-data`). */
export const migrationsBefore = (name: string): string[] => {
  const tags = journalOf().entries.map((entry) => entry.tag);
  const index = tags.findIndex((tag) => tag.endsWith(name));
  if (index < 0) throw new Error(`no migration ${name}`);
  return tags.slice(0, index);
};

/** A copy of the migrations folder holding only the given migrations; the caller removes it. */
export function migrationsFolderOf(tags: string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'caredesk-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  for (const tag of tags) cpSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  const journal = journalOf();
  journal.entries = journal.entries.filter((entry) => tags.includes(entry.tag));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

export interface MigratedDatabase {
  execute(query: ReturnType<typeof sql>): Promise<{ rows: unknown[] }>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database: an in-memory PGlite, or a new database on TEST_DATABASE_URL's server (dropped by close). */
export async function emptyDatabase(): Promise<MigratedDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      execute: (query) => db.execute(query),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `caredesk_m_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    execute: (query) => db.execute(query),
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
