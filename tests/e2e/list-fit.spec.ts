import { type BrowserContext, type Page } from '@playwright/test';
import { expectJson, adminApi, type AdminApi } from './support/api';
import { expect, test } from './support/fixtures';
import { clippedTexts, sidewaysOverflow } from './support/overflow';
import { closedPort, startSmtpPeer, type SmtpPeer } from './support/smtpPeer';
import {
  seedAccount,
  seedCareRequest,
  seedFile,
  seedProvider,
  seedToken,
  seedUser,
  sendMail,
  uniqueSuffix,
  waitForMail,
} from './support/seed';
import { hostOf, letters, wordsOf } from './support/longestValues';
import { signInWithToken, type Lang } from './support/session';

/**
 * Every list fits its window, at 1280×720 and at 390×844, in English and German, on the demo data and with values as long as
 * the contracts allow (contracts/*.ts maxLength): the page never scrolls sideways, nothing is cut off without its whole text on
 * hover and focus, a desktop row is one line high, and the columns that matter keep room to be read. A table that cannot fit
 * scrolls in its own box, never the page.
 */

const SIZES = { desktop: { width: 1280, height: 720 }, phone: { width: 390, height: 844 } } as const;

/** An address whose local part (64 characters, the most there is) starts with `local`. */
const longAddress = (local: string, domain: string) => `${local}${letters(64 - local.length, 'xyz')}@${domain}`;
const escaped = (text: string) => text.replace(/[.]/g, '\\.');

interface Seeded {
  publicName: string;
  retryError: RegExp;
}

/**
 * The longest values of every list: a user (name, username, a role), a provider with a name and one with a host, an account
 * with an expression and credentials, mails (delivered, failed with refused recipients, retried through the unreachable host)
 * with the longest addresses and subject, a file (name, description, references), a token per service, and a care request with
 * the longest origin and affiliate, assigned to the user and overdue. The audit trail records them.
 */
async function seedLongestValues(api: AdminApi, peer: SmtpPeer): Promise<Seeded> {
  const suffix = uniqueSuffix();
  // addresses of 253 characters: the contracts take 254, the SMTP peer (smtp-server) refuses more than 253
  const domain = hostOf(253 - 65, 'example');
  const role = `${letters(64 - suffix.length - 1, 'nachtbereitschaft')}-${suffix}`;
  const user = await seedUser(api, {
    publicName: wordsOf(128, `Maria-Magdalena ${suffix}`),
    username: `${suffix}-${letters(64 - suffix.length - 1)}`,
    password: 'pflege-Pass-1',
    roles: ['dispatcher', role],
  });

  const peerProvider = await seedProvider(api, {
    name: wordsOf(128, `Postausgang ${suffix}`),
    host: '127.0.0.1',
    port: peer.port,
  });
  const unreachable = await seedProvider(api, {
    name: `Ausweichserver ${suffix}`,
    host: hostOf(253, 'invalid'),
    port: await closedPort(),
  });
  const sender = longAddress(`buero-${suffix}-`, domain);
  const expression = `^(?:${escaped(sender.split('@')[0])}`;
  const tail = `)@${escaped(domain)}$`;
  await seedAccount(
    api,
    `${expression}${`|vertretung-${suffix}`.repeat(40).slice(0, 512 - expression.length - tail.length)}${tail}`,
    peerProvider,
  );
  const credentials = {
    expression: `^warten-${suffix}-`,
    provider: { uid: unreachable },
    credentials: { username: letters(256), password: 'smtp-Pass-1' },
    credentials_changed: true,
  };
  await expectJson(await api.post('/api/mail/administration/accounts/', credentials), 201);

  const subject = wordsOf(998, `Monatsabrechnung ${suffix}`);
  const delivered = await sendMail(api, {
    sender,
    to: [longAddress(`pflege-${suffix}-`, domain), longAddress(`team-${suffix}-`, domain)],
    subject,
  });
  const refused = Array.from({ length: 5 }, (_, index) => longAddress(`refused-${index}-${suffix}-`, domain));
  const failed = await sendMail(api, { sender, to: refused, subject });
  const retried = await sendMail(api, {
    sender: longAddress(`warten-${suffix}-`, domain),
    to: [longAddress(`pflege-${suffix}-`, domain)],
    subject,
  });
  await waitForMail(api, 'delivered', delivered);
  await waitForMail(api, 'failed', failed);
  await waitForMail(api, 'retries', retried);

  await seedFile(api, {
    name: `${wordsOf(508, `Vertrag ${suffix}`)}.csv`,
    description: wordsOf(2000, 'Unterschriebener Vertrag'),
    content: 'Kunde;Stunden\nMüller;3\n',
    references: ['Customer', 'ServiceContract', 'Caregiver', 'ServiceAgency'].map((name) => ({
      name,
      value: wordsOf(256, `${name} ${suffix}`),
    })),
  });
  for (const service of ['files', 'pricing'] as const)
    await seedToken(api, service, wordsOf(128, `Schnittstelle ${suffix}`));

  const careRequest = await seedCareRequest(api, hostOf(253, 'example'));
  const overdue = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const change = { version: 1, status: 'offer_sent', assignee_uid: user.uid, follow_up: overdue };
  const patched = await api.request.patch(`/api/care/care-requests/${careRequest}/workflow/`, {
    headers: { authorization: `Bearer ${api.accessToken}` },
    data: change,
  });
  await expectJson(patched, 200);
  return { publicName: user.publicName, retryError: /ENOTFOUND/ };
}

