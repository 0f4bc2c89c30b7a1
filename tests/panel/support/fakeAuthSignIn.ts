import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type {
  Info,
  OwnPasswordAuthentication,
  OwnPasswordAuthenticationBody,
  TokenPairResponse,
} from '../../../contracts/auth';
import type { ProblemResponse } from '../../../contracts/common';
import type { ProviderInfoResponse } from '../../../contracts/oidc';
import {
  type OwnSecondFactorStateResponse,
  SECOND_FACTOR_METHODS,
  type SecondFactorMethod,
} from '../../../contracts/second-factors';
import { json, problem, type FakeAuthCore } from './fakeAuthState';
import type { FakeUser } from './fakeAuthUsers';

/** The device token the fake gives a sign-in of `user`. */
export const deviceTokenOf = (user: FakeUser, number: number) => `device-${number}-${user.username?.toLowerCase()}`;

/** The members of /problems/second-factor-required beyond a problem's (server/auth/routes.ts describes them; no schema in contracts/). */
type SecondFactorRequiredProblem = ProblemResponse & {
  second_factor_token: string;
  methods: SecondFactorMethod[];
  webauthn_options?: object;
};

/** The 401 of a password accepted for a user with a second factor: a challenge token, the methods, the WebAuthn options. */
export function secondFactorRequired({ state, nextNumber }: FakeAuthCore, user: FakeUser) {
  const token = `challenge-${nextNumber()}`;
  state.secondFactorTokens.set(token, { uid: user.uid, failures: 0 });
  const kinds = new Set(user.factors?.map((factor) => factor.kind));
  const offered: Record<SecondFactorMethod, boolean> = {
    totp: kinds.has('totp'),
    webauthn: kinds.has('webauthn'),
    recovery_code: !!user.recoveryCodes?.length,
  };
  const methods = SECOND_FACTOR_METHODS.filter((method) => offered[method]);
  return HttpResponse.json(
    {
      type: '/problems/second-factor-required',
      title: 'Unauthorized',
      status: 401,
      detail: 'A second factor is required.',
      second_factor_token: token,
      methods,
      ...(kinds.has('webauthn')
        ? { webauthn_options: { challenge: `webauthn-challenge-${token}`, rpId: 'localhost', allowCredentials: [] } }
        : {}),
    } satisfies SecondFactorRequiredProblem,
    { status: 401, headers: { 'content-type': 'application/problem+json' } },
  );
}

/**
 * The refusal of a linked user's password (server/auth/oidc/password-refusal.ts), with the provider's name: 401 at sign-in and
 * re-authentication, 403 for the own password.
 */
export const signInWithProvider = (provider: string, status: 401 | 403 = 401) =>
  HttpResponse.json(
    {
      type: '/problems/sign-in-with-provider',
      title: status === 401 ? 'Unauthorized' : 'Forbidden',
      status,
      detail: `This account signs in with ${provider}: use "Sign in with ${provider}".`,
      provider,
    } satisfies ProblemResponse & { provider: string },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** The provider whose sign-in replaces the user's password: linked, and not the first administrator. */
export const providerInsteadOfPassword = (user: FakeUser, provider: ProviderInfoResponse): string | null =>
  user.providerLink && !user.firstAdministrator && provider.enabled ? provider.name : null;

/** The signed-in user's second-factor state in /info/. */
export const ownSecondFactorState = (user: FakeUser): OwnSecondFactorStateResponse => ({
  enrolled: !!user.factors?.length,
  required: !!user.secondFactorRequired,
  grace_until: user.factors?.length ? null : (user.graceUntil ?? null),
  enrollment_only: !!user.enrollmentOnly && !user.factors?.length,
  recovery_codes_left: user.recoveryCodes?.length ?? 0,
});

/**
 * The signed-in user's GET /info/ without `permissions`, as an auth service before the role policy answered it: the panel then
 * grants every permission, so a test sees every screen unless it installs the role policy (fakeRolePolicy.ts), which adds them.
 */
export const ownInfo = (
  user: FakeUser,
  extended: boolean,
  provider: ProviderInfoResponse,
): Omit<Static<typeof Info>, 'permissions'> => ({
  uid: user.uid,
  public_name: user.public_name,
  roles: user.roles,
  second_factor: ownSecondFactorState(user),
  ...(extended
    ? {
        authentication: {
          username: user.username,
          provider: user.providerLink && provider.enabled ? provider.name : null,
          password_refused: providerInsteadOfPassword(user, provider) !== null,
        },
      }
    : {}),
});

/** Sign-in with a password, refresh with a refresh token, and the signed-in user's own account. */
export function signInHandlers(core: FakeAuthCore, base: string) {
  const { state, issue, record, authenticated, findByUsername, needsReauthentication, nextNumber } = core;
  const { users, refreshTokens } = state;
  return [
    http.post(`${base}/token/`, async ({ request }) => {
      await record(request);
      if (state.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, state.tokenDelayMs));
      const header = request.headers.get('authorization') ?? '';
      if (header.startsWith('Basic ')) {
        const [username, ...rest] = atob(header.slice(6)).split(':');
        const user = findByUsername(username);
        if (!user || user.password !== rest.join(':') || user.banned)
          return problem(401, 'Unauthorized', 'Invalid username or password.');
        const provider = providerInsteadOfPassword(user, state.provider);
        if (provider !== null) return signInWithProvider(provider);
        if (user.factors?.length) return secondFactorRequired(core, user);
        return json({
          ...issue(user.uid),
          device_token: deviceTokenOf(user, nextNumber()),
        } satisfies TokenPairResponse);
      }
      if (header.startsWith('Bearer ')) {
        const token = header.slice(7);
        const uid = refreshTokens.get(token);
        const user = uid ? users.get(uid) : undefined;
        if (!uid || !user || user.banned) return problem(401, 'Unauthorized', 'Invalid refresh token.');
        refreshTokens.delete(token);
        return json(issue(uid));
      }
      return problem(401, 'Unauthorized', 'Missing credentials.');
    }),

    http.get(
      `${base}/info/`,
      authenticated((user, request) => {
        return json(ownInfo(user, new URL(request.url).searchParams.get('extended') === 'true', state.provider));
      }),
    ),

    http.put(
      `${base}/update-password-authentication/`,
      authenticated(async (user, request) => {
        const refused = needsReauthentication(request);
        if (refused) return refused;
        const provider = providerInsteadOfPassword(user, state.provider);
        if (provider !== null) return signInWithProvider(provider, 403);
        const body = (await request.json()) as Static<typeof OwnPasswordAuthenticationBody>;
        if (!body.password || body.password.length < 7)
          return problem(400, 'Bad Request', 'Password too short.', 'password');
        user.username = body.username;
        user.password = body.password;
        return json({ uid: user.uid, username: body.username } satisfies Static<typeof OwnPasswordAuthentication>);
      }),
    ),
  ];
}
