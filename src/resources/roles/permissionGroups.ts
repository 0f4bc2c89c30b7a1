import { type Permission, PERMISSIONS } from '../../common/permissions';

interface PermissionGroup {
  /** The part before the colon (users, mail, …), also the key of the group's texts. */
  name: string;
  permissions: Permission[];
}

/** The permissions grouped by what they are about, in the services' order. */
export const PERMISSION_GROUPS: PermissionGroup[] = PERMISSIONS.reduce<PermissionGroup[]>((groups, permission) => {
  const name = groupOf(permission);
  const group = groups.find((candidate) => candidate.name === name);
  if (group) group.permissions.push(permission);
  else groups.push({ name, permissions: [permission] });
  return groups;
}, []);

function groupOf(permission: Permission): string {
  return permission.split(':')[0];
}

/** Translation keys of a permission's name and description, and of its group's heading (users:read → caredesk.permissions.users.read.*). */
export const permissionKeys = (permission: Permission) => {
  const base = `caredesk.permissions.${permission.replace(':', '.')}`;
  return { name: `${base}.name`, description: `${base}.description` };
};

export const groupTitleKey = (group: string) => `caredesk.permissions.${group}.title`;
