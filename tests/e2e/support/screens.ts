import { expect, type Page } from '@playwright/test';
import type { AdminApi } from './api';
import { queueHeldMail, type WalkSeed } from './seed';
import type { Lang } from './session';

/**
 * Every screen of the panel and the states reached on it (dialogs, tabs, steps, menus), as one table that the
 * screen walks (German texts, accessibility) go through. A new screen or dialog is one more entry here.
 */
/** The two screens every screen must fit without scrolling sideways: a laptop and a phone. */
export const SIZES = { desktop: { width: 1280, height: 720 }, phone: { width: 390, height: 844 } } as const;
export type Size = keyof typeof SIZES;

export interface WalkContext {
  page: Page;
  api: AdminApi;
  seed: WalkSeed;
  lang: Lang;
  size: Size;
  /** The English or the German text, by the walk's language. */
  t: (en: string, de: string) => string;
}

export interface ScreenState {
  name: string;
  /** From the screen as `ready` left it (or as the previous state's `close` left it) to this state, visible. */
  open: (ctx: WalkContext) => Promise<void>;
  /** Back to the screen's own state, so that the next state can start from there. */
  close?: (ctx: WalkContext) => Promise<void>;
  /** The one size that has this state (rows are selected in tables, which phones show as cards); both by default. */
  only?: Size;
}

export interface WalkScreen {
  name: string;
  path: (seed: WalkSeed) => string;
  /** The login page: visited signed out. */
  signedOut?: boolean;
  /** Runs before the page is opened (e.g. puts a mail in the queue). */
  before?: (ctx: WalkContext) => Promise<void>;
  /** Waits until the screen shows its content. */
  ready: (ctx: WalkContext) => Promise<void>;
  states?: ScreenState[];
}

/** How the incoming list names the seeded request's origin: without its "www.". */
const listedHost = (seed: WalkSeed) => seed.careHost.replace(/^www\./, '');

/** A list's row, or its card on a phone. */
const row = (page: Page, text: string) => page.getByRole('row').or(page.getByRole('main').getByRole('listitem')).filter({ hasText: text });
/** An open popover (menu or filter panel); react-admin keeps the language menu mounted while closed. */
const popover = (page: Page) => page.locator('.MuiPopover-paper:visible');
const closePopover = async ({ page }: WalkContext) => {
  await page.keyboard.press('Escape');
  await expect(popover(page)).toHaveCount(0);
};
const dialog = (page: Page) => page.getByRole('dialog');
const escape = async ({ page }: WalkContext) => {
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
};
const clickButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first().click();

/** The MUI select whose hidden input has this name: open it and take its last option. */
async function pickLastOption(page: Page, name: string) {
  await page.locator(`input[name="${name}"]`).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option').last().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function fillMissionStep({ page, t }: WalkContext) {
  await page.locator('input[name="zipCode"]').fill('10115');
  await page.locator('input[name="city"]').fill('Berlin');
  await page.locator('input[name="missionBegins"][value="0"]').check();
  await clickButton(page, t('Next', 'Weiter'));
  await expect(page.locator('[data-patient="0"]')).toBeVisible();
}

async function fillPatientStep({ page, t }: WalkContext) {
  for (const field of ['gender', 'careLevel', 'mobility', 'canHear', 'canTalk', 'canSee', 'nightShift']) {
    await pickLastOption(page, `patients.0.${field}`);
  }
  await clickButton(page, t('Next', 'Weiter'));
  await expect(page.locator('input[name="firstName"]')).toBeVisible();
}

/** The Delete of a mail editor, with its question. */
async function openEditorDelete({ page, t }: WalkContext) {
  await clickButton(page, t('Delete', 'Löschen'));
  await expect(dialog(page)).toBeVisible();
}

/** Opens a file's action: its row's button on a desktop, its card's "More actions" menu on a phone. */
const fileAction =
  ([en, de]: [string, string], file: (seed: WalkSeed) => string) =>
  async ({ page, seed, size, t }: WalkContext) => {
    if (size === 'phone') {
      await page.getByRole('button', { name: `${t('More actions', 'Weitere Aktionen')} ${file(seed)}` }).click();
      await page.getByRole('menuitem', { name: t(en, de) }).click();
    } else {
      await row(page, file(seed)).getByRole('button', { name: `${t(en, de)} ${file(seed)}` }).click();
    }
    await expect(dialog(page)).toBeVisible();
  };