interface ListScreen {
  name: string;
  path: string;
  /** Columns (their source) that must keep at least this many pixels in a desktop table, in both languages. */
  readable?: Record<string, number>;
  /** Rows may take more than one line (a user's role chips wrap). */
  tallRows?: boolean;
}

const LISTS: ListScreen[] = [
  { name: 'users', path: '/users/', readable: { publicName: 120 }, tallRows: true },
  { name: 'mail providers', path: '/mailman/providers/', readable: { name: 150 } },
  { name: 'mail accounts', path: '/mailman/accounts/', readable: { expression: 150 } },
  { name: 'mail queue', path: '/mailman/queue/' },
  { name: 'delivered mails', path: '/mailman/delivered/', readable: { subject: 150 } },
  { name: 'delivery retries', path: '/mailman/failed-temporarily/', readable: { subject: 120, error_message: 150 } },
  { name: 'failed deliveries', path: '/mailman/failed-permanently/', readable: { subject: 120, error_message: 150 } },
  { name: 'mail log', path: '/mailman/log/', readable: { subject: 150 } },
  { name: 'search files', path: '/filebucket/search/', readable: { name: 150 } },
  { name: 'file tokens', path: '/filebucket/api-keys/', readable: { service: 120 } },
  { name: 'pricing tokens', path: '/pricing/api-keys/', readable: { service: 120 } },
  { name: 'audit', path: '/audit/', readable: { target: 150 } },
  { name: 'incoming care requests', path: '/archive/incoming-care-requests/', readable: { assignee: 80, host: 60 } },
];

async function openList(page: Page, path: string) {
  await page.goto(path);
  // a list's first visit loads its screen's code: longer than an assertion's default wait on a busy machine
  await expect(
    page.locator('.RaList-content tbody tr td, .RaList-content li, [data-testid="list-empty"]').first(),
  ).toBeVisible({ timeout: 30_000 });
}

/** Body rows taller than one line of text (a small chip or icon button is about 40 px with the row's padding). */
const tallRows = (page: Page) =>
  page
    .locator('.RaList-content tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Math.round(row.getBoundingClientRect().height)).filter((height) => height > 50),
    );

/** The width of each named column's title cell. */
const columnWidths = (page: Page, columns: string[]) =>
  page.evaluate(
    (names) =>
      Object.fromEntries(
        names.map((name) => [
          name,
          Math.round(document.querySelector(`thead th.column-${name}`)?.getBoundingClientRect().width ?? 0),
        ]),
      ),
    columns,
  );

