import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import { USERS_RESOURCE } from '../../dataProviders/users';
import type { PanelArea } from '../../registry/types';
import { USERS_LIST_DEFAULTS } from './listDefaults';
import { usersPaths } from './paths';

/** The users resource with react-admin's own screens (/users/, /users/create/, /users/{id}/), loaded on demand. */
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
    },
  ],
  routes: [],
  menu: [{ to: usersPaths.list, permission: 'users:read', label: 'caredesk.menu.users', icon: PeopleIcon }],
};

export default users;
