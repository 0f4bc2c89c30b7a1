import { expect } from '@playwright/test';
import { clickButton, closePopover, popover } from './screenControls';
import type { WalkScreen } from './screenWalk';

/** The sign-in page and the screens every signed-in user has: the dashboard with its menus, and the new password. */
export const ACCOUNT_SCREENS: WalkScreen[] = [
  {
    name: 'login',
    path: () => '/login',
    signedOut: true,
    ready: async ({ page }) => expect(page.locator('input[name="username"]')).toBeFocused(),
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    ready: async ({ page }) => expect(page.getByTestId('public-name')).not.toBeEmpty(),
    states: [
      {
        name: 'account menu',
        open: async ({ page }) => {
          await page.getByTestId('public-name').click();
          await expect(popover(page)).toBeVisible();
        },
        close: closePopover,
      },
      {
        name: 'menu (drawer)',
        only: 'phone',
        open: async ({ page, t }) => {
          await clickButton(page, t('Open menu', 'Menü öffnen'));
          await expect(page.getByRole('menuitem', { name: t('Dashboard', 'Übersicht'), exact: true })).toBeVisible();
        },
        close: async ({ page, t }) => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menuitem', { name: t('Dashboard', 'Übersicht'), exact: true })).toBeHidden();
        },
      },
      {
        name: 'language menu',
        open: async ({ page, t }) => {
          await clickButton(page, t('English', 'Deutsch'));
          await expect(popover(page)).toBeVisible();
        },
        close: closePopover,
      },
    ],
  },
  {
    name: 'new password',
    path: () => '/new-password',
    ready: async ({ page }) => expect(page.locator('input[type="password"]').first()).toBeVisible(),
    states: [
      {
        name: 'validation messages',
        open: async ({ page, t }) => {
          await page.locator('input[type="password"]').first().fill('kurz');
          await clickButton(page, t('Save', 'Speichern'));
          await expect(page.locator('.Mui-error').first()).toBeVisible();
        },
      },
    ],
  },
];
