import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN } from '../../playwright.config';

/** End to end: the built panel against the real server on a fresh data folder. */

async function signIn(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('staff administer users, switch language, change their password and log out', async ({
  page,
  browser,
  baseURL,
}) => {
  const nora = { publicName: 'Nora Pflege', username: 'nora.pflege', password: 'nora-pass-1' };
  let adminPassword = E2E_ADMIN.password;

  await test.step('a protected page sends a signed-out visitor through sign-in and back', async () => {
    await page.goto('/users/?search=x');
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Fusers%2F&search=x$/);
    await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toBeFocused();
    await signIn(page, E2E_ADMIN.username, adminPassword);
    await expect(page).toHaveURL(/\/users\/\?search=x$/);
  });

  await test.step('the first administrator is greeted on the dashboard', async () => {
    await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Hello Administrator!')).toBeVisible();
  });

  await test.step('create a user', async () => {
    await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/create\/?$/);
    await expect(page.getByText('Create a new domain user')).toBeVisible();
    await page.getByRole('textbox', { name: 'Public name', exact: true }).fill(nora.publicName);
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(nora.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(nora.password);
    await page.getByRole('textbox', { name: 'Confirmation', exact: true }).fill(nora.password);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/?$/);
    await expect(page.getByRole('cell', { name: nora.username, exact: true })).toBeVisible();
  });

  await test.step('give the user roles', async () => {
    await page.getByRole('link', { name: `Edit ${nora.publicName}` }).click();
    await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/?$/);
    const roles = page.getByPlaceholder('Add a role');
    await roles.fill('caregi');
    await page.getByRole('option', { name: 'caregiver', exact: true }).click();
    await roles.fill('night-shift-lead');
    await roles.press('Enter');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/?$/);
    const row = page.getByRole('row').filter({ hasText: nora.username });
    await expect(row.getByText('caregiver', { exact: true })).toBeVisible();
    await expect(row.getByText('night-shift-lead', { exact: true })).toBeVisible();
  });

  await test.step('ban the user, who then cannot sign in', async () => {
    const row = page.getByRole('row').filter({ hasText: nora.username });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Ban this user?' })
      .getByRole('button', { name: 'Ban', exact: true })
      .click();
    await expect(page.getByText('Users have been baned.')).toBeVisible();
    await expect(row.getByText('Banned', { exact: true })).toBeVisible();

    const other = await browser.newContext({ baseURL, locale: 'en-US' });
    const noraPage = await other.newPage();
    await noraPage.goto('/login');
    await signIn(noraPage, nora.username, nora.password);
    await expect(noraPage.getByText('Request failed with status code 401')).toBeVisible();
    await expect(noraPage.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue('');
    await expect(noraPage).toHaveURL(/\/login/);
    await other.close();
  });

  await test.step('switch to Deutsch and see German texts', async () => {
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Deutsch', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Benutzer', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sperren', exact: true })).toBeVisible();
  });

  await test.step('change the own password (in German)', async () => {
    await page.getByRole('button', { name: /\(Konto\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Neues Passwort', exact: true }).click();
    await expect(page).toHaveURL(/\/new-password$/);
    adminPassword = 'Neu-Passwort-2026!';
    await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(adminPassword);
    await page.getByRole('textbox', { name: 'Bestätigung', exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Das Passwort wurde erfolgreich geändert')).toBeVisible();
  });

  await test.step('log out, and sign in again with the new password', async () => {
    await page.getByRole('button', { name: /\(Konto\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/); // the logged-out flag stops the automatic sign-in
    await page.getByRole('textbox', { name: 'Benutzername', exact: true }).fill(E2E_ADMIN.username);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByText(/401/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Benutzername', exact: true }).fill(E2E_ADMIN.username);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(adminPassword);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('a reload keeps the session through the stored refresh token', async () => {
    await page.goto('/users/');
    await expect(page).toHaveURL(/\/users\/$/);
    await expect(page.getByRole('cell', { name: nora.username, exact: true })).toBeVisible();
  });

  await test.step('restore the administrator password for the other browser tests', async () => {
    const basic = Buffer.from(`${E2E_ADMIN.username}:${adminPassword}`).toString('base64');
    const signIn = await page.request.post('/api/auth/token/', { headers: { authorization: `Basic ${basic}` } });
    expect(signIn.status()).toBe(200);
    const { access_token } = await signIn.json();
    const restore = await page.request.put('/api/auth/update-password-authentication/', {
      headers: { authorization: `Bearer ${access_token}` },
      data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    });
    expect(restore.status()).toBe(200);
  });
});
