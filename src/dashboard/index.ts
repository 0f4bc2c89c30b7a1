import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazy } from 'react';
import type { PanelArea } from '../registry/types';

/** /dashboard: the greeting, first in the drawer (for every user holding any permission). */
const dashboard: PanelArea = {
  resources: [],
  routes: [{ path: '/dashboard', permission: 'panel', component: lazy(() => import('./Dashboard')) }],
  menu: [{ to: '/dashboard', permission: 'panel', label: 'caredesk.menu.dashboard', icon: DashboardIcon }],
};

export default dashboard;
