import { inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../db';
import { rolePermissions } from '../db/schema';
import { qualified } from '../db/sql';
import { isPermission, PERMISSIONS, type Permission } from '../../contracts/permissions';

export { isPermission, PERMISSIONS, type Permission };

/**
 * What a route asks of a signed-in caller, declared in its `config: { permission }`:
 * a permission, or 'signed-in' for the few routes every user may call (own info, own password).
 * Routes with `auth: 'public'` or `auth: 'apiToken'` declare none: API tokens keep their own scope.
 */
export type RoutePermission = Permission | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a signed-in caller needs; checked by the service's authentication hook. */
    permission?: RoutePermission;
  }
}

/** The permissions the roles grant together under the role policy; with ACCESS_POLICY=open every permission. */
export async function permissionsOfRoles(
  db: Db,
  roles: string[],
  accessPolicy: 'roles' | 'open',
): Promise<Permission[]> {
  if (accessPolicy === 'open') return [...PERMISSIONS];
  if (roles.length === 0) return [];
  const rows = await db
    .select({ permissions: rolePermissions.permissions })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role, roles));
  return effectivePermissions(
    rows.flatMap((row) => row.permissions),
    'roles',
  );
}

/** Every permission the roles in a text[] column grant, as one SQL expression: a user and their permissions in one query. */
export const grantsOfRolesColumn = (roles: AnyColumn) =>
  sql<
    string[]
  >`coalesce((select array_agg(distinct granted.permission) from ${rolePermissions} cross join lateral unnest(${rolePermissions.permissions}) as granted(permission) where ${rolePermissions.role} = any(${qualified(roles)})), '{}'::text[])`;

/** The permissions in effect for granted names (in PERMISSIONS order); with ACCESS_POLICY=open every permission. */
export const effectivePermissions = (granted: readonly string[], accessPolicy: 'roles' | 'open'): Permission[] =>
  accessPolicy === 'open' ? [...PERMISSIONS] : PERMISSIONS.filter((permission) => granted.includes(permission));
