import { http, HttpResponse } from 'msw';
import { json, problem, type FakeAuthCore } from './fakeAuthState';
import type { FakeUser } from './fakeAuthUsers';

/** The device token the fake gives a sign-in of `user`. */
export const deviceTokenOf = (user: FakeUser, number: number) => `device-${number}-${user.username?.toLowerCase()}`;

/** The 401 of a password accepted for a user with a second factor: a challenge token, the methods, the WebAuthn options. */
export function secondFactorRequired({ state, nextNumber }: FakeAuthCore, user: FakeUser) {
  const token = `challenge-${nextNumber()}`;
  state.secondFactorTokens.set(token, { uid: user.uid, failures: 0 });
  const kinds = new Set(user.factors?.map((factor) => factor.kind));
  const methods = [
    ...(kinds.has('totp') ? ['totp'] : []),
    ...(kinds.has('webauthn') ? ['webauthn'] : []),
    ...(user.recoveryCodes?.length ? ['recovery_code'] : []),
  ];
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
    },
    { status: 401, headers: { 'content-type': 'application/problem+json' } },
  );
}

/** The signed-in user's second-factor state in /info/. */
export const ownSecondFactorState = (user: FakeUser) => ({
  enrolled: !!user.factors?.length,
  required: !!user.secondFactorRequired,
  grace_until: user.factors?.length ? null : (user.graceUntil ?? null),
  enrollment_only: !!user.enrollmentOnly && !user.factors?.length,
  recovery_codes_left: user.recoveryCodes?.length ?? 0,
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
        if (user.factors?.length) return secondFactorRequired(core, user);
        return json({ ...issue(user.uid), device_token: deviceTokenOf(user, nextNumber()) });
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
        const extended = new URL(request.url).searchParams.get('extended') === 'true';
        return json({
          uid: user.uid,
          public_name: user.public_name,
          roles: user.roles,
          second_factor: ownSecondFactorState(user),
          ...(extended ? { authentication: { username: user.username } } : {}),
        });
      }),
    ),

    http.put(
      `${base}/update-password-authentication/`,
      authenticated(async (user, request) => {
        const refused = needsReauthentication(request);
        if (refused) return refused;
        const body = (await request.json()) as { username: string; password: string };
        if (!body.password || body.password.length < 7)
          return problem(400, 'Bad Request', 'Password too short.', 'password');
        user.username = body.username;
        user.password = body.password;
        return json({ uid: user.uid, username: user.username });
      }),
    ),
  ];
}
