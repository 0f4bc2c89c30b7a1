import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../db/schema';
import { grantsOfRolesColumn } from '../shared/permissions';

/** A user as the authentication reads them: ban and roles, with every permission the roles grant. */
export interface UserWithGrants {
  uid: string;
  publicName: string;
  roles: string[];
  bannedAt: Date | null;
  granted: string[];
}

/** A user with every permission their roles grant, in one prepared query (the authentication's read when its cache misses). */
export function userWithGrantsFinder(db: Db): (uid: string) => Promise<UserWithGrants | undefined> {
  const query = db
    .select({ uid: users.uid, publicName: users.publicName, roles: users.roles, bannedAt: users.bannedAt, granted: grantsOfRolesColumn(users.roles) })
    .from(users)
    .where(eq(users.uid, sql.placeholder('uid')))
    .prepare('auth_user_with_grants');
  return async (uid) => (await query.execute({ uid }))[0];
}
