import { type BrowserContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import { adminApi } from './api';
import { SCREENS, SIZES, translator, walkScreen, type Size, type WalkContext } from './screens';
import { seedWalk, type WalkSeed } from './seed';
import { signedOutIn, signInWithToken, type Lang } from './session';
import { startSmtpPeer, type SmtpPeer } from './smtpPeer';

/**
 * Waits until no finite CSS transition or animation runs (dialogs fading in), so that checks see the settled screen;
 * endless ones (a progress indicator) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Declares one test per screen of SCREENS and language at one screen size, on a worker whose installation holds the demo data:
 * seeds what the screens show once per worker (with the contracts' longest values), opens each screen signed in (in that
 * language) and runs `check` on the screen and on every state of it that the size has.
 *
 * The tests of a worker share one browser page, so that the panel's scripts come from the browser's cache and compiled
 * code cache (a fresh context per screen made the walk a fifth slower); every test signs in anew on cleared storage. A failed
 * test leaves a screenshot (the shared page records no trace); Playwright then starts a new worker, and with it a new page.
 */
export function walkEveryScreen(
  langs: Lang[],
  size: Size,
  check: (ctx: WalkContext, label: string) => Promise<void>,
): void {
  // the worker's server starts on seed:demo's data: the screens as a newcomer first sees them, seeded once per worker
  test.use({ demoData: true });
  let peer: SmtpPeer;
  let seed: WalkSeed;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, server }) => {
    context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'en-US',
      reducedMotion: 'reduce',
      viewport: SIZES[size],
    });
    page = await context.newPage();
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern: none here
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    await testInfo.attach('screen', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
  test.afterAll(async () => context?.close());

  test.beforeAll(async ({ playwright, server }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    peer = await startSmtpPeer();
    seed = await seedWalk(await adminApi(request), peer);
    await request.dispose();
  });

  test.afterAll(async () => {
    await peer?.close();
  });

  for (const lang of langs) {
    for (const screen of SCREENS) {
      test(`${screen.name} (${lang}, ${size})`, async ({ request }) => {
        const ctx: WalkContext = { page, api: await adminApi(request), seed, lang, size, t: translator(lang) };
        if (screen.signedOut) await signedOutIn(page, lang);
        else await signInWithToken(page, request, lang);
        await walkScreen(ctx, screen, async (label) => {
          await settled(page);
          await check(ctx, `${label} (${lang}, ${size})`);
        });
      });
    }
  }
}
