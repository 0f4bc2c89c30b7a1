import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoBlockingAxeViolation } from './support/screenChecks';
import { signInThroughForm } from './support/session';
import { settled } from './support/walk';

/**
 * The theme toggle in the app bar: dark and back, remembered over a reload, and axe-core finds no
 * serious or critical violation (colour contrast included) on the main screens in the dark theme.
 */

// the system asks for light: the first screen is light until the toggle says otherwise
test.use({ colorScheme: 'light' });

/** The page's background colour as the browser paints it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const isDark = (rgb: string) => {
  const [red, green, blue] = (rgb.match(/\d+/g) ?? []).map(Number);
  return red + green + blue < 3 * 100;
};

test('the theme toggle switches to dark, is remembered, and the dark screens pass axe', async ({ page }) => {
  test.setTimeout(300_000);
  await signInThroughForm(page);
  await page.goto('/filebucket/search/');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  expect(isDark(await background(page))).toBe(false);

  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  await expect.poll(async () => isDark(await background(page))).toBe(true);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  expect(isDark(await background(page))).toBe(true);

  for (const path of [
    '/dashboard',
    '/filebucket/search/',
    '/users/',
    '/mailman/providers/',
    '/mailman/queue/',
    '/archive/incoming-care-requests/',
    '/audit/',
    '/roles/',
    '/filebucket/api-keys/',
    '/customers/create-care-request/',
  ]) {
    await test.step(`axe in dark on ${path}`, async () => {
      await page.goto(path);
      await expect(page.locator('.RaLayout-content')).toBeVisible();
      // the care screens keep their event stream open, so the network is never idle: wait for the loading indicators instead
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await settled(page);
      await expectNoBlockingAxeViolation(page, `${path} (dark)`);
    });
  }

  await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
  await expect.poll(async () => isDark(await background(page))).toBe(false);
  await page.reload();
  await expect(page.locator('.RaLayout-content')).toBeVisible();
  expect(isDark(await background(page))).toBe(false);
});

test('the login page, shown before the panel has loaded, follows the chosen or the system theme and passes axe in dark', async ({
  page,
}) => {
  const loginBackground = () =>
    page.evaluate(() => getComputedStyle(document.querySelector('.login')!).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('input[name="username"]')).toBeFocused();
  expect(isDark(await loginBackground())).toBe(true);

  await page.locator('input[name="username"]').fill('nobody-at-all');
  await page.locator('input[name="password"]').fill('not-a-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Request failed with status code 401');
  await expectNoBlockingAxeViolation(page, '/login (dark)');

  await page.evaluate(() => localStorage.setItem('RaStore.theme', JSON.stringify('light')));
  await page.reload();
  await expect(page.locator('input[name="username"]')).toBeFocused();
  expect(isDark(await loginBackground())).toBe(false);
});
