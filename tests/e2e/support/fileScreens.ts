import { expect } from '@playwright/test';
import type { WalkSeed } from './seed';
import { clickButton, dialog, escape, filterMenu, row } from './screenControls';
import type { WalkContext, WalkScreen } from './screenWalk';

/** Opens a file's action: its row's button on a desktop, its card's "More actions" menu on a phone. */
const fileAction =
  ([en, de]: [string, string], file: (seed: WalkSeed) => string) =>
  async ({ page, seed, size, t }: WalkContext) => {
    if (size === 'phone') {
      await page.getByRole('button', { name: `${t('More actions', 'Weitere Aktionen')} ${file(seed)}` }).click();
      await page.getByRole('menuitem', { name: t(en, de) }).click();
    } else {
      await row(page, file(seed))
        .getByRole('button', { name: `${t(en, de)} ${file(seed)}` })
        .click();
    }
    await expect(dialog(page)).toBeVisible();
  };

/** An API token screen: its list, the add dialog with a generated token or an expiry, and the delete and revoke questions. */
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
        await dialog(page)
          .getByRole('button', { name: t('Generate', 'Generieren') })
          .click();
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
        await row(page, token(seed))
          .getByRole('button', { name: `${t('Delete', 'Löschen')} ${token(seed)}` })
          .click();
        await expect(dialog(page)).toBeVisible();
      },
      close: escape,
    },
    {
      name: 'revoke dialog',
      open: async ({ page, seed, t }) => {
        await row(page, token(seed))
          .getByRole('button', { name: `${t('Revoke', 'Widerrufen')} ${token(seed)}` })
          .click();
        await expect(dialog(page)).toBeVisible();
      },
      close: escape,
    },
  ],
});

/** The file search with its dialogs, and the API token screens of the file and pricing services. */
export const FILE_AND_TOKEN_SCREENS: WalkScreen[] = [
  {
    name: 'file search',
    path: () => '/filebucket/search/',
    ready: async ({ page, seed }) => expect(row(page, seed.fileName)).toBeVisible(),
    states: [
      filterMenu,
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
          await dialog(page)
            .getByTestId('upload-file-input')
            .setInputFiles({ name: 'Pflegeplan.csv', mimeType: 'text/csv', buffer: Buffer.from('a;b\n') });
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
];
