import DashboardIcon from '@mui/icons-material/Dashboard';
import type { ComponentType } from 'react';
import users from '../resources/users';

export interface MenuEntry {
  /** The spec's route path. */
  to: string;
  /** Translation key of the label. */
  label: string;
  icon: ComponentType;
  /** Translation key of a group heading (e.g. 'Mail Delivery'); entries of one group must be adjacent. */
  group?: string;
}

/**
 * The left drawer, in display order. A later screen adds its entry here (with a group for the nested sections of
 * the spec: Archive, Customers, Pricing, Filebucket, Mail Delivery). Only screens that exist are listed.
 */
export const menuItems: MenuEntry[] = [
  { to: '/dashboard', label: 'caredesk.menu.dashboard', icon: DashboardIcon },
  { to: '/users/', label: 'caredesk.menu.users', icon: users.icon },
];
