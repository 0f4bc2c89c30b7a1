import DashboardIcon from '@mui/icons-material/Dashboard';
import { createElement, lazy } from 'react';
import type { AreaFigures, PanelArea } from '../registry/types';

const Dashboard = lazy(() => import('./Dashboard'));

/**
 * /dashboard: the greeting and the figure cards the other areas contribute (the registry hands them over), first in the
 * drawer (for every user holding any permission).
 */
export default function dashboard(figures: AreaFigures[]): PanelArea {
  const cards = [...figures].sort((a, b) => a.order - b.order);
  const DashboardScreen = () => createElement(Dashboard, { figures: cards });
  return {
    screens: [
      {
        path: '/dashboard',
        permission: 'panel',
        component: DashboardScreen,
        menu: { label: 'caredesk.menu.dashboard', icon: DashboardIcon },
      },
    ],
  };
}
