import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazy } from 'react';
import { ROLES_RESOURCE } from '../../dataProviders/roles';
import type { PanelArea } from '../../registry/types';

const ROLES_PATH = '/roles/';

/** The role policy (/roles/): every role with its permissions; users:read views it, roles:manage changes it. */
const roles: PanelArea = {
  resources: [{ name: ROLES_RESOURCE, permission: 'users:read', icon: AdminPanelSettingsIcon }],
  routes: [{ path: ROLES_PATH, permission: 'users:read', component: lazy(() => import('./RoleList')) }],
  menu: [{ to: ROLES_PATH, permission: 'users:read', label: 'caredesk.roles.menu', icon: AdminPanelSettingsIcon }],
};

export default roles;
