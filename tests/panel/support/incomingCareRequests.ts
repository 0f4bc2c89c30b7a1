import { screen } from '@testing-library/react';
import type { withFakeCareBackend } from './fakeCareService';
import { renderApp, storeRefreshToken } from './renderApp';

/** The list of incoming care requests, as its tests open and read it. */

export const INCOMING_PATH = '/archive/incoming-care-requests/';

/** Opens `path`, signed in against the file's fake backend, once the list shows its first request. */
export async function openList(fake: ReturnType<typeof withFakeCareBackend>, path = INCOMING_PATH) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await screen.findByText('caredesk.example');
  return rendered;
}

/** The table row showing `text`. */
export const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};

/** Switches the panel to German; resolves with the list's first column title once the German texts are rendered. */
export async function switchToGerman(user: Awaited<ReturnType<typeof openList>>['user']) {
  await user.click(screen.getByRole('button', { name: 'English' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
  return screen.findByRole('columnheader', { name: 'Eingegangen' });
}