const tokenScreen = (name: string, path: string, token: (seed: WalkSeed) => string): WalkScreen => ({
  name,
  path: () => path,
  ready: async ({ page, seed }) => expect(row(page, token(seed))).toBeVisible(),
  states: [
    {
      name: 'add dialog',
      open: async ({ page, t }) => {
        await clickButton(page, t('Add', 'Hinzufügen'));
        await expect(dialog(page)).toBeVisible();
      },
      close: escape,
    },
    {
      name: 'add dialog with a generated token',
      open: async ({ page, t }) => {
        await clickButton(page, t('Add', 'Hinzufügen'));
        await dialog(page).getByRole('button', { name: t('Generate', 'Generieren') }).click();
        await expect(dialog(page).getByRole('button', { name: t('Copy token', 'Token kopieren') })).toBeVisible();
      },
      close: escape,
    },
    {
      name: 'add dialog with expiry',
      open: async ({ page, t }) => {
        await clickButton(page, t('Add', 'Hinzufügen'));
        await dialog(page).getByRole('checkbox').check();
        await expect(dialog(page).getByRole('checkbox')).toBeChecked();
      },
      close: escape,
    },
    {
      name: 'delete dialog',
      open: async ({ page, seed, t }) => {
        await row(page, token(seed)).getByRole('button', { name: `${t('Delete', 'Löschen')} ${token(seed)}` }).click();
        await expect(dialog(page)).toBeVisible();
      },
      close: escape,
    },
    {
      name: 'revoke dialog',
      open: async ({ page, seed, t }) => {
        await row(page, token(seed)).getByRole('button', { name: `${t('Revoke', 'Widerrufen')} ${token(seed)}` }).click();
        await expect(dialog(page)).toBeVisible();
      },
      close: escape,
    },
  ],
});

