import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { validForm } from '../fixtures/care-form';
import { signInThroughForm } from './support/session';
import { signInThroughApi } from './support/api';

/**
 * Date filters typed by keyboard (English and German), the Filter button's count and the compact list layout at 1280×720,
 * against the real server. The server is shared with the other browser tests: this file makes its own data and looks at it
 * through a unique search.
 */

test.use({ viewport: { width: 1280, height: 720 } });

const suffix = randomBytes(4).toString('hex');

const fileName = (index: number) => `Dienstplan-Familie-Mustermann-Charlottenburg-${suffix}-${index}.csv`;

/** Files with the long names, descriptions and references of real use (they must not make rows taller). */
async function seedFiles(request: APIRequestContext, count: number) {
  const headers = { Authorization: `Bearer ${(await signInThroughApi(request)).access_token}` };
  const references = [
    { name: 'ServiceContract', value: 'SC-1' },
    { name: 'Customer', value: 'C-1' },
    { name: 'Caregiver', value: 'G-1' },
  ];
  for (let index = 0; index < count; index += 1) {
    const description = `Dienstplan ${index} mit allen Einsätzen, Vertretungen und Rufbereitschaften, abgestimmt mit der Familie und der Pflegekraft`;
    const response = await request.post('/api/files/upload/', {
      headers,
      multipart: {
        meta: JSON.stringify({ name: fileName(index), description, references }),
        file: { name: fileName(index), mimeType: 'text/csv', buffer: Buffer.from(`day;hours\n${index};8\n`) },
      },
    });
    expect(response.status()).toBe(201);
  }
}

/** Submits through the public intake, waiting out its per-address rate limit (shared with the other browser tests). */
async function seedCareRequests(request: APIRequestContext, count: number, host: string) {
  for (let index = 0; index < count; index += 1) {
    const form = validForm({ BetreuungBeginn: '0', WWW: `https://${host}/anfrage`, utm_source: 'e2e-filters' });
    delete form.Anreisedatum;
    for (let attempt = 1; ; attempt += 1) {
      const response = await request.post('/api/intake/care-request/', { form });
      if (response.status() === 429 && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, (Number(response.headers()['retry-after']) || 10) * 1000));
        continue;
      }
      expect(response.status(), await response.text()).toBe(201);
      break;
    }
  }
}

const pad = (value: number) => String(value).padStart(2, '0');
const day = (offsetDays: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return { iso: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, date };
};
/** What a person types for the date: month, day, year in English; day, month, year in German. */
const englishKeys = (date: Date) => `${pad(date.getMonth() + 1)}${pad(date.getDate())}${date.getFullYear()}`;
const germanKeys = (date: Date) => `${pad(date.getDate())}${pad(date.getMonth() + 1)}${date.getFullYear()}`;
const englishText = (date: Date) => `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
const germanText = (date: Date) => `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;

/** A date field of the open filter menu: its sections, and the text it shows. */
const dateField = (page: Page, label: string | RegExp) => page.getByRole('group', { name: label });
const fieldText = (field: Locator) => field.locator('xpath=..').locator('input').inputValue();

async function typeDate(page: Page, label: string | RegExp, keys: string) {
  await dateField(page, label).getByRole('spinbutton').first().click();
  await page.keyboard.type(keys);
}

/** The list requests the page sends with a filter, from now on. */
function filteredRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === path && url.searchParams.has('filters')) seen.push(url.searchParams.get('filters')!);
  });
  return seen;
}

/** The Filter button (Filter, or Filter (n active) while filters apply), in English or German. */
const filterButtonOf = (page: Page) => page.getByRole('button', { name: /^Filter( \(\d+ (active|aktiv)\))?$/ });

/** Closes the open filter menu as a keyboard user does. */
async function closeFilterMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filter' })).toBeHidden();
}

async function switchLanguage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: from, exact: true }).click();
  await page.getByRole('menuitem', { name: to, exact: true }).click();
}

