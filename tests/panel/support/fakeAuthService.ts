import type { RuntimeConfig } from '../../../contracts/runtime-config';
import { userAdministrationHandlers } from './fakeAuthAdministration';
import { signInHandlers } from './fakeAuthSignIn';
import { createFakeAuthCore, problem } from './fakeAuthState';
import { secondFactorHandlers } from './fakeSecondFactors';
import { providerHandlers } from './fakeProviderSignIn';

export { ADMIN_UID, CAREGIVER_UID, RECRUITER_UID } from './fakeAuthUsers';
export { problem };

/** jsdom's document URL is http://localhost:3000/; Node's fetch needs absolute URLs. */
export const ORIGIN = 'http://localhost:3000';
export const AUTH_URL = `${ORIGIN}/api/auth`;

export const testConfig: RuntimeConfig = {
  authUrl: AUTH_URL,
  mailUrl: `${ORIGIN}/api/mail`,
  filesUrl: `${ORIGIN}/api/files`,
  pricingUrl: `${ORIGIN}/api/pricing`,
  careUrl: `${ORIGIN}/api/care`,
  intakeUrl: `${ORIGIN}/api/intake`,
  auditUrl: `${ORIGIN}/api/audit`,
};

/** An in-memory stand-in for the auth service's HTTP routes (server/auth/routes.ts), with a record of every request. */
export function createFakeAuthService(base = AUTH_URL) {
  const core = createFakeAuthCore();
  const handlers = [
    ...signInHandlers(core, base),
    ...secondFactorHandlers(core, base),
    ...userAdministrationHandlers(core, base),
    ...providerHandlers(core, base),
  ];
  const { state, grantRefreshToken, issue } = core;
  const { requests } = state;
  /** Requests to one path (and method), e.g. hits('POST', '/api/auth/token/'). */
  const hits = (method: string, path: string) =>
    requests.filter((entry) => entry.method === method && entry.path === path);
  /** POST /token/ requests with a bearer refresh token. */
  const refreshHits = () =>
    hits('POST', '/api/auth/token/').filter((entry) => entry.authorization?.startsWith('Bearer '));
  const basicHits = () => hits('POST', '/api/auth/token/').filter((entry) => entry.authorization?.startsWith('Basic '));

  return { state, handlers, grantRefreshToken, issue, hits, refreshHits, basicHits, problem };
}

export type FakeAuthService = ReturnType<typeof createFakeAuthService>;
