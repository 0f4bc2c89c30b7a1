import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazy } from 'react';
import type { PanelArea } from '../registry/types';

/** /dashboard: the greeting, first in the drawer. */
const dashboard: PanelArea = {
  resources: [],
  routes: [{ path: '/dashboard', component: lazy(() => import('./Dashboard')) }],
  menu: [{ to: '/dashboard', label: 'caredesk.menu.dashboard', icon: DashboardIcon }],
};

export default dashboard;
