import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN } from '../../playwright.config';
import { signInThroughForm } from './support/session';

/**
 * The panel on a phone (390×844): the drawer is closed and opens from the app bar, lists show cards instead of tables,
 * the pages do not scroll sideways, dialogs fill the screen and the care request stepper moves on.
 */

test.use({ viewport: { width: 390, height: 844 } });

const WIDTH = 390;

/** The page scrolls no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

async function expectCards(page: Page, path: string, text: string) {
  await page.goto(path);
  const cards = page.getByRole('main').getByRole('list');
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(cards.getByText(text).first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
}

test('every main screen is usable at 390×844', async ({ page }) => {
  await signInThroughForm(page);

  await test.step('the drawer is closed and opens from the app bar', async () => {
    const entry = page.getByRole('menuitem', { name: 'Search files', exact: true });
    await expect(entry).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(page).toHaveURL(/\/filebucket\/search\/?$/);
    await expect(entry).toBeHidden();
  });

  await test.step('the upload dialog fills the screen', async () => {
    // the toolbar's button (an empty list offers a second one)
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(WIDTH);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('lists are cards', async () => {
    await expectCards(page, '/users/', 'admin');
    await expectCards(page, '/audit/', 'admin');
    await page.goto('/mailman/providers/');
    // empty on a fresh server, cards once other tests added providers: never a table
    await expect(
      page.getByText(/No providers yet/).or(page.getByRole('main').getByRole('listitem').first()),
    ).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  await test.step('cards cannot be selected: a card opens the user, who is acted on from the edit page', async () => {
    await page.goto('/users/');
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ban', exact: true })).toHaveCount(0);
    await cards.filter({ has: page.getByText(E2E_ADMIN.username, { exact: true }) }).click();
    // one's own account: Ban is offered disabled, saying why
    await expect(page.getByRole('button', { name: 'Ban', exact: true })).toBeDisabled();
    await expect(page.getByLabel('You cannot ban yourself.')).toBeAttached();
    await expectNoSidewaysScroll(page);
  });

  await test.step('the care request stepper moves to its next step', async () => {
    await page.goto('/customers/create-care-request/');
    await expect(page.getByLabel('ZIP code')).toBeVisible();
    await expectNoSidewaysScroll(page);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await next.scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport();
  });
});
