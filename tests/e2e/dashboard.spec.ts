import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { formatSize } from '../../src/resources/files/format';
import { adminApi, expectJson, type AdminApi } from './support/api';
import { seedCareRequest, seedFile, seedUser, uniqueSuffix } from './support/seed';
import { signInWithToken } from './support/session';

/**
 * The dashboard end to end: data created through the real services' routes, the figures the panel shows against
 * what the statistics routes answer, the links, and a user who sees only the figures of their permissions.
 */

interface Week {
  requests: number;
  core_territory: number;
  optional_territory: number;
}

const count = (value: number) => new Intl.NumberFormat('en').format(value);
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const statistics = <T>(api: AdminApi, path: string) => api.get(path).then((response) => expectJson<T>(response, 200));

test('the figures match the statistics routes after seeding, link to their screens, and follow the permissions', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const suffix = uniqueSuffix();
  const filesBefore = await statistics<{ files: number; total_size: number }>(api, '/api/files/statistics/');
  const tokensBefore = await statistics<{ expiring: number }>(
    api,
    '/api/files/administration/access-tokens/statistics/',
  );

  await test.step('seed files, a care request, a token expiring in 3 days and a locked-out user through the routes', async () => {
    await seedFile(api, { name: `dash-${suffix}-a.csv`, description: 'Kennzahlen', content: 'a'.repeat(1500) });
    await seedFile(api, { name: `dash-${suffix}-b.csv`, description: 'Kennzahlen', content: 'b'.repeat(2600) });
    await seedCareRequest(api, `dash-${suffix}.example`);
    const expires = Math.floor(Date.now() / 1000) + 3 * 86_400;
    await expectJson(
      await api.post('/api/files/administration/access-tokens/', {
        service: `dash-${suffix}`,
        token: `e2e-dash-${suffix}-0123456789abcdef1`,
        expires,
      }),
      201,
    );
    const locked = await seedUser(api, {
      publicName: `Lock ${suffix}`,
      username: `lock-${suffix}`,
      password: `Lock-e2e-${suffix}-7`,
      roles: [],
    });
    const basic = `Basic ${Buffer.from(`${locked.username}:wrong-password`).toString('base64')}`;
    await expect(async () => {
      await request.post('/api/auth/token/', { headers: { authorization: basic } });
      const users = await statistics<{ locked_users: number }>(api, '/api/auth/administration/statistics/');
      expect(users.locked_users).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000, intervals: [0] });
  });

  const files = await statistics<{ files: number; total_size: number }>(api, '/api/files/statistics/');
  expect(files).toEqual({ files: filesBefore.files + 2, total_size: filesBefore.total_size + 4100 });
  const tokens = await statistics<{ expiring: number }>(api, '/api/files/administration/access-tokens/statistics/');
  expect(tokens.expiring).toBe(tokensBefore.expiring + 1);
  const users = await statistics<{ locked_users: number }>(api, '/api/auth/administration/statistics/');
  const care = await statistics<{ weeks: Week[] }>(api, '/api/care/statistics/');
  expect(care.weeks).toHaveLength(12);
  expect(care.weeks.at(-1)!.requests).toBeGreaterThan(0);
  const sum = (field: keyof Week) => care.weeks.reduce((total, week) => total + week[field], 0);

  await signInWithToken(page, request, 'en');
  await page.goto('/dashboard');

  await test.step('the administrator sees every figure as the routes count it', async () => {
    // the first figures wait for the dashboard's lazy chunk and six statistics reads
    await expect(region(page, 'Files').getByRole('link', { name: `Files stored ${count(files.files)}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      region(page, 'Files').getByRole('link', { name: `Total size ${formatSize(files.total_size, 'en')}` }),
    ).toBeVisible();
    const tokenCard = region(page, 'API access tokens expiring within 14 days');
    await expect(tokenCard.getByRole('link', { name: `Filebucket ${count(tokens.expiring)}` })).toHaveAttribute(
      'href',
      '/filebucket/api-keys/',
    );
    await expect(
      region(page, 'Users').getByRole('link', { name: `Locked out ${count(users.locked_users)}` }),
    ).toHaveAttribute('href', '/users/');
    const careCard = region(page, 'Care requests per week');
    await expect(
      careCard.getByText(
        `${count(sum('requests'))} care requests: ${count(sum('core_territory'))} in the core territory, ${count(sum('optional_territory'))} in the optional territory.`,
      ),
    ).toBeVisible();
    await expect(careCard.locator('svg').first()).toBeVisible();
    const mail = region(page, 'Mail delivery');
    for (const [label, href] of [
      ['Queued', '/mailman/queue/'],
      ['Waiting for another attempt', '/mailman/failed-temporarily/'],
      ['Failed permanently', '/mailman/failed-permanently/'],
      ['Delivered today', '/mailman/delivered/'],
    ]) {
      await expect(mail.getByRole('link', { name: new RegExp(`^${label} [\\d,]+$`) })).toHaveAttribute('href', href);
    }
  });

  await test.step('a figure opens its screen', async () => {
    await region(page, 'Files')
      .getByRole('link', { name: /^Files stored/ })
      .click();
    await expect(page).toHaveURL(/\/filebucket\/search\/$/);
    await page.goBack();
    await region(page, 'Users')
      .getByRole('link', { name: /^Locked out/ })
      .click();
    await expect(page).toHaveURL(/\/users\/$/);
    await expect(page.getByText(`Lock ${suffix}`)).toBeVisible();
  });

  await test.step('a dispatcher sees the mail, file and care figures and their own work only', async () => {
    const dispatcher = await seedUser(api, {
      publicName: `Dash ${suffix}`,
      username: `dash-${suffix}`,
      password: `Dash-e2e-${suffix}-7`,
      roles: ['dispatcher'],
    });
    await signInWithToken(page, request, 'en', dispatcher);
    await page.goto('/dashboard');
    await expect(region(page, 'Files').getByRole('link', { name: `Files stored ${count(files.files)}` })).toBeVisible();
    await expect(region(page, 'Mail delivery')).toBeVisible();
    await expect(region(page, 'Care requests per week')).toBeVisible();
    await expect(region(page, 'My work').getByRole('link', { name: /^My requests \d+$/ })).toBeVisible();
    await expect(page.getByRole('region')).toHaveCount(4);
  });
});
