import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { emptyDatabase, MIGRATIONS, migrationsFolderOf } from '../support/migrations';

/** The migration that brought the two ways of keeping counts together keeps every count an installation had. */

const BEFORE_KEPT_COUNTS = ['0000_init', '0001_mail_refused_recipients'];

const BEFORE_FILE_BYTES = [...BEFORE_KEPT_COUNTS, '0002_kept_counts', '0003_trust', '0004_mail_log'];

/** A copy of the migrations folder holding only the given migrations (by default those before the kept-counts migration). */
const migrationsBeforeKeptCounts = (tags = BEFORE_KEPT_COUNTS) => migrationsFolderOf(tags);

test('file counts and the care-request statistics become kept counts', async () => {
  const before = migrationsBeforeKeptCounts();
  const database = await emptyDatabase();
  try {
    await database.migrate(before);
    await database.execute(
      sql`insert into file_counts (key, count) values ('all', 20), ('kind:Customer', 7), ('kind:Caregiver', 0)`,
    );
    await database.execute(
      sql`insert into care_request_statistics (id, request_count, archived_count) values (1, 46, 3)`,
    );

    await database.migrate(MIGRATIONS);

    const { rows } = await database.execute(sql`select key, count::int as count from kept_counts order by key`);
    expect(rows).toEqual([
      { key: 'care-requests', count: 46 },
      { key: 'care-requests:archived', count: 3 },
      { key: 'files', count: 20 },
      { key: 'files:kind:Caregiver', count: 0 },
      { key: 'files:kind:Customer', count: 7 },
      { key: 'mails', count: 0 },
      { key: 'users', count: 0 },
    ]);
    const { rows: oldTables } = await database.execute(
      sql`select to_regclass('file_counts') as files, to_regclass('care_request_statistics') as care`,
    );
    expect(oldTables).toEqual([{ files: null, care: null }]);
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
}, 120_000);

test('an installation without counts gets none but the counts of mails (0009) and users (0010), which start at zero', async () => {
  const database = await emptyDatabase();
  try {
    await database.migrate(MIGRATIONS);
    expect((await database.execute(sql`select key, count::int as count from kept_counts order by key`)).rows).toEqual([
      { key: 'mails', count: 0 },
      { key: 'users', count: 0 },
    ]);
  } finally {
    await database.close();
  }
}, 120_000);

test('the kept total size of files starts at the sum of the files stored before it', async () => {
  const before = migrationsBeforeKeptCounts(BEFORE_FILE_BYTES);
  const database = await emptyDatabase();
  try {
    await database.migrate(before);
    await database.execute(sql`
      insert into files (uid, name, description, content_type, size, md5_hash, storage_key)
      values (gen_random_uuid(), 'a', '', 'text/csv', 1000, 'x', 'a'), (gen_random_uuid(), 'b', '', 'text/csv', 2500, 'y', 'b')`);

    await database.migrate(MIGRATIONS);

    const { rows } = await database.execute(sql`select count::int as count from kept_counts where key = 'files:bytes'`);
    expect(rows).toEqual([{ count: 3500 }]);
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
}, 120_000);

test('the mail log: mails stored before 0009 are counted and get their search tokens (kept in mail_search from 0013); later ones are counted as they come and go', async () => {
  const before = migrationsBeforeKeptCounts([
    '0000_init',
    '0001_mail_refused_recipients',
    '0002_kept_counts',
    '0003_trust',
    '0004_mail_log',
    '0005_mail-log-search',
    '0006_users_list',
    '0007_care_statistics_index',
    '0008_file_bytes_kept',
  ]);
  const database = await emptyDatabase();
  try {
    await database.migrate(before);
    await database.execute(sql`
      insert into mails (reference_uid, sender, recipients, cc, subject, message, message_id, search_text)
      values ('00000000-0000-4000-8000-000000000001', 'Office@Caredesk.example', array['Anna@Example.org'], array['b@example.org'], 'Visit 12', 'm',
              '<00000000-0000-4000-8000-000000000001@Caredesk.example>', 'office@caredesk.example' || E'\n' || 'anna@example.org' || E'\n' || 'b@example.org' || E'\n' || 'visit 12' || E'\n' || '<00000000-0000-4000-8000-000000000001@caredesk.example>'),
             (gen_random_uuid(), 'a@b.example', array['c@d.example'], '{}', 's', 'm', null, 'a@b.example')`);

    await database.migrate(MIGRATIONS);

    const count = async () =>
      (await database.execute(sql`select count::int as count from kept_counts where key = 'mails'`)).rows;
    expect(await count()).toEqual([{ count: 2 }]);
    const { rows } = await database.execute(
      sql`select search_tokens from mail_search join mails on reference_uid = mail_uid where sender = 'Office@Caredesk.example'`,
    );
    expect([...(rows[0] as { search_tokens: string[] }).search_tokens].sort()).toEqual(
      [
        '00000000-0000-4000-8000-000000000001@caredesk.example',
        '00000000',
        '0000',
        '4000',
        '8000',
        '000000000001',
        'office@caredesk.example',
        'anna@example.org',
        'b@example.org',
        'office',
        'caredesk',
        'example',
        'anna',
        'org',
        'b',
        'visit',
        '12',
      ].sort(),
    );
    await database.execute(
      sql`insert into mails (sender, recipients, cc, subject, message) select 'a@b.example', array['c@d.example'], '{}', 's', 'm' from generate_series(1, 5)`,
    );
    await database.execute(sql`delete from mails where sender = 'Office@Caredesk.example'`);
    expect(await count()).toEqual([{ count: 6 }]);
    expect((await database.execute(sql`select search_text from mail_search`)).rows).toEqual([
      { search_text: 'a@b.example' },
    ]);
    await database.execute(sql`truncate mails cascade`);
    expect(await count()).toEqual([{ count: 0 }]);
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
}, 120_000);

test('the file search words: files stored before 0011 have their words kept, and a query is narrowed by them', async () => {
  const before = migrationsBeforeKeptCounts(
    JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'))
      .entries.map((entry: { tag: string }) => entry.tag)
      .filter((tag: string) => tag < '0011'),
  );
  const database = await emptyDatabase();
  try {
    await database.migrate(before);
    await database.execute(sql`
      insert into files (uid, name, description, content_type, size, md5_hash, storage_key, reference_values)
      values (gen_random_uuid(), 'Invoice 4711.pdf', 'For Customer 4711', 'text/csv', 1, 'x', 'a', 'R-4711')`);

    await database.migrate(MIGRATIONS);

    const { rows } = await database.execute(sql`select word from file_search_words order by word`);
    expect(rows.map((row) => (row as { word: string }).word)).toEqual([
      '4711',
      'customer',
      'for',
      'invoice',
      'pdf',
      'r',
    ]);
    const narrowed = await database.execute(sql`select file_search_query('stomer 47')::text as words`);
    expect(narrowed.rows).toEqual([{ words: `'customer' & '4711'` }]);
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
}, 120_000);
