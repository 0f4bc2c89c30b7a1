import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { UserChanges } from '../authentication/cache';
import { rolePermissions, users } from '../db/schema';
import { recordAudit, type AuditEvent } from '../shared/audit';
import { isPermission, PERMISSIONS, type Permission } from '../shared/permissions';
import { badRequest, forbidden } from '../shared/problem';
import { assertReadOnly } from '../shared/read-only';
import { keepingARolesManager, type Actor } from './permission-rules';
import type { RolePolicyInput, RolePolicyResponse } from '../../contracts/auth';
import { syncSecondFactorRequirement } from './second-factor-policy';

/** The role policy (role → permissions) as the Roles screen reads and changes it. */

/** Every role with a policy row and every role some user has (those without a row grant nothing), sorted by role. */
export async function listRolePolicies(db: Db): Promise<RolePolicyResponse[]> {
  const rows = await db.select().from(rolePermissions).orderBy(asc(rolePermissions.role));
  const inUse = await db.selectDistinct({ role: sql<string>`unnest(${users.roles})` }).from(users);
  const policies = new Map(rows.map((row) => [row.role, policyOf(row)]));
  for (const { role } of inUse)
    if (!policies.has(role)) policies.set(role, { role, permissions: [], second_factor_required: false });
  return [...policies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, policy]) => policy);
}

const inPermissionOrder = (names: string[]): Permission[] =>
  PERMISSIONS.filter((permission) => names.includes(permission));

const policyOf = (row: { role: string; permissions: string[]; secondFactorRequired: boolean }): RolePolicyResponse => ({
  role: row.role,
  permissions: inPermissionOrder(row.permissions),
  second_factor_required: row.secondFactorRequired,
});

async function storedPolicy(db: Db, role: string): Promise<RolePolicyResponse> {
  const [row] = await db.select().from(rolePermissions).where(eq(rolePermissions.role, role));
  return row ? policyOf(row) : { role, permissions: [], second_factor_required: false };
}

interface PolicyChange {
  actor: Actor;
  /** A policy change reaches every user's permissions: every process forgets every user. */
  changes: UserChanges;
  accessPolicy: 'roles' | 'open';
  /** Who and from where, for the audit trail. */
  audit: Pick<AuditEvent, 'actor' | 'address'>;
}

/**
 * Sets a role's permissions and whether it requires a second factor (omitted: kept). A permission may only be added to or removed
 * from a role by someone who holds it (else roles:manage alone would grant everything); the change must leave an unbanned user
 * holding roles:manage; a changed requirement starts or ends its users' grace periods; it is audited in its transaction.
 */
export async function changeRolePolicy(
  db: Db,
  role: string,
  body: RolePolicyInput,
  { actor, changes, accessPolicy, audit }: PolicyChange,
): Promise<RolePolicyResponse> {
  assertReadOnly('role', body.role, role);
  const unknown = body.permissions.filter((name) => !isPermission(name));
  if (unknown.length)
    throw badRequest(`Unknown permission ${unknown.join(', ')}; known are ${PERMISSIONS.join(', ')}.`, 'permissions');
  const permissions = inPermissionOrder(body.permissions);
  return changes.transaction(db, 'everyone', (tx) =>
    keepingARolesManager(tx, accessPolicy, async () => {
      const before = await storedPolicy(tx, role);
      const changed = PERMISSIONS.filter(
        (permission) => before.permissions.includes(permission) !== permissions.includes(permission),
      );
      const missing = changed.find((permission) => !actor.permissions.includes(permission));
      if (missing)
        throw forbidden(missing, `Adding ${missing} to a role or removing it needs the permission ${missing}.`);
      const secondFactorRequired = body.second_factor_required ?? before.second_factor_required;
      const stored = { permissions, secondFactorRequired };
      await tx
        .insert(rolePermissions)
        .values({ role, ...stored })
        .onConflictDoUpdate({ target: rolePermissions.role, set: stored });
      if (secondFactorRequired !== before.second_factor_required) await syncSecondFactorRequirement(tx, 'everyone');
      const requirement =
        secondFactorRequired === before.second_factor_required ? {} : { second_factor_required: secondFactorRequired };
      await recordAudit(tx, {
        ...audit,
        action: 'role.update',
        target: { type: 'role', id: role, label: role },
        changes: { permissions, ...requirement },
      });
      return { role, permissions, second_factor_required: secondFactorRequired };
    }),
  );
}
