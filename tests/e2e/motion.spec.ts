import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInWithToken } from './support/session';

/**
 * The panel follows the system's "reduce motion" setting: opening a popover runs no transition then, and MUI's usual ones
 * otherwise. (The other browser tests ask for reduced motion, see playwright.config.ts.)
 */

/** Watches 60 animation frames from now on: which finite transitions and animations ran, and how many frames passed. */
const watchMotion = (page: Page) =>
  page.evaluate(() => {
    const watch = { frames: 0, what: [] as string[] };
    (window as unknown as { motionWatch: typeof watch }).motionWatch = watch;
    const tick = () => {
      watch.frames += 1;
      for (const animation of document.getAnimations()) {
        if (animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity) continue;
        // MUI's inputs run an invisible 10 ms animation to notice the browser's autofill: no motion
        if ((animation as CSSAnimation).animationName?.startsWith('mui-auto-fill')) continue;
        const target = (animation.effect as KeyframeEffect | null)?.target;
        watch.what.push(
          `${(animation as CSSTransition).transitionProperty ?? (animation as CSSAnimation).animationName} on ${target?.className}`,
        );
      }
      if (watch.frames < 60) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** What moved (transition or animation, and on which element) while the file search's filter popover opened. */
async function motionOpeningFilter(page: Page): Promise<string[]> {
  await page.goto('/filebucket/search/');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await watchMotion(page);
  await page.getByRole('button', { name: 'Filter' }).first().click();
  await expect(page.locator('.MuiPopover-paper:visible')).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { motionWatch: { frames: number } }).motionWatch.frames >= 60);
  const { what } = await page.evaluate(() => (window as unknown as { motionWatch: { what: string[] } }).motionWatch);
  return [...new Set(what)];
}

test("with reduced motion a popover opens without any transition, and with MUI's transition otherwise", async ({
  page,
  request,
}) => {
  await signInWithToken(page, request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motionOpeningFilter(page)).toEqual([]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await motionOpeningFilter(page)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^transform on .*MuiPopover-paper/)]),
  );
});
