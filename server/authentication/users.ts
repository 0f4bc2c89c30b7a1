import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { sessions, users } from '../db/schema';
import { grantsOfRolesColumn } from '../shared/permissions';

/** A user as the authentication reads them: ban and roles, with every permission the roles grant. */
export interface UserWithGrants {
  uid: string;
  publicName: string;
  roles: string[];
  bannedAt: Date | null;
  granted: string[];
  /** Sessions not ended whose access tokens may still be unexpired (used within the access-token lifetime). */
  liveSessions: string[];
}

/**
 * A user with every permission their roles grant and their live sessions, in one prepared query (the authentication's read when its
 * cache misses). A session whose last token was issued longer ago than an access token lives can hold no valid access token.
 */
export function userWithGrantsFinder(db: Db, accessTokenTtlSeconds: number): (uid: string) => Promise<UserWithGrants | undefined> {
  const liveSessions = sql<string[]>`array(select ${sessions.family}::text from ${sessions} where ${sessions.userUid} = ${users.uid}
    and ${sessions.revokedAt} is null and ${sessions.lastUsedAt} > now() - make_interval(secs => ${accessTokenTtlSeconds + 60}))`;
  const query = db
    .select({ uid: users.uid, publicName: users.publicName, roles: users.roles, bannedAt: users.bannedAt, granted: grantsOfRolesColumn(users.roles), liveSessions })
    .from(users)
    .where(eq(users.uid, sql.placeholder('uid')))
    .prepare('auth_user_with_grants');
  return async (uid) => (await query.execute({ uid }))[0];
}
