import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInThroughForm } from './support/session';
import { dayField, dayFieldInput, englishDayText, typeEnglishDay } from './support/dayField';

/**
 * The stepper against the real intake: it refuses what the intake refuses before sending, the Failed card names what
 * the intake refused by its label, and "Back to the request" returns to every value of the three steps.
 */

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A filled select's accessible name is its label followed by its value. */
const startsWith = (label: string) => new RegExp(`^${label}`);

/** A day some weeks ahead as YYYY-MM-DD: after today wherever the browser and Berlin are. */
const startDate = (() => {
  const day = new Date(Date.now() + 30 * 86_400_000);
  return day.toISOString().slice(0, 10);
})();

const START_DATE = /^Start date/;

const PATIENTS = [
  ['Female', 'Care level 3', 'Walker', 'Slightly impaired', 'No limitations', 'Highly impaired', 'Rarely'],
  ['Male', 'Care level 5', 'Confined to bed', 'Not possible', 'Not possible', 'Slightly impaired', 'Frequently'],
];
const PATIENT_LABELS = ['Gender', 'Care level', 'Mobility', 'Hearing', 'Speaking', 'Seeing', 'Night shifts'];

const CONTACT = {
  'First name': 'Erika',
  'Last name': 'Mustermann',
  Phone: '+49 30 1234567',
  'E-mail': 'erika@example.org',
  Notes: 'Please ring twice',
};

async function expectMission(page: Page, zipCode: string) {
  await expect(page.getByLabel('Origin')).toHaveValue('https://www.caredesk.example');
  await expect(page.getByLabel('ZIP code')).toHaveValue(zipCode);
  await expect(page.getByLabel('City')).toHaveValue('Berlin');
  await expect(page.getByLabel('At date')).toBeChecked();
  await expect(dayFieldInput(dayField(page, START_DATE))).toHaveValue(englishDayText(startDate));
  await expect(page.getByLabel('Other persons present in the household')).toBeChecked();
  await expect(page.getByLabel(/Grocery shopping/)).toBeChecked();
  await expect(page.getByLabel('Newsletter')).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: startsWith('Heard of us through') })).toHaveText('Flyer');
}

async function expectPatients(page: Page) {
  for (const [index, values] of PATIENTS.entries()) {
    const scope = page.locator(`[data-patient="${index}"]`);
    for (const [position, label] of PATIENT_LABELS.entries()) {
      await expect(scope.getByRole('combobox', { name: startsWith(label) })).toHaveText(values[position]);
    }
  }
}

async function expectContact(page: Page) {
  await expect(page.getByRole('combobox', { name: startsWith('Title') })).toHaveText('Mrs.');
  await expect(page.getByRole('combobox', { name: startsWith('Academic title') })).toHaveText('Dr.');
  for (const [label, value] of Object.entries(CONTACT)) await expect(page.getByLabel(label)).toHaveValue(value);
}

