import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { withFakeBackend } from './backend';
import { createFakeFilesService } from './fakeFilesService';
import { createFakeMailService } from './fakeMailService';
import { createFakeRolePolicy } from './fakeRolePolicy';
import { currentUrl, renderApp, storeRefreshToken } from './renderApp';

type FakeBackend = ReturnType<typeof withFakeBackend>;

/** The role policy with its users, and the files and mail services, installed on the file's fake backend (before each test). */
export function installPermissionServices(backend: FakeBackend) {
  const policy = createFakeRolePolicy(() => backend.service);
  policy.addUsers();
  const files = createFakeFilesService();
  const mail = createFakeMailService(() => backend.service);
  backend.server.use(...policy.handlers, ...files.handlers, ...mail.handlers);
  return { policy, files };
}

/** Signs in as `uid` (stored refresh token) and opens `path`, waiting until the panel arrived there. */
export async function openAs(backend: FakeBackend, uid: string, path: string) {
  storeRefreshToken(backend.service, uid);
  const rendered = renderApp(`/?redirect_to=${encodeURIComponent(path)}`);
  await waitFor(() => expect(currentUrl()).toBe(path));
  return rendered;
}
