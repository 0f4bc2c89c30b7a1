import { readFile } from 'node:fs/promises';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { adminApi, expectJson, signInThroughApi } from './support/api';
import { seedUser, uniqueSuffix, type SeededUser } from './support/seed';
import { signInWithToken } from './support/session';

/** End to end: the Audit screen with its CSV export, a locked user unlocked, and a session revoked. */

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A sign-in attempt straight at the auth service; its status. */
async function tryPassword(request: APIRequestContext, username: string, password: string): Promise<number> {
  const basic = Buffer.from(`${username}:${password}`).toString('base64');
  return (await request.post('/api/auth/token/', { headers: { authorization: `Basic ${basic}` } })).status();
}

async function seedStaff(request: APIRequestContext, name: string): Promise<SeededUser> {
  const suffix = uniqueSuffix();
  const api = await adminApi(request);
  return seedUser(api, {
    publicName: `${name} ${suffix}`,
    username: `${name.toLowerCase()}.${suffix}`,
    password: `e2e-${suffix}-Pass-9!`,
    roles: ['recruiter'],
  });
}

test('the audit trail lists what was just done, shows one event and exports the selection as CSV', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const target = await seedStaff(request, 'Audit');
  await expectJson(await api.post('/api/auth/administration/ban-users/', { uids: [target.uid] }), 200);
  await signInWithToken(page, request);

  await test.step('the list finds the create and the ban of the user', async () => {
    await page.goto('/audit/');
    await page.getByPlaceholder('Search', { exact: true }).fill(target.publicName);
    await expect(page).toHaveURL(/[?&]search=/);
    const rows = page.getByRole('row').filter({ hasText: `User: ${target.publicName}` });
    await expect(rows.filter({ hasText: 'User banned' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'User created' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'User banned' }).getByText('Success')).toBeVisible();
  });

  await test.step('one event shows its changes; Back keeps the search', async () => {
    const listUrl = page.url();
    await page
      .getByRole('row')
      .filter({ hasText: 'User banned' })
      .getByRole('link', { name: /^Show event/ })
      .click();
    await expect(page).toHaveURL(/\/audit\/\d+\/$/);
    await expect(page.getByTestId('audit-event')).toContainText('user.ban');
    await expect(page.getByTestId('audit-event')).toContainText(target.publicName);
    await expect(
      page.getByRole('table', { name: 'Changes' }).getByRole('row').filter({ hasText: 'banned' }),
    ).toContainText('true');
    await page.getByRole('button', { name: 'Back to the audit trail' }).click();
    await expect(page).toHaveURL(listUrl);
  });

  await test.step('Export CSV downloads the selected events with a byte order mark and headers', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('audit-trail.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual(UTF8_BOM);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Time,Actor,Actor ID,Client address,Action,Action name,Target type,Target ID,Target,Outcome,Changes',
    );
    const ofTarget = lines.slice(1).filter((line) => line.includes(target.uid));
    expect(ofTarget.some((line) => line.includes(',user.ban,'))).toBe(true);
    expect(ofTarget.some((line) => line.includes(',user.create,'))).toBe(true);
  });
});

test('a user locked by failed sign-ins shows Locked, and Unlock lets them sign in again', async ({ page, request }) => {
  const locked = await seedStaff(request, 'Locked');
  // the administrator's session first: the failures below count against this address too
  await signInWithToken(page, request);

  await test.step('wrong passwords until the service throttles the username', async () => {
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1)
      status = await tryPassword(request, locked.username, 'wrong-password-1');
    expect(status).toBe(429);
    expect(await tryPassword(request, locked.username, locked.password)).toBe(429);
  });

  await test.step('the users list shows the Locked chip; Unlock clears it', async () => {
    await page.goto('/users/');
    await page.getByPlaceholder('Search', { exact: true }).fill(locked.username);
    const row = page.getByRole('row').filter({ hasText: locked.publicName });
    await expect(row.getByText('Locked', { exact: true })).toBeVisible();
    await expect(row).toContainText('never');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page.getByText('Sign-in has been unlocked.')).toBeVisible();
    await expect(row.getByText('Locked', { exact: true })).toHaveCount(0);
    expect(await tryPassword(request, locked.username, locked.password)).toBe(200);
  });

  await test.step('the last sign-in appears after a reload', async () => {
    await page.reload();
    await page.getByPlaceholder('Search', { exact: true }).fill(locked.username);
    const row = page.getByRole('row').filter({ hasText: locked.publicName });
    await expect(row).not.toContainText('never');
  });
});

test("the Sessions tab lists a user's session, and Revoke ends it", async ({ page, request }) => {
  const staff = await seedStaff(request, 'Session');
  const { refresh_token: refreshToken } = await signInThroughApi(request, staff);
  await signInWithToken(page, request);

  await page.goto(`/users/${staff.uid}/`);
  await expect(page.getByRole('textbox', { name: 'Public name', exact: true })).toHaveValue(staff.publicName);
  await page.getByRole('tab', { name: 'Sessions', exact: true }).click();
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(sessions.getByRole('row').nth(1)).toContainText('127.0.0.1');

  await sessions.getByRole('button', { name: 'Revoke', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this session?' });
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('The session has been revoked.')).toBeVisible();
  await expect(page.getByText('No active sessions.')).toBeVisible();

  const refreshed = await request.post('/api/auth/token/', { headers: { authorization: `Bearer ${refreshToken}` } });
  expect(refreshed.status()).toBe(401);
});