test('the stepper refuses a 4-digit zip code itself; a refusal of the real intake is named by label and Back to the request keeps every value', async ({
  page,
}) => {
  const intakeCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/intake/')) intakeCalls.push(request.method());
  });
  await signInThroughForm(page);
  await page.getByRole('menuitem', { name: 'Create Care Request' }).click();
  await expect(page).toHaveURL(/\/customers\/create-care-request\/$/);

  await test.step('step 1 refuses a 4-digit zip code before anything is sent', async () => {
    await page.getByLabel('ZIP code').fill('1011');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('At date').check();
    await typeEnglishDay(page, START_DATE, startDate);
    await page.getByLabel('Other persons present in the household').check();
    await page.getByLabel(/Grocery shopping/).check();
    await choose(page, page.locator('form'), 'Heard of us through', 'Flyer');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('ZIP code')).toHaveAccessibleDescription('A ZIP code has exactly 5 digits');
    await expect(page.getByRole('button', { name: 'Add a second patient' })).toBeHidden();
    await page.getByLabel('ZIP code').fill('10115');
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('step 2: two patients; focus is on the first field', async () => {
    await expect(page.locator('[data-patient="0"]').getByRole('combobox', { name: 'Gender' })).toBeFocused();
    await page.getByRole('button', { name: 'Add a second patient' }).click();
    for (const [index, values] of PATIENTS.entries()) {
      const scope = page.locator(`[data-patient="${index}"]`);
      for (const [position, label] of PATIENT_LABELS.entries()) await choose(page, scope, label, values[position]);
    }
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('step 3: contact information', async () => {
    await expect(page.getByRole('combobox', { name: 'Title', exact: true })).toBeFocused();
    const form = page.locator('form');
    await choose(page, form, 'Title', 'Mrs.');
    await choose(page, form, 'Academic title', 'Dr.');
    for (const [label, value] of Object.entries(CONTACT)) await page.getByLabel(label).fill(value);
  });
  expect(intakeCalls).toEqual([]);

  await test.step('the real intake refuses a zip code changed on the way; the Failed card names the field by its label', async () => {
    // the submission leaves the browser with a 4-digit zip code, so the real server answers 400
    await page.route(
      '**/api/intake/care-request/',
      async (route) => {
        const body = route.request().postData() ?? '';
        const altered = body.replace(/(name="EinsatzPLZ"\r\n\r\n)10115(\r\n)/, '$11011$2');
        expect(altered).not.toBe(body);
        await route.continue({ postData: altered });
      },
      { times: 1 },
    );
    const answer = page.waitForResponse('**/api/intake/care-request/');
    await page.getByRole('button', { name: 'Submit request' }).click();
    expect((await answer).status()).toBe(400);

    const card = page.getByTestId('care-request-failed');
    await expect(card.getByText('Failed', { exact: true })).toBeVisible();
    await expect(card.getByTestId('care-request-failure')).toHaveText('Please correct these fields:');
    await expect(card.getByRole('listitem')).toHaveText(['ZIP code: A ZIP code has exactly 5 digits']);
    await expect(card).not.toContainText('EinsatzPLZ');
    await card.getByRole('button', { name: 'Show details' }).click();
    await expect(card.getByTestId('care-request-response')).toContainText('"field": "EinsatzPLZ"');
    await expect(card.getByTestId('care-request-error')).toContainText('400 Bad Request');
  });

  await test.step('Back to the request: every value of the three steps is intact', async () => {
    await page.getByRole('button', { name: 'Back to the request' }).click();
    await expectMission(page, '10115');
    const zip = page.getByLabel('ZIP code');
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAccessibleDescription('A ZIP code has exactly 5 digits');
    await zip.fill('10117');
    await expect(zip).not.toHaveAccessibleDescription('A ZIP code has exactly 5 digits');
    await page.getByRole('button', { name: 'Next' }).click();
    await expectPatients(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expectContact(page);
  });

  await test.step('fixed, the request is accepted', async () => {
    const answer = page.waitForResponse('**/api/intake/care-request/');
    await page.getByRole('button', { name: 'Submit request' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postData()).toMatch(/name="EinsatzPLZ"\r\n\r\n10117\r\n/);
    await expect(page.getByText('The request has been submitted successfully')).toBeVisible();
  });
});

test('the archived sidebar wraps a long origin host only after its dots and cuts a long label with the full host in the title', async ({
  page,
}) => {
  const host = 'pflege.betreuung.ambulantepflegeundbetreuungmusterstadtbrandenburg.zuhause.example';
  const accepted = await page.request.post('/api/intake/care-request/', {
    multipart: {
      EinsatzPLZ: '10115',
      EinsatzOrt: 'Berlin',
      BetreuungBeginn: '0',
      Anrede: '1',
      Titel: '0',
      Vorname: 'Erika',
      Nachname: 'Mustermann',
      Telefon: '030 1234567',
      EMail: 'erika@example.org',
      P0Geschlecht: '1',
      P0Pflegegrad: '2',
      P0Mobil: '2',
      P0Hoeren: '0',
      P0Sprechen: '0',
      P0Sehen: '0',
      P0Nacht: '0',
      WWW: `https://${host}/anfrage`,
    },
  });
  expect(accepted.status()).toBe(201);

  await signInThroughForm(page);
  await page.getByRole('menuitem', { name: 'Care Requests' }).click();
  const row = page.locator('tbody tr').filter({ hasText: 'ambulantepflege' }).first();
  await row.getByRole('button', { name: 'Open archived request' }).click();
  const name = page.getByTestId('archived-sidebar').getByTestId('host-name');
  await expect(name).toHaveAttribute('title', host);

  const layout = await name.evaluate((element) => {
    // the vertical position of every character: a line break is where it grows
    const characters: Array<{ character: string; top: number }> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < node.textContent!.length; offset += 1) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        characters.push({ character: node.textContent![offset], top: range.getBoundingClientRect().top });
      }
    }
    const breaksAfter = characters
      .slice(1)
      .flatMap((current, index) => (current.top > characters[index].top + 2 ? [characters[index].character] : []));
    const cut = [...element.children]
      .filter((label) => (label as HTMLElement).scrollWidth > (label as HTMLElement).clientWidth)
      .map((label) => label.textContent);
    return { text: characters.map((entry) => entry.character).join(''), breaksAfter, cut };
  });
  expect(layout.text).toBe(host);
  expect(layout.breaksAfter.length).toBeGreaterThan(0);
  expect(layout.breaksAfter.every((character) => character === '.')).toBe(true);
  expect(layout.cut).toEqual(['ambulantepflegeundbetreuungmusterstadtbrandenburg.']);
});
