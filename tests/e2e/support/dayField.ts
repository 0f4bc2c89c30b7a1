import type { Locator, Page } from '@playwright/test';

/** A MUI X date field by its label: the group of its sections. */
export const dayField = (page: Page, label: string | RegExp) => page.getByRole('group', { name: label });

/** The hidden input holding the text the field shows (MM/DD/YYYY in English). */
export const dayFieldInput = (field: Locator) => field.locator('xpath=..').locator('input');

/** Types a day ('YYYY-MM-DD') into an English date field, as a person does with the keyboard. */
export async function typeEnglishDay(page: Page, label: string | RegExp, day: string) {
  const [year, month, date] = day.split('-');
  await dayField(page, label).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${month}${date}${year}`);
}

/** 'YYYY-MM-DD' as an English date field shows it. */
export const englishDayText = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
};
