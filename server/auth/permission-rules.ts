import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rolePermissions, users } from '../db/schema';
import { qualified } from '../db/sql';
import { PERMISSIONS, permissionsOfRoles, type Permission } from '../shared/permissions';
import { conflict, forbidden } from '../shared/problem';

/**
 * The rules of user administration that depend on permissions (docs/api.md, Permissions). Each check reads the users and the
 * policy inside the transaction of the change, after lockPermissions, so that concurrent changes cannot slip past it.
 */

/** Who acts: the signed-in caller's effective permissions (request.user). */
export interface Actor {
  permissions: Permission[];
}

/** Any fixed number: serialises every change of users' roles, bans and the role policy. */
export const PERMISSIONS_LOCK = 7_428_114;

/** Holds the permissions lock until the end of the transaction `tx` (call it first in the transaction of the change). */
export async function lockPermissions(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PERMISSIONS_LOCK})`);
}

const holdsEverything = (actor: Actor) => actor.permissions.length === PERMISSIONS.length;
const firstMissing = (actor: Actor, needed: readonly Permission[]) =>
  needed.find((permission) => !actor.permissions.includes(permission));

/**
 * users:manage acts only on users whose permissions are a subset of the actor's own: throws 403 otherwise. Unknown uids are
 * skipped (the caller answers 404 for them). Call it in the transaction of the change; it takes the permissions lock.
 */
export async function assertMayManage(tx: Db, actor: Actor, targetUids: string | string[]): Promise<void> {
  // with everything (the open policy, or an administrator) every user is a subset
  if (holdsEverything(actor)) return;
  const uids = typeof targetUids === 'string' ? [targetUids] : targetUids;
  if (uids.length === 0) return;
  await lockPermissions(tx);
  const targets = await tx.select({ uid: users.uid, roles: users.roles }).from(users).where(inArray(users.uid, uids));
  for (const target of targets) {
    const missing = firstMissing(actor, await permissionsOfRoles(tx, target.roles, 'roles'));
    if (missing) throw forbidden(missing, `The user ${target.uid} has permissions you lack (${missing}).`);
  }
}

/** A role may only be granted or removed by someone holding every permission it grants: throws 403 naming the first missing one. */
export async function assertMayGrant(tx: Db, actor: Actor, changedRoles: string[]): Promise<void> {
  if (holdsEverything(actor) || changedRoles.length === 0) return;
  for (const role of [...changedRoles].sort()) {
    const missing = firstMissing(actor, await permissionsOfRoles(tx, [role], 'roles'));
    if (missing) throw forbidden(missing, `Granting or removing the role ${role} needs the permission ${missing}.`);
  }
}

/** The roles in one list but not in the other. */
export const changedRoles = (before: string[], after: string[]) => [
  ...after.filter((role) => !before.includes(role)),
  ...before.filter((role) => !after.includes(role)),
];

/** Whether some unbanned user holds roles:manage under the stored policy. */
async function rolesManagerExists(tx: Db): Promise<boolean> {
  const managing = sql`exists (select 1 from ${rolePermissions} where ${rolePermissions.role} = any(${qualified(users.roles)}) and 'roles:manage' = any(${rolePermissions.permissions}))`;
  const [row] = await tx
    .select({ uid: users.uid })
    .from(users)
    .where(and(isNull(users.bannedAt), managing))
    .limit(1);
  return row !== undefined;
}

/**
 * Runs `change` (in the transaction `tx`, under the permissions lock) and refuses it with 409 when it leaves no unbanned
 * user holding roles:manage where there was one before. With ACCESS_POLICY=open every signed-in user holds it: nothing to check.
 */
export async function keepingARolesManager<T>(
  tx: Db,
  accessPolicy: 'roles' | 'open',
  change: () => Promise<T>,
): Promise<T> {
  await lockPermissions(tx);
  if (accessPolicy === 'open') return change();
  const before = await rolesManagerExists(tx);
  const result = await change();
  if (before && !(await rolesManagerExists(tx))) {
    throw conflict('This change would leave no unbanned user who holds roles:manage.', undefined, 'last-roles-manager');
  }
  return result;
}
