import { expect } from '@playwright/test';
import { queueHeldMail } from './seed';
import { clickButton, dialog, escape, filterMenu, row } from './screenControls';
import type { WalkContext, WalkScreen } from './screenWalk';

/** The Delete of a mail editor, with its question. */
async function openEditorDelete({ page, t }: WalkContext) {
  await clickButton(page, t('Delete', 'Löschen'));
  await expect(dialog(page)).toBeVisible();
}

/** The mail service's screens: providers and accounts with their editors, the mail lists by delivery state and the mail log. */
export const MAIL_SCREENS: WalkScreen[] = [
  {
    name: 'providers',
    path: () => '/mailman/providers/',
    ready: async ({ page, seed }) => expect(row(page, seed.providerName)).toBeVisible(),
  },
  {
    name: 'add provider',
    path: () => '/mailman/providers/add/',
    ready: async ({ page }) => expect(page.locator('input[name="host"]')).toBeVisible(),
    states: [
      {
        name: 'validation messages',
        open: async ({ page }) => {
          await page.locator('input[name="name"]').fill('ab');
          await page.locator('input[name="port"]').fill('x');
          await expect(page.locator('.Mui-error').first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'edit provider',
    path: (seed) => `/mailman/providers/${seed.providerUid}/`,
    ready: async ({ page, seed }) => expect(page.locator('input[name="name"]')).toHaveValue(seed.providerName),
    states: [
      { name: 'delete dialog', open: openEditorDelete, close: escape },
      {
        name: 'delete refused (accounts use the provider)',
        open: async (ctx) => {
          await openEditorDelete(ctx);
          await dialog(ctx.page)
            .getByRole('button', { name: ctx.t('Delete', 'Löschen'), exact: true })
            .click();
          await expect(dialog(ctx.page).getByRole('alert')).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  {
    name: 'accounts',
    path: () => '/mailman/accounts/',
    ready: async ({ page, seed, t }) => {
      // accounts keep their matching order: other tests' accounts may fill the first page
      await page.getByPlaceholder(t('Search', 'Suchen'), { exact: true }).fill(seed.providerName);
      await expect(row(page, seed.providerName).first()).toBeVisible();
    },
    states: [
      {
        name: 'test mail dialog',
        open: async ({ page, seed, t }) => {
          await row(page, seed.providerName)
            .first()
            .getByRole('button', { name: new RegExp(`^${t('Send test mail', 'Testmail senden')}`) })
            .click();
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  {
    name: 'add account',
    path: () => '/mailman/accounts/add/',
    ready: async ({ page }) => expect(page.locator('input[name="expression"]')).toBeVisible(),
    states: [
      {
        name: 'credentials and provider choices',
        open: async ({ page }) => {
          await page.locator('input[name="expression"]').fill('^buero@');
          await page.locator('input[type="checkbox"]').first().check();
          await expect(page.locator('input[name="username"]')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'edit account',
    path: (seed) => `/mailman/accounts/${seed.accountUid}/`,
    ready: async ({ page }) => expect(page.locator('input[name="expression"]')).not.toHaveValue(''),
    states: [
      { name: 'delete dialog', open: openEditorDelete, close: escape },
      {
        name: 'an invalid expression',
        open: async ({ page, t }) => {
          await page.locator('input[name="expression"]').fill('([');
          await clickButton(page, t('Submit', 'Absenden'));
          await expect(page.locator('input[name="expression"]')).toHaveAttribute('aria-invalid', 'true');
        },
      },
    ],
  },
  {
    name: 'queue',
    path: () => '/mailman/queue/',
    before: ({ api, seed }) => queueHeldMail(api, seed),
    ready: async ({ page, seed }) => expect(row(page, `Warteschlange ${seed.suffix}`).first()).toBeVisible(),
  },
  {
    name: 'delivered',
    path: () => '/mailman/delivered/',
    ready: async ({ page, seed }) => expect(row(page, `Dienstplan ${seed.suffix}`)).toBeVisible(),
  },
  {
    name: 'retries',
    path: () => '/mailman/failed-temporarily/',
    ready: async ({ page, seed }) => expect(row(page, `Wiederholung ${seed.suffix}`)).toBeVisible(),
    states: [
      {
        name: 'a row selected',
        only: 'desktop',
        open: async ({ page, seed }) => {
          await row(page, `Wiederholung ${seed.suffix}`).getByRole('checkbox').check();
          await expect(row(page, `Wiederholung ${seed.suffix}`).getByRole('checkbox')).toBeChecked();
        },
      },
    ],
  },
  {
    name: 'failed',
    path: () => '/mailman/failed-permanently/',
    ready: async ({ page, seed }) => expect(row(page, `Abgelehnt ${seed.suffix}`)).toBeVisible(),
    states: [
      {
        name: 'a row selected',
        only: 'desktop',
        open: async ({ page, seed }) => {
          await row(page, `Abgelehnt ${seed.suffix}`).getByRole('checkbox').check();
          await expect(row(page, `Abgelehnt ${seed.suffix}`).getByRole('checkbox')).toBeChecked();
        },
      },
    ],
  },
  {
    name: 'mail log',
    path: (seed) => `/mailman/log/?search=${seed.suffix}`,
    ready: async ({ page, seed }) => expect(row(page, `Dienstplan ${seed.suffix}`)).toBeVisible(),
    states: [filterMenu],
  },
  {
    name: 'mail detail',
    path: (seed) => `/mailman/log/${seed.deliveredMail}/`,
    ready: async ({ page }) => expect(page.getByTestId('mail-attempt').first()).toBeVisible(),
    states: [
      {
        name: 'resend dialog',
        open: async ({ page, t }) => {
          await clickButton(page, t('Resend', 'Erneut senden'));
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  {
    name: 'failed mail detail',
    path: (seed) => `/mailman/log/${seed.failedMail}/`,
    ready: async ({ page }) => expect(page.getByTestId('mail-attempt').first()).toBeVisible(),
    states: [
      {
        name: 'requeue question',
        open: async ({ page, t }) => {
          await clickButton(page, t('Requeue', 'Erneut einreihen'));
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
    ],
  },
];
