import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';
import { isPermission, PERMISSIONS, type Permission } from '../../contracts/permissions';

/** Every permission a role can grant, in the services' order (the Roles screen's checkboxes). */
export { isPermission, PERMISSIONS, type Permission };

/**
 * What a screen, a drawer entry or a button needs: a permission; 'panel' (a permission that opens some screen of the
 * panel: the dashboard); or 'signed-in' (every signed-in user, also one without such a permission: the own password).
 */
export type Requirement = Permission | 'panel' | 'signed-in';

/**
 * The caller's permissions from GET /info/. A service that sends no `permissions` field predates them (the
 * specification's original behaviour: every signed-in user may do everything), so an absent field grants all.
 */
export function permissionsOfInfo(info: unknown): Permission[] {
  const listed = (info as { permissions?: unknown } | null)?.permissions;
  if (!Array.isArray(listed)) return [...PERMISSIONS];
  return PERMISSIONS.filter((permission) => listed.includes(permission));
}

/**
 * Whether `granted` meets the requirement. `screens` are the permissions the panel's screens need (a user holding
 * only, say, mail:send has no screen to open); without it any permission counts for 'panel'.
 */
export function permits(
  granted: readonly Permission[],
  requirement: Requirement,
  screens?: ReadonlySet<Permission>,
): boolean {
  if (requirement === 'signed-in') return true;
  if (requirement === 'panel') return granted.some((permission) => !screens || screens.has(permission));
  return granted.includes(requirement);
}

/** The signed-in user's permissions (react-admin's usePermissions: authProvider.getPermissions, cached). */
export function useGrantedPermissions(): { granted: Permission[]; isPending: boolean; error: unknown } {
  const { permissions, isPending, error } = usePermissions<Permission[]>();
  return { granted: Array.isArray(permissions) ? permissions : [], isPending, error };
}

/** Whether the signed-in user meets the requirement (false while the permissions load). */
export function useCan(requirement: Requirement): boolean {
  const { granted, isPending } = useGrantedPermissions();
  return !isPending && permits(granted, requirement);
}

/** Its children only for a user who meets the requirement (buttons a user may not use are hidden). */
export const IfCan = ({ permission, children }: { permission: Requirement; children: ReactNode }) =>
  useCan(permission) ? children : null;
