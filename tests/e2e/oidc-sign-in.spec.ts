import type { Page } from '@playwright/test';
import { adminApi, expectJson } from './support/api';
import { E2E_PROVIDER_NAME, expect, test as workerTest } from './support/fixtures';
import { seedUser, uniqueSuffix } from './support/seed';

/**
 * Sign-in through a real OpenID Connect provider in Chromium: oidc-provider on loopback with its own login page, the compiled
 * server set up for it with OIDC_*. "Sign in with …" on the login page, the provider's form, back to the panel, the dashboard. The
 * hand-over cookie lives on PANEL_URL's origin (localhost here), where staff open the panel: these pages are opened there.
 */
const test = workerTest.extend({
  baseURL: async ({ server }, use) => use(server.baseURL.replace('127.0.0.1', 'localhost')),
});
test.use({ oidcProvider: true });

/** On the provider's own login page (oidc-provider's development form): any password signs the account in. */
async function signInAtProvider(page: Page, account: string) {
  await page.getByRole('link', { name: `Sign in with ${E2E_PROVIDER_NAME}` }).click();
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('signs in through the provider’s own login page and lands on the dashboard, with the roles its groups map to', async ({
  page,
  request,
  server,
}) => {
  const suffix = uniqueSuffix();
  const email = `nora-${suffix}@agency.example`;
  const nora = await seedUser(await adminApi(request), {
    publicName: `Nora ${suffix}`,
    username: email,
    password: `Nora-e2e-${suffix}-7`,
    roles: ['caregiver'],
  });
  server.provider!.accounts.set(`nora-${suffix}`, { email, email_verified: true, groups: ['recruiting'] });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });

  await page.goto('/login?redirect_to=%2Fdashboard');
  await signInAtProvider(page, `nora-${suffix}`);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello Nora ${suffix}!`)).toBeVisible();
  // the groups' role: a recruiter's drawer has the users, a caregiver's would have nothing
  await expect(page.getByRole('menuitem', { name: 'Users', exact: true })).toBeVisible();
  // no code, state or token in an address the panel showed, and the way back's parameter is gone from the history
  const panelAddresses = addresses.filter((address) => address.startsWith(new URL(page.url()).origin));
  expect(panelAddresses.filter((address) => /[?&](code|state|access_token|refresh_token)=/.test(address))).toEqual([]);
  expect(await page.evaluate(() => window.location.search)).toBe('');

  const api = await adminApi(request);
  const read = await expectJson<{ sign_in: string; domain_user: { roles: string[] } }>(
    await api.get(`/api/auth/administration/users/${nora.uid}/`),
    200,
  );
  expect(read).toMatchObject({ sign_in: 'oidc', domain_user: { roles: ['recruiter'] } });
});

test('an account that belongs to no user comes back to the login page, which says so in words', async ({
  page,
  server,
}) => {
  const suffix = uniqueSuffix();
  server.provider!.accounts.set(`stranger-${suffix}`, {
    email: `stranger-${suffix}@elsewhere.example`,
    email_verified: true,
  });

  await page.goto('/login');
  await signInAtProvider(page, `stranger-${suffix}`);

  await expect(page.getByRole('alert')).toHaveText(
    'No Caredesk user belongs to your account at the sign-in provider. Ask an administrator to add you.',
  );
  await expect(page).toHaveURL(/\/login$/);
  // the password form still works beside it
  await expect(page.locator('input[name="username"]')).toBeEnabled();
});
