import { expect } from '@playwright/test';
import { clickButton, dialog, escape, row } from './screenControls';
import type { WalkScreen } from './screenWalk';

/** The users list, the user editors and the roles. */
export const USER_SCREENS: WalkScreen[] = [
  {
    name: 'users list',
    path: () => '/users/',
    ready: async ({ page, seed }) => expect(row(page, seed.user.username)).toBeVisible(),
    states: [
      {
        name: 'a row selected',
        only: 'desktop',
        open: async ({ page, seed }) => {
          await row(page, seed.user.username).getByRole('checkbox').check();
          await expect(row(page, seed.user.username).getByRole('checkbox')).toBeChecked();
        },
      },
    ],
  },
  {
    name: 'create user',
    path: () => '/users/create/',
    ready: async ({ page }) => expect(page.locator('input[name="publicName"]')).toBeVisible(),
    states: [
      {
        name: 'validation messages',
        open: async ({ page }) => {
          await page.locator('input[name="publicName"]').fill('ab');
          await page.locator('input[name="username"]').fill('ab');
          await page.locator('input[name="password"]').fill('kurz');
          await page.locator('input[name="confirmation"]').fill('anders');
          await page.locator('form button[type="submit"]').click();
          await expect(page.locator('.Mui-error').first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'edit user',
    path: (seed) => `/users/${seed.user.uid}/`,
    ready: async ({ page, seed }) => expect(page.locator('input[name="publicName"]')).toHaveValue(seed.user.publicName),
    states: [
      {
        name: 'authentication tab',
        open: async ({ page, t }) => {
          await page.getByRole('tab', { name: t('Authentication', 'Authentifizierung') }).click();
          await expect(page.locator('input[name="username"]')).toBeVisible();
        },
      },
      {
        name: 'sessions tab',
        open: async ({ page, t }) => {
          await page.getByRole('tab', { name: t('Sessions', 'Sitzungen') }).click();
          await expect(page.getByRole('tab', { name: t('Sessions', 'Sitzungen') })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          await expect(page.getByRole('progressbar')).toHaveCount(0);
        },
      },
      {
        name: 'ban question',
        open: async ({ page, t }) => {
          await clickButton(page, t('Ban', 'Sperren'));
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  {
    name: 'roles',
    path: () => '/roles/',
    ready: async ({ page }) => expect(page.getByRole('region', { name: 'nachtdienst', exact: true })).toBeVisible(),
    states: [
      {
        name: 'a permission changed, not saved',
        open: async ({ page }) => {
          const card = page.getByRole('region', { name: 'nachtdienst', exact: true });
          await card.getByRole('checkbox').first().check();
          await expect(card.getByRole('button')).toBeEnabled();
        },
      },
    ],
  },
];
