import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInThroughForm } from './support/session';
import { typeEnglishDay } from './support/dayField';

/** End to end: create a care request in the stepper, find it in the incoming list, open its details and archive. */

/** Opens a MUI select by its label inside `scope` and picks the option. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const isoDay = (offsetDays: number) => {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

test('staff create a care request with two patients and find it in the incoming list, its details and its archive', async ({
  page,
}) => {
  await signInThroughForm(page);

  await test.step('step 1: mission details', async () => {
    await page.getByRole('menuitem', { name: 'Create Care Request' }).click();
    await expect(page).toHaveURL(/\/customers\/create-care-request\/$/);
    await expect(page.getByLabel('Origin')).toHaveValue('https://www.caredesk.example');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await page.getByLabel('ZIP code').fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('At date').check();
    await typeEnglishDay(page, /^Start date/, isoDay(7));
    await page.getByLabel('Other persons present in the household').check();
    await page.getByLabel(/Grocery shopping/).check();
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('step 2: two patients', async () => {
    await page.getByRole('button', { name: 'Add a second patient' }).click();
    const patients = [
      { gender: 'Female', care: 'Care level 3', mobility: 'Walker', hear: 'Slightly impaired', night: 'Rarely' },
      { gender: 'Male', care: 'Care level 2', mobility: 'Wheelchair', hear: 'No limitations', night: 'Never' },
    ];
    for (const [index, patient] of patients.entries()) {
      const scope = page.locator(`[data-patient="${index}"]`);
      await choose(page, scope, 'Gender', patient.gender);
      await choose(page, scope, 'Care level', patient.care);
      await choose(page, scope, 'Mobility', patient.mobility);
      await choose(page, scope, 'Hearing', patient.hear);
      await choose(page, scope, 'Speaking', 'No limitations');
      await choose(page, scope, 'Seeing', 'Highly impaired');
      await choose(page, scope, 'Night shifts', patient.night);
    }
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('step 3: contact information, submit', async () => {
    const contact = page.locator('form');
    await choose(page, contact, 'Title', 'Mrs.');
    await choose(page, contact, 'Academic title', 'Dr.');
    await page.getByLabel('First name').fill('Erika');
    await page.getByLabel('Last name').fill('Mustermann');
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByText('Invalid e-mail.')).toBeVisible();
    await page.getByLabel('E-mail').fill('erika@example.org');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await expect(page.getByText('The request has been submitted successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Submit new request' }).click();
    await expect(page.getByLabel('ZIP code')).toHaveValue('');
  });

  const row = page.getByRole('row').filter({ hasText: 'caredesk.example' }).first();

  await test.step('the request is at the top of the incoming list', async () => {
    await page.getByRole('menuitem', { name: 'Care Requests' }).click();
    await expect(page).toHaveURL(/\/archive\/incoming-care-requests\/(\?.*)?$/);
    const first = page.locator('tbody tr').first();
    await expect(first.getByTestId('short-host')).toHaveText('caredesk.example');
    await expect(first).toContainText('caredesk');
    await expect(first.getByText('Core Territory')).toBeVisible();
    // the workflow's columns took the room of Drivers License, which Columns shows
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('switch', { name: 'Drivers License' }).click();
    await page.keyboard.press('Escape');
    await expect(first.getByTestId('drivers-license')).toBeVisible();
    await expect(first.getByTestId('other-persons')).toBeVisible();
    await first.getByRole('button', { name: 'Patient 2: Male' }).click();
    await expect(page.getByRole('dialog', { name: 'Patient details' })).toContainText('Wheelchair');
    await page.keyboard.press('Escape');
  });

  await test.step('its details', async () => {
    await row.getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByTestId('incoming-details');
    await expect(dialog).toContainText('Patient 2');
    await expect(dialog).toContainText('Walker');
    await expect(dialog.getByTestId('incoming-extra-2016')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('its archived view', async () => {
    await row.getByRole('button', { name: 'Open archived request' }).click();
    const archived = page.getByTestId('archived-request');
    await expect(archived.getByTestId('archived-sidebar')).toContainText('Mrs.');
    await expect(archived.getByTestId('archived-sidebar').getByText('Core Territory')).toBeVisible();
    await expect(archived.getByTestId('archived-patient-1')).toContainText('Wheelchair');
    await expect(archived.getByTestId('archived-caregiver-requirements')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(archived).toBeHidden();
  });

  await test.step('in German', async () => {
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Deutsch', exact: true }).click();
    await expect(page.getByRole('columnheader', { name: 'Eingegangen' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Betreuungsanfrage anlegen' })).toBeVisible();
    const first = page.locator('tbody tr').first();
    await expect(first.getByText('Kerngebiet')).toBeVisible();
    await first.getByRole('button', { name: 'Details anzeigen' }).click();
    await expect(page.getByTestId('incoming-details')).toContainText('Rollator');
    await expect(page.getByTestId('incoming-details')).toContainText('Zum Datum');
  });
});
