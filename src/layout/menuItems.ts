import DashboardIcon from '@mui/icons-material/Dashboard';
import type { ComponentType } from 'react';
import careRequests from '../resources/careRequests';
import users from '../resources/users';
import { mailMenuItems } from '../resources/mail';
import { filebucketMenuItems, pricingMenuItems } from '../resources/files/menu';

export interface MenuEntry {
  /** The spec's route path. */
  to: string;
  /** Translation key of the label. */
  label: string;
  icon: ComponentType;
  /** Translation key of the accessible name, when the label alone is ambiguous (it must contain the label). */
  accessibleLabel?: string;
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
  { to: careRequests.paths.incoming, label: 'caredesk.care.menu.care_requests', icon: careRequests.incomingIcon, group: 'caredesk.care.menu.archive' },
  { to: careRequests.paths.create, label: 'caredesk.care.menu.create_care_request', icon: careRequests.createIcon, group: 'caredesk.care.menu.customers' },
  ...pricingMenuItems,
  ...filebucketMenuItems,
  ...mailMenuItems,
];
