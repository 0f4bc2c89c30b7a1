import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe, { type Result } from 'axe-core';
import { clippedTexts, sidewaysOverflow } from './overflow';
import type { WalkContext } from './screens';

/**
 * What the screen walks (screen-walk-*.spec.ts) check on every screen, dialog, tab, step and menu of the panel, at
 * 1280×720 and at 390×844:
 * - nothing scrolls sideways: neither the page nor any box in it, and nothing sticks out of the viewport (support/overflow.ts);
 * - no text is cut off unless its whole text is at hand on hover and focus (a title or a tooltip);
 * - axe-core in English and German: no serious or critical violation (the experimental check that a control's accessible
 *   name contains its visible text is switched on as well; rules that can only find minor or moderate issues are not run);
 * - the page declares the language it is in (`<html lang>`), the browser tab names the screen ("Users · Caredesk"), and
 *   the page's icon is there;
 * - in German: no raw translation key, no English word of the panel's own vocabulary. Texts are the
 *   visible text plus the names assistive technology reads (aria-label, title, placeholder, alt). Stored data that is not
 *   the panel's wording (an SMTP server's reply, an account's regular expression) is left out.
 */
export async function checkScreen({ page, lang }: WalkContext, label: string) {
  expect.soft(await page.locator('html').getAttribute('lang'), `the page's language on ${label}`).toBe(lang);
  // the tab follows the app bar's title, which a screen may set a moment after its content shows
  await expect.soft(page, `the tab's title on ${label}`).toHaveTitle(/\S · Caredesk$/);
  await expectPageIcon(page, label);
  if (lang === 'de') await expectGermanOnly(page, label);
  expect.soft(await sidewaysOverflow(page), `sideways overflow on ${label}`).toEqual([]);
  expect.soft(await clippedTexts(page), `texts cut off on ${label}`).toEqual([]);
  await expectNoBlockingAxeViolation(page, label);
}

/**
 * The page names its icon and the server has it as an image: without one, browsers ask for /favicon.ico on every load
 * and get a 404 (headless Chromium asks for none, so the link itself is checked).
 */
