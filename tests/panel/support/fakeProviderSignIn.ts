import { http } from 'msw';
import type { PanelUserResponse, TokenPairResponse } from '../../../contracts/auth';
import type { ProviderInfoResponse } from '../../../contracts/oidc';
import { secondFactorRequired } from './fakeAuthSignIn';
import { json, problem, type FakeAuthCore } from './fakeAuthState';
import { panelUser } from './fakeAuthUsers';

/** A provider as GET /oidc/ describes it: configured and reachable unless told otherwise. */
export const providerInfo = (overrides: Partial<ProviderInfoResponse> = {}): ProviderInfoResponse => ({
  enabled: true,
  name: 'Agency Login',
  reachable: true,
  ...overrides,
});

/**
 * The sign-in through the OpenID Connect provider as the panel sees it (server/auth/oidc/routes.ts): what GET /oidc/ says of the
 * provider, the one POST /oidc/session/ after `?oidc=continue` (the hand-over a test leaves in `state.providerHandoff`, taken once),
 * and unlinking a user.
 */
export function providerHandlers(core: FakeAuthCore, base: string) {
  const { state, issue, record, authenticated, nextNumber } = core;
  return [
    http.get(`${base}/oidc/`, async ({ request }) => {
      await record(request);
      return json(state.provider satisfies ProviderInfoResponse);
    }),

    http.post(`${base}/oidc/session/`, async ({ request }) => {
      await record(request);
      const user = state.providerHandoff === null ? undefined : state.users.get(state.providerHandoff);
      state.providerHandoff = null;
      if (!user)
        return problem(
          401,
          'Unauthorized',
          'No sign-in at the provider waits for this browser.',
          undefined,
          {},
          '/problems/invalid-provider-handoff',
        );
      if (user.factors?.length) return secondFactorRequired(core, user);
      return json({ ...issue(user.uid), device_token: `device-${nextNumber()}` } satisfies TokenPairResponse);
    }),

    http.delete(
      `${base}/administration/users/:uid/oidc-link/`,
      authenticated((caller, _request, params) => {
        const target = state.users.get(params.uid);
        if (!target) return problem(404, 'Not Found', 'No such user.', 'uid', {}, '/problems/user-not-found');
        if (target.uid === caller.uid)
          return problem(400, 'Bad Request', 'You cannot unlink yourself.', 'uid', {}, '/problems/self-unlink');
        if (!target.providerLink)
          return problem(404, 'Not Found', 'Not linked.', 'uid', {}, '/problems/provider-link-not-found');
        delete target.providerLink;
        return json(panelUser(target) satisfies PanelUserResponse);
      }),
    ),
  ];
}
