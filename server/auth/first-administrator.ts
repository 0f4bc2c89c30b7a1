import { sql } from 'drizzle-orm';
import { Value } from '@sinclair/typebox/value';
import type { Config } from '../config';
import type { Db } from '../db';
import { generatePassword, hashPassword } from './passwords';
import { Password, Username } from '../../contracts/auth';
import { countUsers, findPasswordLogin, insertUser } from './users';

/** Any fixed number: serialises the first-administrator check of several processes sharing one database. */
const FIRST_ADMINISTRATOR_LOCK = 7_428_114;

type Print = (message: string) => void;

type AdminSettings = Pick<Config, 'adminUsername' | 'adminPassword'>;

/**
 * Creates the administrator named by ADMIN_USERNAME when no user has that username (other users may exist, for
 * example from the demo seed), or "admin" on an empty users table when ADMIN_USERNAME is not set. The password is
 * ADMIN_PASSWORD, or a random one printed this once. An existing user is never changed. Returns whether it created one.
 */
export async function ensureFirstAdministrator(db: Db, config: AdminSettings, print: Print): Promise<boolean> {
  if (!(await isMissing(db, config))) return false;
  const username = config.adminUsername ?? 'admin';
  const password = config.adminPassword ?? generatePassword();
  assertValid(username, password);
  const passwordHash = await hashPassword(password);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMINISTRATOR_LOCK})`);
    if (!(await isMissing(tx, config))) return false;
    await insertUser(tx, { publicName: 'Administrator', roles: ['administrator'], username, passwordHash });
    return true;
  });
  if (!created) return false;
  if (config.adminPassword)
    print(`Created the first administrator "${username}" with the password from ADMIN_PASSWORD.`);
  else
    print(
      framed([
        `Created the first administrator.`,
        `  Username: ${username}`,
        `  Password: ${password}`,
        `Shown only this once: sign in and change it.`,
      ]),
    );
  return true;
}

/** Lines in a box, so that the one-time password stands out among the log lines of the start. */
function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

async function isMissing(db: Db, { adminUsername }: AdminSettings): Promise<boolean> {
  if (adminUsername === undefined) return (await countUsers(db)) === 0;
  return (await findPasswordLogin(db, adminUsername)) === undefined;
}

function assertValid(username: string, password: string) {
  if (!Value.Check(Username, username))
    throw new Error('ADMIN_USERNAME must have 4 to 64 characters, without colons or control characters.');
  if (!Value.Check(Password, password)) throw new Error('ADMIN_PASSWORD must have 7 to 1024 characters.');
}
