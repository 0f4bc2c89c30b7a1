import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInThroughForm } from './support/session';
import { signInThroughApi } from './support/api';

/**
 * Editors opened directly or reloaded save once and leave, and no reload or redirect leaves a duplicate history
 * entry behind: the built panel against the real server, with data of its own.
 */

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const token = (await signInThroughApi(request)).access_token;
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Counts the page's requests with this method whose path starts with `path`. */
function countRequests(page: Page, method: string, path: string) {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.startsWith(path)) count += 1;
  });
  return () => count;
}

test('a provider editor opened by URL saves once on a double click and replaces itself with the list', async ({
  page,
}) => {
  const name = `Direct ${randomBytes(3).toString('hex')}`;
  const posts = countRequests(page, 'POST', '/api/mail/administration/providers/');
  await signInThroughForm(page);

  await page.goto('/mailman/providers/add/');
  await expect(page.getByLabel('Name')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Host').fill('smtp.direct.example');
  await page.getByLabel('Port').fill('2525');
  await page.getByRole('combobox', { name: /^Security/ }).click();
  await page.getByRole('option', { name: 'START/TLS' }).click();
  await page.getByRole('button', { name: 'Submit' }).dblclick();

  await expect(page).toHaveURL(/\/mailman\/providers\/$/);
  await expect(page.getByText('Provider saved')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  expect(posts()).toBe(1);
  const providers = await api<{ name: string }[]>(page.request, 'GET', '/api/mail/administration/providers/');
  expect(providers.filter((provider) => provider.name === name)).toHaveLength(1);

  // the list took the editor's place: Back leaves the panel's page opened by URL, it does not return to a filled form
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an account editor reloaded after the list saves once, goes back, and its test mail has a sender', async ({
  page,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const provider = await api<{ uid: string; name: string; host: string }>(
    page.request,
    'POST',
    '/api/mail/administration/providers/',
    {
      name: `Relay ${suffix}`,
      host: 'smtp.reload.example',
      port: 25,
      security: 'none',
    },
  );
  const expression = `^(desk-${suffix}|office-${suffix})@reload\\.example$`;
  const posts = countRequests(page, 'POST', '/api/mail/administration/accounts/');
  await signInThroughForm(page);

  await page.getByRole('menuitem', { name: 'Accounts' }).click();
  await page.getByRole('link', { name: 'Add' }).first().click();
  await expect(page).toHaveURL(/\/mailman\/accounts\/add\/$/);
  await page.reload();
  await page.getByLabel('Regular Expression').fill(expression);
  await page.getByRole('combobox', { name: /^Provider/ }).click();
  await page.getByRole('option', { name: `${provider.name} (${provider.host})` }).click();
  await page.getByRole('button', { name: 'Submit' }).dblclick();

  await expect(page).toHaveURL(/\/mailman\/accounts\/$/);
  await expect(page.getByText('Account saved')).toBeVisible();
  expect(posts()).toBe(1);
  const accounts = await api<{ expression: string }[]>(page.request, 'GET', '/api/mail/administration/accounts/');
  expect(accounts.filter((account) => account.expression === expression)).toHaveLength(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/mailman\/accounts\/$/);

  await test.step('the test mail offers the first alternative as sender; after Escape no tooltip is in the way', async () => {
    const other = `^other-${suffix}@reload\\.example$`;
    await api(page.request, 'POST', '/api/mail/administration/accounts/', {
      expression: other,
      provider: { uid: provider.uid },
      credentials: null,
      credentials_changed: false,
    });
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test mail' });
    const tooltipDelay = () => page.waitForTimeout(400); // longer than the tooltip's enter delay
    await page.getByRole('button', { name: `Send test mail ${expression}` }).click();
    await expect(dialog.getByLabel('Sender')).toHaveValue(`desk-${suffix}@reload.example`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await tooltipDelay();
    // the next row's button takes the click at once (an interactive tooltip left open over it would catch it)
    await page.getByRole('button', { name: `Send test mail ${other}` }).click({ timeout: 2_000 });
    await expect(dialog.getByLabel('Sender')).toHaveValue(`other-${suffix}@reload.example`);
    await page.mouse.move(0, 0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Send test mail ${other}` })).toBeFocused();
    await tooltipDelay();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  await test.step('the editor keeps Submit and Send test mail apart', async () => {
    await page.getByRole('row').filter({ hasText: expression }).getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByLabel('Regular Expression')).toHaveValue(expression);
    const submit = await page.getByRole('button', { name: 'Submit' }).boundingBox();
    const testMail = await page.getByRole('button', { name: 'Send test mail' }).boundingBox();
    expect(testMail!.x - (submit!.x + submit!.width)).toBeGreaterThanOrEqual(8);
  });
});

test('a user edit route reloaded after the list saves once and goes back to the list', async ({ page }) => {
  const suffix = randomBytes(3).toString('hex');
  const created = await api<{ domain_user: { uid: string } }>(page.request, 'POST', '/api/auth/administration/users/', {
    username: `reload-${suffix}`,
    password: 'reload-pass-1',
    public_name: `Reload ${suffix}`,
    roles: ['caregiver'],
  });
  const uid = created.domain_user.uid;
  const puts = countRequests(page, 'PUT', `/api/auth/administration/users/${uid}/`);
  await signInThroughForm(page);

  await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
  await page.getByPlaceholder('Search', { exact: true }).fill(suffix);
  await expect(page).toHaveURL(new RegExp(suffix));
  await expect(page.getByRole('row').filter({ hasText: `Reload ${suffix}` })).toHaveCount(1);
  const search = page.url();
  await page
    .getByRole('row')
    .filter({ hasText: `Reload ${suffix}` })
    .getByRole('link', { name: /^Edit/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/users/${uid}/$`));
  await page.reload();
  const name = page.getByRole('textbox', { name: 'Public name' });
  await expect(name).toHaveValue(`Reload ${suffix}`);
  await name.fill(`Reloaded ${suffix}`);
  await page.getByRole('button', { name: 'Submit' }).dblclick();

  await expect(page).toHaveURL(search);
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Reloaded ${suffix}` })).toHaveCount(1);
  expect(puts()).toBe(1);
  const users = await api<{ domain_user: { uid: string; public_name: string } }[]>(
    page.request,
    'GET',
    '/api/auth/administration/users/',
  );
  expect(users.find((user) => user.domain_user.uid === uid)?.domain_user.public_name).toBe(`Reloaded ${suffix}`);
});

test('Back after a reload goes to the previous page, on a list and on a URL-state list', async ({ page }) => {
  await signInThroughForm(page);

  await test.step('a list', async () => {
    await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/$/);
    await page.getByRole('menuitem', { name: 'Providers' }).click();
    await expect(page).toHaveURL(/\/mailman\/providers\/$/);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Add' }).first()).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/users\/$/);
    await expect(page.getByRole('columnheader', { name: 'Username' })).toBeVisible();
  });

  await test.step('the file search, its state in the URL', async () => {
    await page.getByRole('menuitem', { name: 'Search files', exact: true }).click();
    await expect(page).toHaveURL(/\/filebucket\/search\/$/);
    await page.getByPlaceholder('Search', { exact: true }).fill('no-such-file');
    await expect(page).toHaveURL(
      /\/filebucket\/search\/\?page=1&pageSize=10&sortBy=uploaded&ordering=des&search=no-such-file$/,
    );
    await page.reload();
    await expect(page.getByPlaceholder('Search', { exact: true })).toHaveValue('no-such-file');
    await expect(page).toHaveURL(/search=no-such-file$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/filebucket\/search\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/users\/$/);
  });
});
