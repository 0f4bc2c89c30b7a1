/** The permission names alone, free of imports: the panel uses the same list (src/common/permissions.ts). */

/** Every permission a role can grant (docs/api.md, Permissions). */
export const PERMISSIONS = [
  'users:read',
  'users:manage',
  'roles:manage',
  'mail:read',
  'mail:manage',
  'mail:send',
  'files:read',
  'files:write',
  'tokens:manage',
  'care:read',
  'care:create',
  'care:contact',
  'care:work',
  'audit:read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: unknown): value is Permission =>
  (PERMISSIONS as readonly unknown[]).includes(value);
