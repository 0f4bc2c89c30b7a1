import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  emptyDatabase,
  MIGRATIONS,
  migrationsBefore,
  migrationsFolderOf,
  type MigratedDatabase,
} from '../support/migrations';

/**
 * Migration 0018: every role granting care:contact (customers' contact and health data) requires a second factor, unless an
 * administrator has set that role's switch already; the grace period of the users it newly concerns starts with the upgrade.
 */

const LONG_AGO = '2026-01-01T00:00:00Z';

/** A database migrated up to 0018, given rows, then upgraded; answers the roles' switches and the users' grace starts. */
async function upgraded(rows: (database: MigratedDatabase) => Promise<void>) {
  const before = migrationsFolderOf(migrationsBefore('second-factor-for-contact-data'));
  const database = await emptyDatabase();
  try {
    await database.migrate(before);
    await rows(database);
    const upgradeStarted = Date.now();
    await database.migrate(MIGRATIONS);
    const roles = (
      await database.execute(sql`select role, second_factor_required as required from role_permissions order by role`)
    ).rows as { role: string; required: boolean }[];
    const users = (
      await database.execute(sql`select public_name as name, second_factor_required_since as since from users`)
    ).rows as { name: string; since: string | Date | null }[];
    const sinceOf = (name: string) => {
      const since = users.find((user) => user.name === name)!.since;
      return since === null ? null : new Date(since).getTime();
    };
    return { required: roles.filter((role) => role.required).map((role) => role.role), sinceOf, upgradeStarted };
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
}

const user = (database: MigratedDatabase, name: string, roles: string[], since: string | null = null) =>
  database.execute(
    sql`insert into users (public_name, roles, second_factor_required_since) values (${name}, ${`{${roles.join(',')}}`}::text[], ${since}::timestamptz)`,
  );

/** An administrator's change of a role's policy, as the role policy route audits it. */
const roleUpdate = (database: MigratedDatabase, role: string, changes: Record<string, unknown>) =>
  database.execute(
    sql`insert into audit_events (action, target_type, target_id, target_label, changes) values ('role.update', 'role', ${role}, ${role}, ${JSON.stringify(changes)}::jsonb)`,
  );

test("an untouched dispatcher role, and any role granting care:contact whose switch no one set, require a factor; their users' grace starts", async () => {
  const { required, sinceOf, upgradeStarted } = await upgraded(async (database) => {
    await database.execute(
      sql`insert into role_permissions (role, permissions) values ('night desk', '{care:read,care:contact}'), ('planner', '{care:read}')`,
    );
    // a change of the night desk's permissions only: its switch was never set
    await roleUpdate(database, 'night desk', { permissions: ['care:read', 'care:contact'] });
    await user(database, 'Dora Dispatcher', ['dispatcher']);
    await user(database, 'Nina Night', ['night desk']);
    await user(database, 'Paul Planner', ['planner']);
    await user(database, 'Ada Admin', ['administrator', 'dispatcher'], LONG_AGO);
  });
  expect(required).toEqual(['administrator', 'ceo', 'dispatcher', 'night desk']);
  expect(sinceOf('Dora Dispatcher')).toBeGreaterThanOrEqual(upgradeStarted - 1000);
  expect(sinceOf('Nina Night')).toBeGreaterThanOrEqual(upgradeStarted - 1000);
  expect(sinceOf('Paul Planner')).toBeNull();
  expect(sinceOf('Ada Admin')).toBe(new Date(LONG_AGO).getTime());
}, 120_000);

test('a dispatcher role whose switch an administrator set keeps it off, and its users get no grace period', async () => {
  const { required, sinceOf } = await upgraded(async (database) => {
    // switched on and off again: the administrator decided
    await roleUpdate(database, 'dispatcher', {
      permissions: ['care:read', 'care:contact'],
      second_factor_required: true,
    });
    await roleUpdate(database, 'dispatcher', {
      permissions: ['care:read', 'care:contact'],
      second_factor_required: false,
    });
    await user(database, 'Dora Dispatcher', ['dispatcher']);
  });
  expect(required).toEqual(['administrator', 'ceo']);
  expect(sinceOf('Dora Dispatcher')).toBeNull();
}, 120_000);

/** Shipped before this rule was kept: 0013 carries a time later than theirs, so an upgrade from 0013 or earlier skips them. */
const SHIPPED_OUT_OF_ORDER = ['0014_disable-and-last-four', '0015_second-factors', '0016_care-workflow'];

test('every migration is later than all before it: an upgrade applies only those later than the latest applied', () => {
  const { entries } = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const earlier = entries.filter(
    (entry, index) =>
      !SHIPPED_OUT_OF_ORDER.includes(entry.tag) && entries.slice(0, index).some((before) => before.when >= entry.when),
  );
  expect(earlier.map((entry) => entry.tag)).toEqual([]);
});
