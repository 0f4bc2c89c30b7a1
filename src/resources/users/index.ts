import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/** The users resource (react-admin name "users"); its screens are loaded on demand to keep the login page small. */
const users = {
  name: 'users',
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: 'publicName',
};

export default users;