async function expectPageIcon(page: Page, label: string) {
  const href = await page.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute('href') ?? null);
  expect.soft(href, `the page's icon on ${label}`).not.toBeNull();
  if (href === null) return;
  const response = await page.request.get(new URL(href, page.url()).href);
  expect
    .soft(`${response.status()} ${response.headers()['content-type']}`, `the page's icon ${href} on ${label}`)
    .toMatch(/^200 image\//);
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * The rules whose findings are at most moderate (axe's rule impact is the highest its checks can give): they can never block,
 * and running them took a fifth of axe's time on the panel's screens.
 */
const NEVER_BLOCKING = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((rule) => !BLOCKING.has(rule.impact ?? ''))
  .map((rule) => rule.id);
const AXE_RULES = {
  ...Object.fromEntries(NEVER_BLOCKING.map((id) => [id, { enabled: false }])),
  'label-content-name-mismatch': { enabled: true },
};

const describe = (violation: Result) =>
  [
    `${violation.impact} ${violation.id}: ${violation.help}`,
    ...violation.nodes.map(
      (node) =>
        `    ${node.target.join(' ')} ${node.html.slice(0, 300)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
    ),
  ].join('\n');

/** No serious or critical axe-core finding on the page (soft: the test goes on and lists them all at its end). */
export async function expectNoBlockingAxeViolation(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    // runs axe.run in the page itself: the default runs each frame apart and joins the results in a new blank page, which
    // took more than half of every check, for cross-origin frames the panel does not have
    .setLegacyMode()
    // resultTypes: only violations are wanted, and axe then skips most of the work of listing what passed
    .options({ resultTypes: ['violations'], rules: AXE_RULES })
    .analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length) console.log(`axe-core on ${label}:\n${blocking.map(describe).join('\n')}`);
  expect
    .soft(
      blocking.map((violation) => `${violation.impact} ${violation.id} (${violation.nodes.length})`),
      `axe-core on ${label}`,
    )
    .toEqual([]);
}

const RAW_KEY = /\b(?:caredesk|ra|resources)\.[\w-]+(?:\.[\w-]+)+/;

/** Words of the English panel that have no place on a German screen (German words spelt alike, e.g. Name, Filter, Token, are not here). */
const ENGLISH_WORDS = [
  'Search',
  'Reload',
  'Add',
  'Edit',
  'Delete',
  'Revoke',
  'Submit',
  'Close',
  'Cancel',
  'Save',
  'Upload',
  'Download',
  'Actions',
  'Created',
  'Expires',
  'Revoked',
  'Never',
  'Unknown',
  'Next',
  'Back',
  'Previous',
  'Yes',
  'No',
  'Queue',
  'Delivered',
  'Failed',
  'Retries',
  'Accounts',
  'Providers',
  'Users',
  'Dashboard',
  'Password',
  'Username',
  'Requested',
  'Subject',
  'Sender',
  'Recipient',
  'Message',
  'Attempt',
  'Attempts',
  'Error',
  'Security',
  'Roles',
  'Banned',
  'Ban',
  'Unban',
  'Service',
  'Description',
  'Size',
  'Uploaded',
  'References',
  'Reference',
  'Submitted',
  'Origin',
  'Affiliate',
  'Mission',
  'Archived',
  'Archive',
  'Request',
  'Requests',
  'Care',
  'Customers',
  'Pricing',
  'Filebucket',
  'Delivery',
  'Deliveries',
  'Rows',
  'page',
  'of',
  'found',
  'bytes',
  'Reading',
  'aloud',
  'Loading',
  'Sort',
  'ascending',
  'descending',
  'Select',
  'Clear',
  'Open',
  'Show',
  'Hide',
  'Generate',
  'Confirmation',
  'Authentication',
  'required',
  'Minimum',
  'characters',
  'Invalid',
  'Logout',
  'Login',
  'Account',
  'Credentials',
  'Expression',
  'Step',
  'Territory',
  'Patients',
  'Gender',
  'Mobility',
  'Hearing',
  'Speaking',
  'Seeing',
  'none',
  'Mailqueue',
  'Mailqueues',
  'Mailproviders',
  'Mailaccounts',
];
const ENGLISH = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${ENGLISH_WORDS.join('|')})(?![\\p{L}\\p{N}_-])`, 'u');
/** react-admin's fallback for a resource without a name: "Filebucket-tokens", "Care-incomings", "MailQueues". */
const RESOURCE_NAME =
  /\b(?:Mail(?:Providers|Accounts|Queue|Delivered|Retries|Failed)s?|[\w]+-(?:tokens|incomings?|archiveds?))\b/i;

/** Stored data in another language than the panel's: SMTP replies of failed and retried mails (translate="no"), regular expressions. */
const DATA = ['.column-error_message', '[translate="no"]', 'code'];

/** Every text a person sees or hears on the page, with where it came from. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate((excluded) => {
    const skip = (element: Element | null) => !element || element.closest(excluded) !== null;
    const texts: string[] = [`title: ${document.title}`];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (
        !text ||
        skip(element) ||
        element!.closest('script, style') ||
        !element!.checkVisibility({ visibilityProperty: true })
      )
        continue;
      texts.push(text);
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-valuetext]',
    )) {
      if (skip(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.push(`${attribute}: ${value}`);
      }
    }
    return texts;
  }, DATA.join(', '));
}

async function expectGermanOnly(page: Page, label: string) {
  const texts = await pageTexts(page);
  const rawKeys = texts.filter((text) => RAW_KEY.test(text));
  const english = texts
    .filter((text) => ENGLISH.test(text) || RESOURCE_NAME.test(text))
    .map((text) => `${text}  ← ${text.match(ENGLISH)?.[0] ?? text.match(RESOURCE_NAME)?.[0]}`);
  expect.soft(rawKeys, `raw translation keys on ${label}`).toEqual([]);
  expect.soft(english, `English words on ${label}`).toEqual([]);
}
