import { screen, waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import { withFakeBackend } from './backend';
import { createFakeMailService, type FakeMailService } from './fakeMailService';
import { currentUrl, renderApp, storeRefreshToken } from './renderApp';

/** The fake auth backend plus a fresh fake mail service per test. */
export function withFakeMailBackend() {
  const backend = withFakeBackend();
  let mail: FakeMailService;
  beforeEach(() => {
    mail = createFakeMailService(() => backend.service);
    backend.server.use(...mail.handlers);
  });
  return {
    backend,
    get mail() {
      return mail;
    },
  };
}

/** Signs in (stored refresh token) and opens `path`; waits until `text` is shown. */
export async function openMailScreen(backend: ReturnType<typeof withFakeBackend>, path: string, text: string) {
  storeRefreshToken(backend.service);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path), { timeout: 10_000 });
  await screen.findAllByText(text, {}, { timeout: 10_000 }); // the first screen of a test file loads slowly on a busy machine
  return rendered;
}
