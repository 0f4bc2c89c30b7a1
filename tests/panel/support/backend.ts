import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createFakeAuthService, type FakeAuthService } from './fakeAuthService';
import { createFakeCareWork } from './fakeCareWork';
import { initialStatistics, statisticsHandlers, type FakeStatistics } from './fakeStatistics';

/**
 * One msw server per test file; every test gets a fresh fake auth service, fresh statistics for the dashboard and the care
 * workflow's routes without requests (the own settings, an idle event stream).
 * Unhandled requests fail the test.
 */
export function withFakeBackend() {
  const server = setupServer();
  let service: FakeAuthService = createFakeAuthService();
  let statistics: FakeStatistics = initialStatistics();
  const statisticsHits: string[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    service = createFakeAuthService();
    statistics = initialStatistics();
    statisticsHits.length = 0;
    server.resetHandlers(
      ...service.handlers,
      ...statisticsHandlers(() => statistics, statisticsHits),
      ...createFakeCareWork(() => []).handlers,
    );
  });
  afterAll(() => server.close());
  return {
    server,
    get service() {
      return service;
    },
    /** The dashboard's figures the fake services answer (change them before the dashboard reads them). */
    get statistics() {
      return statistics;
    },
    /** Which statistics the panel read, in order (mail, care, files, fileTokens, pricingTokens, users). */
    statisticsHits,
  };
}
