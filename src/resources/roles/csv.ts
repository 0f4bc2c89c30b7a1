import type { CsvColumn } from '../../common/export/csv';
import type { RoleRecord } from '../../dataProviders/roles';
import { permissionKeys } from './permissionGroups';

/** The roles' export: each role with its permissions, by translated name and by permission name. */
export const ROLE_CSV_COLUMNS: CsvColumn<RoleRecord>[] = [
  { header: 'caredesk.roles.role', cell: (role) => role.role },
  {
    header: 'caredesk.roles.permissions',
    cell: (role, translate) =>
      role.permissions.map((permission) => translate(permissionKeys(permission).name)).join('; '),
  },
  { header: 'caredesk.roles.export.permission_names', cell: (role) => role.permissions.join(' ') },
];
