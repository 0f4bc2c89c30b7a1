import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { adminApi, expectJson } from './support/api';
import { seedUser, uniqueSuffix } from './support/seed';
import { signInWithToken } from './support/session';

/**
 * End to end: the panel by permission against the real services (default role policy of a new installation).
 * The role policy is shared by every spec on this server: the Roles test changes only a role of its own.
 */

const drawer = (page: Page) => page.getByRole('menuitem');

test('a dispatcher sees only its screens, and a direct link to another shows the no-access page', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const suffix = uniqueSuffix();
  const dispatcher = await seedUser(api, {
    publicName: `Dora ${suffix}`,
    username: `dora-${suffix}`,
    password: `Dora-e2e-${suffix}-7`,
    roles: ['dispatcher'],
  });
  await signInWithToken(page, request, 'en', dispatcher);

  await test.step('the drawer holds the care, file search and mail entries only', async () => {
    await page.goto('/dashboard');
    await expect(page.getByText(`Hello Dora ${suffix}!`)).toBeVisible();
    await expect(drawer(page)).toHaveText([
      'Dashboard',
      'Care Requests',
      'Board',
      'Create Care Request',
      'Search files',
      'Providers',
      'Accounts',
      'Queue',
      'Delivered Mails',
      'Delivery Retries',
      'Failed Deliveries',
      'Mail Log',
    ]);
  });

  await test.step('the mail lists show no Add and no Edit (mail:read without mail:manage)', async () => {
    await drawer(page).filter({ hasText: 'Providers' }).click();
    await expect(page).toHaveURL(/\/mailman\/providers\/$/);
    await expect(page.getByRole('link', { name: 'Add', exact: true })).toHaveCount(0);
  });

  await test.step('/users/ shows the no-access page in place, without a redirect', async () => {
    await page.goto('/users/');
    await expect(page.getByRole('heading', { name: 'No access', exact: true, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/users\/$/);
    await page.getByRole('link', { name: 'To the dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('so do /roles/ and the API token screens', async () => {
    for (const path of ['/roles/', '/filebucket/api-keys/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'No access', exact: true, level: 1 })).toBeVisible();
    }
  });
});

test('a caregiver, who holds no permission, sees a page that says so, with New Password and Logout', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const suffix = uniqueSuffix();
  const caregiver = await seedUser(api, {
    publicName: `Nina ${suffix}`,
    username: `nina-${suffix}`,
    password: `Nina-e2e-${suffix}-7`,
    roles: ['caregiver'],
  });
  await signInWithToken(page, request, 'en', caregiver);

  await page.goto('/dashboard');
  const noPanel = page.getByRole('heading', { name: 'No access to the panel', exact: true, level: 1 });
  await expect(noPanel).toBeVisible();
  await expect(drawer(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'New Password', exact: true }).click();
  await expect(page).toHaveURL(/\/new-password$/);
  await expect(page.getByRole('textbox', { name: /^New password/ })).toBeVisible();

  await page.goto('/users/');
  await expect(noPanel).toBeVisible();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the Roles screen changes what the role grants, and its user sees it after a reload', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const api = await adminApi(request);
  const suffix = uniqueSuffix();
  const role = `e2e-viewer-${suffix}`;
  await expectJson(await api.put(`/api/auth/administration/roles/${role}/`, { permissions: ['files:read'] }), 200);
  const viewer = await seedUser(api, {
    publicName: `Vera ${suffix}`,
    username: `vera-${suffix}`,
    password: `Vera-e2e-${suffix}-7`,
    roles: [role],
  });

  const other = await browser.newContext({ baseURL, locale: 'en-US' });
  const viewerPage = await other.newPage();
  await signInWithToken(viewerPage, request, 'en', viewer);
  await viewerPage.goto('/dashboard');
  await expect(drawer(viewerPage)).toHaveText(['Dashboard', 'Search files']);

  await test.step('an administrator grants the role care:read on the Roles screen', async () => {
    await signInWithToken(page, request);
    await page.goto('/dashboard');
    await page.getByRole('menuitem', { name: 'Roles', exact: true }).click();
    await expect(page).toHaveURL(/\/roles\/$/);
    const card = page.getByRole('region', { name: role, exact: true });
    await expect(card.getByRole('checkbox', { name: 'View files', exact: true })).toBeChecked();
    const careRead = card.getByRole('checkbox', { name: 'View care requests', exact: true });
    await expect(careRead).not.toBeChecked();
    await careRead.check();
    await card.getByRole('button', { name: `Save ${role}`, exact: true }).click();
    await expect(page.getByText(`The permissions of the role ${role} were saved.`)).toBeVisible();

    const policy = await expectJson<{ role: string; permissions: string[] }[]>(
      await api.get('/api/auth/administration/roles/'),
      200,
    );
    expect(policy.find((entry) => entry.role === role)?.permissions).toEqual(['files:read', 'care:read']);
  });

  await test.step('the user sees the new entry after a reload', async () => {
    await viewerPage.reload();
    await expect(drawer(viewerPage)).toHaveText(['Dashboard', 'Care Requests', 'Board', 'Search files']);
    await drawer(viewerPage).filter({ hasText: 'Care Requests' }).click();
    await expect(viewerPage).toHaveURL(/\/archive\/incoming-care-requests\/$/);
    await expect(viewerPage.getByRole('heading', { name: 'No access', exact: true, level: 1 })).toHaveCount(0);
  });

  await other.close();
});
