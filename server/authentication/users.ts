import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { recoveryCodes, rolePermissions, secondFactors, sessions, users } from '../db/schema';
import { qualified } from '../db/sql';
import { grantsOfRolesColumn } from '../shared/permissions';

/** Whether the user's roles require a second factor, as SQL over `users` (the role policy is read, not the remembered time). */
export const rolesRequireSecondFactor: SQL<boolean> = sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.role} = any(${qualified(users.roles)})
  and ${rolePermissions.secondFactorRequired})`;

/** Whether the user has a confirmed second factor, as SQL over `users`. */
export const hasConfirmedFactorColumn: SQL<boolean> = sql`exists (select 1 from ${secondFactors} where ${secondFactors.userUid} = ${qualified(users.uid)}
  and ${secondFactors.confirmedAt} is not null)`;

const recoveryCodesLeftColumn = sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userUid} = ${qualified(users.uid)}
  and ${recoveryCodes.usedAt} is null)`;

/** A user's second factor as read with the user: what /info/ and the grace period need, without another query. */
export interface SecondFactorFacts {
  enrolled: boolean;
  required: boolean;
  /** Since when the roles require one (users.second_factor_required_since). */
  requiredSince: Date | null;
  recoveryCodesLeft: number;
}

export const secondFactorFactsColumns = {
  enrolled: hasConfirmedFactorColumn,
  required: rolesRequireSecondFactor,
  requiredSince: users.secondFactorRequiredSince,
  recoveryCodesLeft: recoveryCodesLeftColumn,
};

/** A user as the authentication reads them: ban and roles, with every permission the roles grant. */
export interface UserWithGrants {
  uid: string;
  publicName: string;
  roles: string[];
  bannedAt: Date | null;
  granted: string[];
  /** Sessions not ended whose access tokens may still be unexpired (used within the access-token lifetime). */
  liveSessions: string[];
  secondFactor: SecondFactorFacts;
}

/**
 * A user with every permission their roles grant and their live sessions, in one prepared query (the authentication's read when its
 * cache misses). A session whose last token was issued longer ago than an access token lives can hold no valid access token.
 */
export function userWithGrantsFinder(
  db: Db,
  accessTokenTtlSeconds: number,
): (uid: string) => Promise<UserWithGrants | undefined> {
  const liveSessions = sql<
    string[]
  >`array(select ${sessions.family}::text from ${sessions} where ${sessions.userUid} = ${qualified(users.uid)}
    and ${sessions.revokedAt} is null and ${sessions.lastUsedAt} > now() - make_interval(secs => ${accessTokenTtlSeconds + 60}))`;
  const query = db
    .select({
      uid: users.uid,
      publicName: users.publicName,
      roles: users.roles,
      bannedAt: users.bannedAt,
      granted: grantsOfRolesColumn(users.roles),
      liveSessions,
      secondFactor: secondFactorFactsColumns,
    })
    .from(users)
    .where(eq(users.uid, sql.placeholder('uid')))
    .prepare('auth_user_with_grants');
  return async (uid) => (await query.execute({ uid }))[0];
}