/** Ten rows and the pager fit the 1280×720 window: nothing below the fold, no scrolling. */
async function expectTenRowsAndPager(page: Page) {
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(9)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByText(/^1-10 of \d+$/)).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test('file search: dates typed by keyboard in English and German, a partial date sends nothing, an invalid one keeps its text; ten rows fit', async ({
  page,
  request,
}) => {
  const today = day(0);
  const yesterday = day(-1);
  await seedFiles(request, 11);
  await signInThroughForm(page);
  const sent = filteredRequests(page, '/api/files/search/');

  await test.step('at 1280×720 the ten newest files and the pager show without scrolling', async () => {
    await page.getByRole('menuitem', { name: 'Search files', exact: true }).click();
    await expect(page.getByRole('cell', { name: fileName(10), exact: true })).toBeVisible();
    await expectTenRowsAndPager(page);
  });

  const filterButton = filterButtonOf(page);
  await test.step('search the seeded files, then type a from date: a partial date sends nothing', async () => {
    await page.getByPlaceholder('Search', { exact: true }).fill(suffix);
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
    await expect(page.getByText('1-10 of 11')).toBeVisible();
    await expect(filterButton).toHaveAccessibleName('Filter');
    await filterButton.click();
    await typeDate(page, 'Uploaded from', englishKeys(today.date).slice(0, 4));
    await page.waitForTimeout(1000);
    expect(sent).toEqual([]);
    expect(page.url()).not.toContain('uploaded__');
    expect(await fieldText(dateField(page, 'Uploaded from'))).toBe(`${englishText(today.date).slice(0, 6)}YYYY`);
  });

  await test.step('the complete date applies the filter: URL, list and the Filter button’s count', async () => {
    await page.keyboard.type(String(today.date.getFullYear()));
    await expect(page).toHaveURL(new RegExp(`uploaded__from=${today.iso}`));
    await expect(page.getByText('1-10 of 11')).toBeVisible();
    await closeFilterMenu(page);
    await expect(filterButton).toHaveAccessibleName('Filter (1 active)');
    await expect(page.getByTestId('filter-count')).toHaveText('1');
    await filterButton.click();
  });

  await test.step('an impossible date and a to before the from show an error and keep the text; nothing is sent', async () => {
    const before = sent.length;
    await typeDate(page, 'Uploaded to', `0231${today.date.getFullYear()}`);
    await expect(page.getByText('Enter a valid date as MM/DD/YYYY (from 1970)')).toBeVisible();
    expect(await fieldText(dateField(page, 'Uploaded to'))).toBe(`02/31/${today.date.getFullYear()}`);
    // cleared first: typed over 02/31, MUI's field keeps the day 31 when the new month is December
    await dateField(page, 'Uploaded to').getByRole('button', { name: 'Clear' }).click();
    await typeDate(page, 'Uploaded to', englishKeys(yesterday.date));
    await expect(page.getByText('Cannot be before the start date')).toBeVisible();
    expect(await fieldText(dateField(page, 'Uploaded to'))).toBe(englishText(yesterday.date));
    await page.waitForTimeout(1000);
    expect(sent.slice(before).filter((filters) => JSON.parse(filters).uploaded?.to !== undefined)).toEqual([]);
    expect(page.url()).not.toContain('uploaded__to');
  });

  await test.step('a to date of yesterday alone finds none of today’s files', async () => {
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).not.toHaveURL(/uploaded__/);
    await typeDate(page, 'Uploaded to', englishKeys(yesterday.date));
    await expect(page).toHaveURL(new RegExp(`uploaded__to=${yesterday.iso}`));
    await closeFilterMenu(page);
    await expect(page.getByRole('cell', { name: fileName(0) })).toBeHidden();
    await expect(page.getByText('1-10 of 11')).toBeHidden();
  });

  await test.step('in German the fields read and take TT.MM.JJJJ', async () => {
    await switchLanguage(page, 'English', 'Deutsch');
    await filterButtonOf(page).click();
    expect(await fieldText(dateField(page, 'Hochgeladen bis'))).toBe(germanText(yesterday.date));
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect(page).not.toHaveURL(/uploaded__/);
    await expect(dateField(page, 'Hochgeladen ab').getByRole('spinbutton').first()).toHaveText('TT');
    await typeDate(page, 'Hochgeladen ab', germanKeys(today.date));
    await expect(page).toHaveURL(new RegExp(`uploaded__from=${today.iso}`));
    expect(await fieldText(dateField(page, 'Hochgeladen ab'))).toBe(germanText(today.date));
    await expect(page.getByText('1-10 von 11')).toBeVisible();
    await typeDate(page, 'Hochgeladen bis', `3102${today.date.getFullYear()}`);
    await expect(page.getByText('Bitte ein gültiges Datum im Format TT.MM.JJJJ eingeben (ab 1970)')).toBeVisible();
    expect(await fieldText(dateField(page, 'Hochgeladen bis'))).toBe(`31.02.${today.date.getFullYear()}`);
  });
});