export const SCREENS: WalkScreen[] = [
  {
    name: 'login',
    path: () => '/login',
    signedOut: true,
    ready: async ({ page }) => expect(page.locator('input[name="username"]')).toBeFocused(),
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    ready: async ({ page }) => expect(page.getByTestId('public-name')).not.toBeEmpty(),
    states: [
      {
        name: 'account menu',
        open: async ({ page }) => {
          await page.getByTestId('public-name').click();
          await expect(popover(page)).toBeVisible();
        },
        close: closePopover,
      },
      {
        name: 'language menu',
        open: async ({ page, t }) => {
          await clickButton(page, t('English', 'Deutsch'));
          await expect(popover(page)).toBeVisible();
        },
        close: closePopover,
      },
    ],
  },
  {
    name: 'new password',
    path: () => '/new-password',
    ready: async ({ page }) => expect(page.locator('input[type="password"]').first()).toBeVisible(),
    states: [
      {
        name: 'validation messages',
        open: async ({ page, t }) => {
          await page.locator('input[type="password"]').first().fill('kurz');
          await clickButton(page, t('Save', 'Speichern'));
          await expect(page.locator('.Mui-error').first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'users list',
    path: () => '/users/',
    ready: async ({ page, seed }) => expect(row(page, seed.user.username)).toBeVisible(),
    states: [
      {
        name: 'a row selected',
        only: 'desktop',
        open: async ({ page, seed }) => {
          await row(page, seed.user.username).getByRole('checkbox').check();
          await expect(row(page, seed.user.username).getByRole('checkbox')).toBeChecked();
        },
      },
    ],
  },
  {
    name: 'create user',
    path: () => '/users/create/',
    ready: async ({ page }) => expect(page.locator('input[name="publicName"]')).toBeVisible(),
    states: [
      {
        name: 'validation messages',
        open: async ({ page }) => {
          await page.locator('input[name="publicName"]').fill('ab');
          await page.locator('input[name="username"]').fill('ab');
          await page.locator('input[name="password"]').fill('kurz');
          await page.locator('input[name="confirmation"]').fill('anders');
          await page.locator('form button[type="submit"]').click();
          await expect(page.locator('.Mui-error').first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'edit user',
    path: (seed) => `/users/${seed.user.uid}/`,
    ready: async ({ page, seed }) => expect(page.locator('input[name="publicName"]')).toHaveValue(seed.user.publicName),
    states: [
      {
        name: 'authentication tab',
        open: async ({ page, t }) => {
          await page.getByRole('tab', { name: t('Authentication', 'Authentifizierung') }).click();
          await expect(page.locator('input[name="username"]')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'roles',
    path: () => '/roles/',
    ready: async ({ page }) => expect(page.getByRole('region', { name: 'nachtdienst', exact: true })).toBeVisible(),
    states: [
      {
        name: 'a permission changed, not saved',
        open: async ({ page }) => {
          const card = page.getByRole('region', { name: 'nachtdienst', exact: true });
          await card.getByRole('checkbox').first().check();
          await expect(card.getByRole('button')).toBeEnabled();
        },
      },
    ],
  },
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
          await dialog(ctx.page).getByRole('button', { name: ctx.t('Delete', 'Löschen'), exact: true }).click();
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
    name: 'file search',
    path: () => '/filebucket/search/',
    ready: async ({ page, seed }) => expect(row(page, seed.fileName)).toBeVisible(),
    states: [
      {
        name: 'upload dialog',
        open: async ({ page, t }) => {
          await clickButton(page, t('Upload', 'Hochladen'));
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'upload dialog with a file',
        open: async ({ page, t }) => {
          await clickButton(page, t('Upload', 'Hochladen'));
          await dialog(page).getByTestId('upload-file-input').setInputFiles({ name: 'Pflegeplan.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n') });
          await expect(dialog(page).getByTestId('chosen-file')).toHaveText('Pflegeplan.csv');
        },
        close: escape,
      },
      {
        name: 'more actions menu',
        only: 'phone',
        open: async ({ page, seed, t }) => {
          await page.getByRole('button', { name: `${t('More actions', 'Weitere Aktionen')} ${seed.fileName}` }).click();
          await expect(page.getByRole('menu')).toBeVisible();
        },
        close: async ({ page }) => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toHaveCount(0);
        },
      },
      { name: 'edit dialog', open: fileAction(['Edit', 'Bearbeiten'], (seed) => seed.fileName), close: escape },
      { name: 'delete dialog', open: fileAction(['Delete', 'Löschen'], (seed) => seed.fileName), close: escape },
      {
        name: 'image preview',
        open: async (ctx) => {
          await fileAction(['Preview', 'Vorschau'], (seed) => seed.imageName)(ctx);
          await expect(dialog(ctx.page).getByRole('img')).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'a row selected',
        only: 'desktop',
        open: async ({ page, seed }) => {
          await row(page, seed.fileName).getByRole('checkbox').check();
          await expect(row(page, seed.fileName).getByRole('checkbox')).toBeChecked();
        },
      },
      {
        name: 'bulk delete dialog',
        only: 'desktop',
        open: async ({ page, t }) => {
          await clickButton(page, t('Delete', 'Löschen'));
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  tokenScreen('file API tokens', '/filebucket/api-keys/', (seed) => seed.filesToken),
  tokenScreen('pricing API tokens', '/pricing/api-keys/', (seed) => seed.pricingToken),
  {
    name: 'create care request',
    path: () => '/customers/create-care-request/',
    ready: async ({ page }) => expect(page.locator('input[name="zipCode"]')).toBeVisible(),
    states: [
      {
        name: 'mission step with errors',
        open: async ({ page, t }) => {
          await clickButton(page, t('Next', 'Weiter'));
          await expect(page.locator('.Mui-error').first()).toBeVisible();
        },
      },
      { name: 'patients step', open: fillMissionStep },
      {
        name: 'patients step with a second patient',
        open: async ({ page, t }) => {
          await clickButton(page, t('Add a second patient', 'Zweiten Patienten hinzufügen'));
          await expect(page.locator('[data-patient="1"]')).toBeVisible();
        },
        close: async ({ page, t }) => {
          await clickButton(page, t('Remove the second patient', 'Zweiten Patienten entfernen'));
          await expect(page.locator('[data-patient="1"]')).toHaveCount(0);
        },
      },
      { name: 'contact step', open: fillPatientStep },
    ],
  },
  {
    name: 'incoming care requests',
    path: () => '/archive/incoming-care-requests/',
    ready: async ({ page, seed }) => expect(row(page, listedHost(seed))).toBeVisible(),
    states: [
      {
        name: 'filter menu',
        open: async ({ page }) => {
          await page.getByRole('button', { name: 'Filter' }).first().click();
          await expect(popover(page)).toBeVisible();
        },
        close: closePopover,
      },
      {
        // phones show the patients in the details dialog: the card has no patient icons
        name: 'patient details',
        only: 'desktop',
        open: async ({ page, seed, t }) => {
          await row(page, listedHost(seed)).getByRole('button', { name: new RegExp(`^${t('Patient', 'Patient')} 2`) }).click();
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'details dialog',
        open: async ({ page, seed, t }) => {
          await row(page, listedHost(seed)).getByRole('button', { name: t('View details', 'Details anzeigen') }).click();
          await expect(page.getByTestId('incoming-details')).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'archived dialog',
        open: async ({ page, seed, t }) => {
          await row(page, listedHost(seed)).getByRole('button', { name: t('Open archived request', 'Archivierte Anfrage öffnen') }).click();
          await expect(page.getByTestId('archived-sidebar')).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  {
    name: 'audit trail',
    path: () => '/audit/',
    ready: async ({ page }) => expect(row(page, 'admin').first()).toBeVisible(),
  },
  {
    name: 'audit event',
    path: (seed) => `/audit/${seed.auditEventId}/`,
    ready: async ({ page }) => expect(page.getByRole('main').getByText('admin').first()).toBeVisible(),
  },
];

/** Opens a screen in a signed-in (or, for the login page, signed-out) page and waits for its content. */
export async function openScreen(ctx: WalkContext, screen: WalkScreen): Promise<void> {
  await screen.before?.(ctx);
  await ctx.page.goto(screen.path(ctx.seed));
  await screen.ready(ctx);
}

/** Every state of a screen in order, `check` run on the screen and on each state. */
export async function walkScreen(ctx: WalkContext, screen: WalkScreen, check: (label: string) => Promise<void>): Promise<void> {
  await openScreen(ctx, screen);
  await check(screen.name);
  for (const state of screen.states ?? []) {
    if (state.only && state.only !== ctx.size) continue;
    await state.open(ctx);
    await check(`${screen.name} › ${state.name}`);
    await state.close?.(ctx);
  }
}

export const translator = (lang: Lang) => (en: string, de: string) => (lang === 'de' ? de : en);
