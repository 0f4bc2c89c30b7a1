import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import { USERS_RESOURCE } from '../../dataProviders/users';
import type { PanelArea } from '../../registry/types';
import { USERS_LIST_DEFAULTS } from './listDefaults';

/**
 * The users resource with react-admin's own screens (/users/, /users/create/, /users/{id}/), loaded on demand; on the
 * dashboard, the users locked out by sign-in throttling.
 */
const users: PanelArea = {
  resources: [
    {
      name: USERS_RESOURCE,
      permission: 'users:read',
      editPermission: 'users:manage',
      icon: PeopleIcon,
      recordRepresentation: 'publicName',
      list: lazy(() => import('./UserList')),
      create: lazy(() => import('./UserCreate')),
      edit: lazy(() => import('./UserEdit')),
      preload: USERS_LIST_DEFAULTS,
      listMenu: { label: 'caredesk.menu.users' },
    },
  ],
  figures: { component: lazy(() => import('./UserFigures')), order: 4 },
};

export default users;
