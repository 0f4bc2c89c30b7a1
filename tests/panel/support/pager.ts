import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Checks a list shows `rows` body rows, the pager's range, and offers 10, 25, 50 and 100 rows per page. */
export async function expectPanelPager(user: UserEvent, rows: number, range: string) {
  expect(document.querySelectorAll('tbody tr')).toHaveLength(rows);
  expect(screen.getByText(range)).toBeInTheDocument();
  await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
  const options = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(options).toEqual(['10', '25', '50', '100']);
  await user.keyboard('{Escape}');
}
