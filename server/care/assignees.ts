import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { passwordAuthentications, rolePermissions, users } from '../db/schema';
import { qualified } from '../db/sql';
import { badRequest } from '../shared/problem';
import type { Db } from '../db';
import type { StaffMemberOutput } from '../../contracts/care-workflow';

/**
 * Who may be assigned a care request: an unbanned user holding care:work under the role policy (every unbanned user with
 * ACCESS_POLICY=open). Read on the shared users and role_permissions tables, in the transaction of the change.
 */

export type AccessPolicy = 'roles' | 'open';

const holdsCareWork = sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.role} = any(${qualified(users.roles)}) and 'care:work' = any(${rolePermissions.permissions}))`;

export async function assignableUser(
  executor: Db,
  uid: string,
  accessPolicy: AccessPolicy,
): Promise<StaffMemberOutput> {
  const [row] = await executor
    .select({ uid: users.uid, public_name: users.publicName })
    .from(users)
    .where(and(eq(users.uid, uid), isNull(users.bannedAt), accessPolicy === 'open' ? undefined : holdsCareWork));
  if (!row)
    throw badRequest('The assignee must be an unbanned user holding care:work.', 'assignee_uid', 'invalid-assignee');
  return row;
}

/** Everyone a request may be assigned to, by public name (a staff list: at most a few hundred people). */
export async function assignableUsers(executor: Db, accessPolicy: AccessPolicy): Promise<StaffMemberOutput[]> {
  return executor
    .select({ uid: users.uid, public_name: users.publicName })
    .from(users)
    .where(and(isNull(users.bannedAt), accessPolicy === 'open' ? undefined : holdsCareWork))
    .orderBy(asc(sql`lower(${users.publicName})`), asc(users.uid));
}

/** The username of a user, used as the address of assignment mails when it is one and no other address is set. */
export async function usernameOf(executor: Db, uid: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ username: passwordAuthentications.username })
    .from(passwordAuthentications)
    .where(eq(passwordAuthentications.userUid, uid));
  return row?.username;
}