test('care requests: dates typed by keyboard in English and German, partial and invalid dates; ten rows fit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const host = `www.pflegedienst-${suffix}-berlin-brandenburg.example`;
  const today = day(0);
  const yesterday = day(-1);
  await seedCareRequests(request, 11, host);
  await signInThroughForm(page);
  const sent = filteredRequests(page, '/api/care/incoming/care-requests/');

  await test.step('at 1280×720 the ten newest requests and the pager show without scrolling', async () => {
    await page.getByRole('menuitem', { name: 'Care Requests' }).click();
    // the list names the origin without its "www."
    await expect(page.locator('tbody tr').first()).toContainText(host.replace(/^www\./, ''));
    await expectTenRowsAndPager(page);
  });

  const filterButton = filterButtonOf(page);
  await test.step('search the seeded requests; a partial from date sends nothing', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill(host);
    await page.keyboard.press('Enter');
    await expect(page.getByText('1-10 of 11')).toBeVisible();
    await filterButton.click();
    await typeDate(page, 'Submitted From', englishKeys(today.date).slice(0, 4));
    await page.waitForTimeout(1000);
    expect(sent).toEqual([]);
    expect(page.url()).not.toContain('submitted__');
  });

  await test.step('the complete date applies the filter', async () => {
    await page.keyboard.type(String(today.date.getFullYear()));
    await expect(page).toHaveURL(new RegExp(`submitted__from=${today.iso}`));
    await expect(page.getByText('1-10 of 11')).toBeVisible();
    await closeFilterMenu(page);
    await expect(filterButton).toHaveAccessibleName('Filter (1 active)');
    await expect(page.getByTestId('filter-count')).toHaveText('1');
    await filterButton.click();
  });

  await test.step('a to before the from, and an impossible date, show an error and keep the text', async () => {
    await typeDate(page, 'Submitted To', englishKeys(yesterday.date));
    await expect(page.getByText('Cannot be before the start date')).toBeVisible();
    expect(await fieldText(dateField(page, 'Submitted To'))).toBe(englishText(yesterday.date));
    await typeDate(page, 'Submitted To', `0230${today.date.getFullYear()}`);
    await expect(page.getByText('Enter a valid date as MM/DD/YYYY (from 1970)')).toBeVisible();
    expect(await fieldText(dateField(page, 'Submitted To'))).toBe(`02/30/${today.date.getFullYear()}`);
    await page.waitForTimeout(1000);
    expect(sent.filter((filters) => JSON.parse(filters).submitted?.to !== undefined)).toEqual([]);
    expect(page.url()).not.toContain('submitted__to');
  });

  await test.step('a to date of yesterday alone finds none of today’s requests', async () => {
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).not.toHaveURL(/submitted__/);
    await typeDate(page, 'Submitted To', englishKeys(yesterday.date));
    await expect(page).toHaveURL(new RegExp(`submitted__to=${yesterday.iso}`));
    await closeFilterMenu(page);
    await expect(page.locator('tbody tr').filter({ hasText: host.replace(/^www\./, '') })).toHaveCount(0);
  });

  await test.step('in German the fields take TT.MM.JJJJ and the calendar speaks German', async () => {
    await switchLanguage(page, 'English', 'Deutsch');
    await filterButtonOf(page).click();
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await expect(page).not.toHaveURL(/submitted__/);
    await typeDate(page, /^Eingegangen von$/i, germanKeys(today.date));
    await expect(page).toHaveURL(new RegExp(`submitted__from=${today.iso}`));
    expect(await fieldText(dateField(page, /^Eingegangen von$/i))).toBe(germanText(today.date));
    await expect(page.getByText('1-10 von 11')).toBeVisible();
    // the calendar still picks: the last day of the current month
    await dateField(page, /^Eingegangen bis$/i)
      .locator('xpath=..')
      .getByRole('button', { name: 'Datum auswählen' })
      .click();
    const last = new Date(today.date.getFullYear(), today.date.getMonth() + 1, 0);
    await page.getByRole('gridcell', { name: String(last.getDate()), exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`submitted__to=${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`),
    );
    await expect(page.getByText('1-10 von 11')).toBeVisible();
  });
});
