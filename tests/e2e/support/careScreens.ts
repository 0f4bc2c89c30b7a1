import { expect, type Page } from '@playwright/test';
import type { WalkSeed } from './seed';
import { clickButton, dialog, escape, filterMenu, row } from './screenControls';
import type { WalkContext, WalkScreen } from './screenWalk';

/** How the incoming list names the seeded request's origin: without its "www.". */
const listedHost = (seed: WalkSeed) => seed.careHost.replace(/^www\./, '');

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

const firstCard = (page: Page) => page.getByTestId('board-card').first();

const openFirstCard = async ({ page, t }: WalkContext) => {
  await firstCard(page)
    .getByRole('button', { name: new RegExp(`^${t('Open request received', 'Eingegangen')}`) })
    .click();
  await expect(page.getByTestId('workflow-panel')).toBeVisible();
};

/** The board of the care requests with its switch, the phone's status switcher, a card's workflow panel and the reason question. */
const BOARD_SCREEN: WalkScreen = {
  name: 'care request board',
  path: () => '/archive/care-requests/board/',
  ready: async ({ page }) => expect(firstCard(page)).toBeVisible(),
  states: [
    {
      name: 'closed statuses shown',
      open: async ({ page, t }) => {
        await page.getByRole('switch', { name: t('Show closed statuses', 'Abgeschlossene Status zeigen') }).click();
        await expect(
          page.getByRole('switch', { name: t('Show closed statuses', 'Abgeschlossene Status zeigen') }),
        ).toBeChecked();
      },
      close: async ({ page, t }) =>
        page.getByRole('switch', { name: t('Show closed statuses', 'Abgeschlossene Status zeigen') }).click(),
    },
    {
      name: 'status switcher',
      only: 'phone',
      open: async ({ page, t }) => {
        await page.getByRole('combobox', { name: t('Status shown', 'Gezeigter Status') }).click();
        await expect(page.getByRole('listbox')).toBeVisible();
      },
      close: async ({ page }) => {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('listbox')).toHaveCount(0);
      },
    },
    { name: 'workflow panel', open: openFirstCard, close: escape },
    {
      name: 'reason question',
      open: async (ctx) => {
        await openFirstCard(ctx);
        const { page, t } = ctx;
        await page.getByTestId('workflow-panel').getByRole('combobox', { name: 'Status' }).click();
        await page.getByRole('option', { name: t('Withdrawn', 'Zurückgezogen') }).click();
        await expect(
          page.getByRole('dialog', { name: new RegExp(t('Why is the request', 'Warum ist die Anfrage')) }),
        ).toBeVisible();
      },
      close: async ({ page }) => {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(1);
        // on the panel itself: the focus returns to it from the closed question a moment later on a busy machine
        await dialog(page).press('Escape');
        await expect(dialog(page)).toHaveCount(0);
      },
    },
  ],
};

/** The care request form step by step, and the incoming care requests with their dialogs. */
export const CARE_REQUEST_SCREENS: WalkScreen[] = [
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
      filterMenu,
      {
        // phones show the patients in the details dialog: the card has no patient icons
        name: 'patient details',
        only: 'desktop',
        open: async ({ page, seed, t }) => {
          await row(page, listedHost(seed))
            .getByRole('button', { name: new RegExp(`^${t('Patient', 'Patient')} 2`) })
            .click();
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'details dialog',
        open: async ({ page, seed, t }) => {
          await row(page, listedHost(seed))
            .getByRole('button', { name: t('View details', 'Details anzeigen') })
            .click();
          await expect(page.getByTestId('incoming-details')).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'quick view Mine',
        open: async ({ page, t }) => {
          await clickButton(page, t('Mine', 'Meine'));
          await expect(page.getByRole('button', { name: t('Mine', 'Meine'), exact: true })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
        },
        close: async ({ page, t }) => clickButton(page, t('All', 'Alle')),
      },
      {
        name: 'archived dialog',
        open: async ({ page, seed, t }) => {
          await row(page, listedHost(seed))
            .getByRole('button', { name: t('Open archived request', 'Archivierte Anfrage öffnen') })
            .click();
          await expect(page.getByTestId('archived-sidebar')).toBeVisible();
        },
        close: escape,
      },
    ],
  },
  BOARD_SCREEN,
];
