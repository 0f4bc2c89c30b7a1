import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { TYPING_PAUSE_MS } from '../../../src/common/dates/DayRangeFields';

/** A MUI X date field by its label: the group of its sections (month, day, year) and the text it shows. */
export function dateField(label: string | RegExp) {
  const group = screen.getByRole('group', { name: label });
  return {
    group,
    sections: () => within(group).getAllByRole('spinbutton'),
    text: () => (group.parentElement!.querySelector('input') as HTMLInputElement).value,
  };
}

/** Clicks the field's first section and types the keys, as a person does with the keyboard. */
export async function typeDate(user: UserEvent, label: string | RegExp, keys: string) {
  await user.click(dateField(label).sections()[0]);
  await user.keyboard(keys);
}

/** Longer than the pause after which a typed date applies. */
export const afterTypingPause = () => new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS + 200));

/** Types a day ('YYYY-MM-DD') into an English date field (MM/DD/YYYY), as a person does with the keyboard. */
export async function typeDay(user: UserEvent, label: string | RegExp, day: string) {
  const [year, month, date] = day.split('-');
  await typeDate(user, label, `${month}${date}${year}`);
}
