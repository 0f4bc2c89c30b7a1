import { http } from 'msw';
import { json, problem, type FakeAuthCore } from './fakeAuthState';

/** Sign-in with a password, refresh with a refresh token, and the signed-in user's own account. */
export function signInHandlers({ state, issue, record, authenticated, findByUsername }: FakeAuthCore, base: string) {
  const { users, refreshTokens } = state;
  return [
    http.post(`${base}/token/`, async ({ request }) => {
      await record(request);
      if (state.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, state.tokenDelayMs));
      const header = request.headers.get('authorization') ?? '';
      if (header.startsWith('Basic ')) {
        const [username, ...rest] = atob(header.slice(6)).split(':');
        const user = findByUsername(username);
        if (!user || user.password !== rest.join(':') || user.banned) return problem(401, 'Unauthorized', 'Invalid username or password.');
        return json(issue(user.uid));
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
          ...(extended ? { authentication: { username: user.username } } : {}),
        });
      }),
    ),

    http.put(
      `${base}/update-password-authentication/`,
      authenticated(async (user, request) => {
        const body = (await request.json()) as { username: string; password: string };
        if (!body.password || body.password.length < 7) return problem(400, 'Bad Request', 'Password too short.', 'password');
        user.username = body.username;
        user.password = body.password;
        return json({ uid: user.uid, username: user.username });
      }),
    ),
  ];
}
