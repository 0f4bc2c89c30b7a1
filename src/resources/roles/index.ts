import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from 'react';
import { ROLES_RESOURCE } from '../../dataProviders/roles';
import type { PanelArea } from '../../registry/types';

const ROLES_PATH = '/roles/';

/** The role policy (/roles/): every role with its permissions; users:read views it, roles:manage changes it. */
const roles: PanelArea = {
  resources: [
    {
      name: ROLES_RESOURCE,
      permission: 'users:read',
      icon: AdminPanelSettingsIcon,
      screens: [
        { path: ROLES_PATH, component: lazy(() => import('./RoleList')), menu: { label: 'caredesk.roles.menu' } },
      ],
    },
  ],
};

export default roles;
