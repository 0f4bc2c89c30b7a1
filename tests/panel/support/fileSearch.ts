import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { withFakeFilesBackend } from './fakeFilesService';
import { currentUrl, renderApp, storeRefreshToken } from './renderApp';

export const SEARCH_PATH = '/api/files/search/';

/** Opens the file search at `path`, signed in against the file's fake backend, once `text` shows. */
export async function openSearch(
  fake: ReturnType<typeof withFakeFilesBackend>,
  path = '/filebucket/search/',
  text = 'contract-2026.pdf',
) {
  storeRefreshToken(fake.backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  await screen.findAllByText(text);
  return rendered;
}
