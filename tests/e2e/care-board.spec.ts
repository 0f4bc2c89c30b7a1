import type { Browser, APIRequestContext, Page } from '@playwright/test';
import { adminApi, expectJson, type AdminApi } from './support/api';
import { expect, test } from './support/fixtures';
import { seedCareRequest, seedUser, uniqueSuffix, type SeededUser } from './support/seed';
import { signInWithToken } from './support/session';

/**
 * The care board in the browser against the real server: two signed-in browsers see each other's work live (no reload), a late
 * change is refused in words, and the board is worked by keyboard alone.
 */

const BOARD = '/archive/care-requests/board/';
const LIVE = { timeout: 5_000 };

const card = (page: Page, uid: string) => page.locator(`[data-testid="board-card"][data-uid="${uid}"]`);
const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);

async function openBoard(browser: Browser, request: APIRequestContext, user?: SeededUser, { live = true } = {}) {
  const context = await browser.newContext();
  // a browser that hears nothing keeps the versions it loaded
  if (!live) await context.route('**/api/care/events/', (route) => route.abort());
  const page = await context.newPage();
  await signInWithToken(page, request, 'en', user);
  await page.goto(BOARD);
  await expect(page.getByRole('heading', { name: 'New' })).toBeVisible();
  return page;
}

/**
 * Picks the card up with Space, moves it column by column to the right with the arrow key (each step once the screen reader's
 * announcement names the column it is over) and drops it with Space.
 */
async function moveByKeyboard(page: Page, uid: string, columns: string[]) {
  await card(page, uid)
    .getByRole('button', { name: /^Move the request received/ })
    .focus();
  await page.keyboard.press('Space');
  for (const name of columns) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`The request is over the column ${name}.`)).toBeAttached();
  }
  await page.keyboard.press('Space');
}

async function seedWork(api: AdminApi) {
  const suffix = uniqueSuffix();
  const uid = await seedCareRequest(api, `www.board-${suffix}.example`);
  const dispatcher = await seedUser(api, {
    username: `dora-${suffix}`,
    password: 'e2e-Dora-pass-1',
    publicName: `Dora ${suffix}`,
    roles: ['dispatcher'],
  });
  const admin = await expectJson<{ public_name: string }>(await api.get('/api/auth/info/'), 200);
  return { uid, dispatcher, adminName: admin.public_name };
}

test('one dispatcher assigns and moves a card, the other sees it within seconds without a reload', async ({
  browser,
  request,
}) => {
  const api = await adminApi(request);
  const { uid, dispatcher, adminName } = await seedWork(api);
  const mine = await openBoard(browser, request);
  const theirs = await openBoard(browser, request, dispatcher);
  await expect(card(theirs, uid)).toBeVisible();

  await card(mine, uid)
    .getByRole('button', { name: /^Open request received/ })
    .click();
  await mine.getByTestId('workflow-panel').getByRole('button', { name: 'Assign to me' }).click();
  await expect(mine.getByTestId('workflow-panel').getByText(`Assignee: ${adminName}`)).toBeVisible();
  await mine.keyboard.press('Escape');
  await expect(card(theirs, uid)).toContainText(adminName, LIVE);

  await moveByKeyboard(mine, uid, ['Contacting']);
  await expect(column(mine, 'contacting').locator(`[data-uid="${uid}"]`)).toBeVisible();
  await expect(column(theirs, 'contacting').locator(`[data-uid="${uid}"]`)).toBeVisible(LIVE);
  await expect(column(theirs, 'new').locator(`[data-uid="${uid}"]`)).toHaveCount(0);
});

test('a move made on an old version is refused in words, naming who changed the request, and the card goes back', async ({
  browser,
  request,
}) => {
  const api = await adminApi(request);
  const { uid, dispatcher, adminName } = await seedWork(api);
  const theirs = await openBoard(browser, request, dispatcher, { live: false });
  await expect(card(theirs, uid)).toBeVisible();
  await expectJson(
    await api.request.patch(`/api/care/care-requests/${uid}/workflow/`, {
      headers: { authorization: `Bearer ${api.accessToken}` },
      data: { version: 1, status: 'offer_sent' },
    }),
    200,
  );

  await moveByKeyboard(theirs, uid, ['Contacting']);
  await expect(
    theirs.getByText(
      `${adminName} changed this request in the meantime: it is now Offer sent, not assigned. Nothing was moved.`,
    ),
  ).toBeVisible();
  await expect(column(theirs, 'offer_sent').locator(`[data-uid="${uid}"]`)).toBeVisible();
  await expect(column(theirs, 'contacting').locator(`[data-uid="${uid}"]`)).toHaveCount(0);
});

test('the board by keyboard alone: a card moved into Declined asks for the reason, and the closed columns show behind the switch', async ({
  browser,
  request,
}) => {
  const api = await adminApi(request);
  const { uid } = await seedWork(api);
  const page = await openBoard(browser, request);
  await page.getByRole('switch', { name: 'Show closed statuses' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: 'Declined' })).toBeVisible();

  await moveByKeyboard(page, uid, ['Contacting', 'Offer sent', 'Placed', 'Declined']);
  const question = page.getByRole('dialog', { name: 'Why is the request Declined?' });
  await expect(question).toBeVisible();
  await question.getByRole('combobox', { name: 'Reason' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Duplicate' }).focus();
  await page.keyboard.press('Enter');
  await question.getByRole('button', { name: 'Move' }).focus();
  await page.keyboard.press('Enter');
  await expect(column(page, 'declined').locator(`[data-uid="${uid}"]`)).toBeVisible();
  const state = await expectJson<{ items: { uid: string; status: string }[] }>(
    await api.get(
      `/api/care/incoming/care-requests/?page=1&page_size=100&filters=${encodeURIComponent(JSON.stringify({ status: ['declined'] }))}`,
    ),
    200,
  );
  expect(state.items.find((item) => item.uid === uid)?.status).toBe('declined');
});
