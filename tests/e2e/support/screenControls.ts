import { expect, type Page } from '@playwright/test';
import type { ScreenState, WalkContext } from './screenWalk';

/** A list's row, or its card on a phone. */
export const row = (page: Page, text: string) =>
  page.getByRole('row').or(page.getByRole('main').getByRole('listitem')).filter({ hasText: text });

/** An open popover (menu or filter panel); react-admin keeps the language menu mounted while closed. */
export const popover = (page: Page) => page.locator('.MuiPopover-paper:visible');

export const closePopover = async ({ page }: WalkContext) => {
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
};

export const dialog = (page: Page) => page.getByRole('dialog');

export const escape = async ({ page }: WalkContext) => {
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
};

export const clickButton = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).first().click();

/** A list's Filter menu (the button's name counts the active filters: none at first). */
export const filterMenu: ScreenState = {
  name: 'filter menu',
  open: async ({ page }) => {
    await page.getByRole('button', { name: 'Filter', exact: true }).first().click();
    await expect(popover(page)).toBeVisible();
  },
  close: closePopover,
};
