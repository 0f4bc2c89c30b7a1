import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { signInThroughApi } from './api';

export type Lang = 'en' | 'de';

/**
 * Signs the page in without the login form: a fresh refresh token from the auth service goes where the panel keeps it,
 * with the panel's language, on storage cleared of an earlier session; the next protected page signs in through the root
 * page as after a reload.
 */
export async function signInWithToken(
  page: Page,
  request: APIRequestContext,
  lang: Lang = 'en',
  user = E2E_ADMIN,
): Promise<void> {
  const { refresh_token: refreshToken } = await signInThroughApi(request, user);
  await page.goto('/api/health');
  await page.evaluate(
    ([token, locale]) => {
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('caredesk.refresh_token', token);
      localStorage.removeItem('caredesk.logged_out');
      localStorage.setItem('RaStore.locale', JSON.stringify(locale));
    },
    [refreshToken, lang] as const,
  );
}

/** Signs in through the login form (in either language: the fields are found by name). */
export async function signInThroughForm(page: Page, user = E2E_ADMIN): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A signed-out page in the given language (for the login page). */
export async function signedOutIn(page: Page, lang: Lang): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((locale) => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('RaStore.locale', JSON.stringify(locale));
  }, lang);
}
