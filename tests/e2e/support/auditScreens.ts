import { expect } from '@playwright/test';
import { filterMenu, row } from './screenControls';
import type { WalkScreen } from './screenWalk';

/** The audit trail and one event of it. */
export const AUDIT_SCREENS: WalkScreen[] = [
  {
    name: 'audit trail',
    path: () => '/audit/',
    ready: async ({ page }) => expect(row(page, 'admin').first()).toBeVisible(),
    states: [filterMenu],
  },
  {
    name: 'audit event',
    path: (seed) => `/audit/${seed.auditEventId}/`,
    ready: async ({ page }) => expect(page.getByRole('main').getByText('admin').first()).toBeVisible(),
  },
];
