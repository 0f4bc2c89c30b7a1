import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createFakeAuthService, type FakeAuthService } from './fakeAuthService';

/** One msw server per test file; every test gets a fresh fake auth service. Unhandled requests fail the test. */
export function useFakeBackend() {
  const server = setupServer();
  let service: FakeAuthService = createFakeAuthService();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    service = createFakeAuthService();
    server.resetHandlers(...service.handlers);
  });
  afterAll(() => server.close());
  return {
    server,
    get service() {
      return service;
    },
  };
}
