import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** The provider and account editors' controls, as their tests use them. */

export const submit = () => screen.getByRole('button', { name: 'Submit' });

/** Picks `option` in the select whose label starts with `label`. */
export async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}