/**
 * The tests share one page, so that the panel's scripts come from the browser's cache (as in the screen walks); each signs in
 * anew on cleared storage.
 */
// beside the demo data a newcomer sees (support/demoData.ts)
test.use({ demoData: true });

test.describe('every list fits its window with the longest values', () => {
  let peer: SmtpPeer;
  let seeded: Seeded;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, playwright, server }) => {
    test.setTimeout(180_000);
    context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'en-US',
      reducedMotion: 'reduce',
      viewport: SIZES.desktop,
    });
    page = await context.newPage();
    peer = await startSmtpPeer();
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    seeded = await seedLongestValues(await adminApi(request), peer);
    await request.dispose();
  });
  test.afterAll(async () => {
    await context?.close();
    await peer?.close();
  });

  for (const lang of ['en', 'de'] as Lang[]) {
    for (const list of LISTS) {
      test(`${list.name} (${lang})`, async ({ request }) => {
        test.setTimeout(180_000);
        await signInWithToken(page, request, lang);
        for (const [size, viewport] of Object.entries(SIZES)) {
          await page.setViewportSize(viewport);
          await openList(page, list.path);
          const label = `${list.name} (${lang}, ${size})`;
          expect.soft(await sidewaysOverflow(page), `sideways overflow on ${label}`).toEqual([]);
          expect.soft(await clippedTexts(page), `texts cut off without their whole on ${label}`).toEqual([]);
          if (size !== 'desktop') continue;
          if (!list.tallRows) expect.soft(await tallRows(page), `rows taller than one line on ${label}`).toEqual([]);
          const readable = list.readable ?? {};
          const widths = await columnWidths(page, Object.keys(readable));
          for (const [column, least] of Object.entries(readable)) {
            expect.soft(widths[column], `the ${column} column's width on ${label}`).toBeGreaterThanOrEqual(least);
          }
        }
      });
    }
  }

  test('a value cut in a row shows whole on hover and on keyboard focus', async ({ request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(SIZES.desktop);
    await signInWithToken(page, request, 'de');
    await openList(page, '/mailman/failed-temporarily/');
    const error = page.locator('tbody td.column-error_message span[tabindex="0"]').first();
    const whole = (await error.textContent()) ?? '';
    expect(whole).toMatch(seeded.retryError);
    await error.focus();
    await expect(page.getByRole('tooltip')).toHaveText(whole);
    await error.blur();
    await expect(page.getByRole('tooltip')).toBeHidden();

    await openList(page, '/archive/incoming-care-requests/');
    const assignee = page.locator('tbody td.column-assignee span', { hasText: seeded.publicName.slice(0, 12) }).first();
    await assignee.hover();
    await expect(page.getByRole('tooltip')).toHaveText(seeded.publicName);
  });

  test('a table wider than its place scrolls in its own box, never the page', async ({ request }) => {
    test.setTimeout(180_000);
    // every column of the incoming list shown, in a window too narrow for them beside each other
    await page.setViewportSize({ width: 760, height: 720 });
    await signInWithToken(page, request, 'de');
    await openList(page, '/archive/incoming-care-requests/');
    await page.getByRole('button', { name: 'Spalten' }).click();
    const hidden = page.locator('[role="option"] input:not(:checked)');
    for (let left = await hidden.count(); left > 0; left -= 1) await hidden.first().click();
    await expect(hidden).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.locator('thead th.column-form_version')).toBeVisible();
    const widths = await page.evaluate(() => {
      const wrapper = document.querySelector('.RaDataTable-tableWrapper')!;
      return {
        page: document.documentElement.scrollWidth,
        window: document.documentElement.clientWidth,
        table: wrapper.scrollWidth,
        box: wrapper.clientWidth,
      };
    });
    expect(widths.table, 'the table is wider than its box').toBeGreaterThan(widths.box);
    expect(widths.page, 'the page is as wide as the window').toBeLessThanOrEqual(widths.window);
  });
});
