import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { RuntimeConfig } from '../../../src/config';

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

interface FakeUser {
  uid: string;
  public_name: string;
  roles: string[];
  banned: boolean;
  username: string | null;
  password: string | null;
  /** Sign-in throttled under the username. */
  locked?: boolean;
  last_sign_in?: number | null;
}

interface FakeSession {
  uid: string;
  family: string;
  created: number;
  last_used: number;
  address: string | null;
  user_agent: string | null;
}

interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  body: unknown;
}

export const ADMIN_UID = '11111111-1111-4111-8111-111111111111';
export const RECRUITER_UID = '22222222-2222-4222-8222-222222222222';
export const CAREGIVER_UID = '33333333-3333-4333-8333-333333333333';

const initialUsers = (): FakeUser[] => [
  { uid: ADMIN_UID, public_name: 'Alice Admin', roles: ['administrator', 'ceo'], banned: false, username: 'alice', password: 'alice-secret' },
  { uid: RECRUITER_UID, public_name: 'Bob Recruiter', roles: ['recruiter', 'trainer'], banned: false, username: 'bobby', password: 'bob-secret' },
  { uid: CAREGIVER_UID, public_name: 'Carla Care', roles: ['caregiver'], banned: true, username: 'carla', password: 'carla-secret' },
];

/** A problem body; without `type` one the panel does not know, so that it shows the detail. */
const problem = (status: number, title: string, detail: string, field?: string, headers?: Record<string, string>, type?: string) =>
  HttpResponse.json(
    { type: type ?? `https://caredesk.example/problems/${title.toLowerCase().replace(/\s+/g, '-')}`, title, status, detail, ...(field ? { field } : {}) },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

/**
 * An in-memory stand-in for the auth service's HTTP routes (server/auth/routes.ts), with a record of every request.
 * Access tokens are opaque strings here; the panel never looks inside them.
 */
export function createFakeAuthService(base = AUTH_URL) {
  const users = new Map<string, FakeUser>(initialUsers().map((user) => [user.uid, user]));
  const refreshTokens = new Map<string, string>(); // token -> uid
  const accessTokens = new Map<string, { uid: string; expires: number }>();
  const requests: RecordedRequest[] = [];
  /** Active sessions (refresh-token families) by family. */
  const sessions = new Map<string, FakeSession>();
  let counter = 0;
  const state = {
    users,
    sessions,
    refreshTokens,
    accessTokens,
    requests,
    /** Access token lifetime in seconds. */
    ttl: 300,
    /** Clock of the service (epoch seconds). */
    now: () => Math.floor(Date.now() / 1000),
    /** Delay of POST /token/ answers in ms (to observe requests waiting for a refresh). */
    tokenDelayMs: 0,
  };

  const issue = (uid: string) => {
    counter += 1;
    const access = `access-${counter}-${uid}`;
    const refresh = `refresh-${counter}-${uid}`;
    const issued = state.now();
    accessTokens.set(access, { uid, expires: issued + state.ttl });
    refreshTokens.set(refresh, uid);
    return { access_token: access, issued, expires: issued + state.ttl, refresh_token: refresh };
  };

  /** A refresh token for a user as if they had signed in before (for the root page's automatic sign-in). */
  const grantRefreshToken = (uid = ADMIN_UID) => issue(uid).refresh_token;

  const panelUser = (user: FakeUser) => ({
    domain_user: { uid: user.uid, public_name: user.public_name, roles: user.roles, banned: user.banned, locked: !!user.locked, last_sign_in: user.last_sign_in ?? null },
    authentication_methods: user.username ? [{ type: 'password', username: user.username }] : [],
  });

  /** The paged dialect of the users list, as the auth service speaks it (sort keys, query words, filters). */
  const userPage = (byName: FakeUser[], query: URLSearchParams) => {
    const page = Number(query.get('page') ?? 1);
    const size = Number(query.get('page_size') ?? 10);
    const filters = JSON.parse(query.get('filters') ?? '{}') as { role?: string; banned?: boolean; locked?: boolean; uids?: string[] };
    const words = (query.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const sortKey = { public_name: 'public_name', username: 'username', last_sign_in: 'last_sign_in', uid: 'uid' }[query.get('sort_by') ?? 'public_name'] as keyof FakeUser;
    const direction = query.get('ordering') === 'des' ? -1 : 1;
    const selected = byName
      .filter((user) => words.every((word) => [user.public_name, user.username ?? '', user.roles.join(' '), user.uid].some((text) => text.toLowerCase().includes(word))))
      .filter((user) => (filters.role == null || user.roles.includes(filters.role)) && (filters.banned == null || user.banned === filters.banned))
      .filter((user) => (filters.locked == null || !!user.locked === filters.locked) && (!filters.uids || filters.uids.includes(user.uid)))
      .sort((a, b) => direction * String(a[sortKey] ?? '').localeCompare(String(b[sortKey] ?? '')));
    return {
      items: selected.slice((page - 1) * size, page * size).map(panelUser),
      previous_page: page > 1 ? page - 1 : null,
      next_page: page * size < selected.length ? page + 1 : null,
      total: selected.length,
      total_is_lower_bound: false,
    };
  };

  const record = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown = null;
    if (request.method !== 'GET') {
      const text = await request.clone().text();
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
    }
    requests.push({ method: request.method, path: url.pathname, search: url.search, authorization: request.headers.get('authorization'), body });
  };

  /** The calling user, or a 401 response. */
  const caller = (request: Request): FakeUser | Response => {
    const header = request.headers.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const access = accessTokens.get(token);
    const user = access ? users.get(access.uid) : undefined;
    if (!access || !user || access.expires <= state.now() || user.banned) return problem(401, 'Unauthorized', 'Invalid or expired access token.');
    return user;
  };

  const authenticated =
    (handler: (user: FakeUser, request: Request, params: Record<string, string>) => Promise<Response> | Response) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      await record(request);
      const user = caller(request);
      if (user instanceof Response) return user;
      return handler(user, request, params as Record<string, string>);
    };

  const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

  const findByUsername = (username: string) => [...users.values()].find((user) => user.username?.toLowerCase() === username.toLowerCase());

  const handlers = [
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

    http.get(
      `${base}/administration/users/`,
      authenticated((_user, request) => {
        const byName = [...users.values()].sort((a, b) => a.public_name.localeCompare(b.public_name));
        const query = new URL(request.url).searchParams;
        return query.size === 0 ? json(byName.map(panelUser)) : json(userPage(byName, query));
      }),
    ),

    http.post(
      `${base}/administration/users/`,
      authenticated(async (_user, request) => {
        const body = (await request.json()) as { username: string; password: string; public_name: string; roles: string[] };
        if (findByUsername(body.username)) return problem(409, 'Conflict', 'The username is already taken.', 'username', {}, '/problems/username-taken');
        counter += 1;
        const uid = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
        const created: FakeUser = { uid, public_name: body.public_name, roles: body.roles, banned: false, username: body.username, password: body.password };
        users.set(uid, created);
        return json(panelUser(created), 201);
      }),
    ),

    http.get(
      `${base}/administration/users/:uid/`,
      authenticated((_user, _request, params) => {
        const target = users.get(params.uid);
        return target ? json(panelUser(target)) : problem(404, 'Not Found', 'No such user.');
      }),
    ),

    http.put(
      `${base}/administration/users/:uid/domain-user/`,
      authenticated(async (_user, request, params) => {
        const target = users.get(params.uid);
        if (!target) return problem(404, 'Not Found', 'No such user.');
        const body = (await request.json()) as { uid: string; public_name: string; roles: string[] };
        if (body.uid !== params.uid) return problem(400, 'Bad Request', 'uid mismatch', 'uid');
        target.public_name = body.public_name;
        target.roles = body.roles;
        return json({ uid: target.uid, public_name: target.public_name, roles: target.roles, banned: target.banned });
      }),
    ),

    http.put(
      `${base}/administration/users/:uid/password-authentication/`,
      authenticated(async (_user, request, params) => {
        const target = users.get(params.uid);
        if (!target) return problem(404, 'Not Found', 'No such user.');
        const body = (await request.json()) as { username: string; password?: string };
        const other = findByUsername(body.username);
        if (other && other.uid !== target.uid) return problem(409, 'Conflict', 'The username is already taken.', 'username', {}, '/problems/username-taken');
        target.username = body.username;
        if (body.password !== undefined) target.password = body.password;
        return json(panelUser(target));
      }),
    ),

    http.post(
      `${base}/administration/revoke-refresh-tokens/`,
      authenticated(async (_user, request) => {
        const { uids } = (await request.json()) as { uids: string[] };
        let revoked = 0;
        for (const [token, uid] of refreshTokens) {
          if (uids.includes(uid)) {
            refreshTokens.delete(token);
            revoked += 1;
          }
        }
        return json({ revoked });
      }),
    ),

    http.post(
      `${base}/administration/ban-users/`,
      authenticated(async (user, request) => {
        const { uids } = (await request.json()) as { uids: string[] };
        if (uids.includes(user.uid)) return problem(400, 'Bad Request', 'You cannot ban yourself.', 'uids', {}, '/problems/self-ban');
        if (uids.some((uid) => !users.has(uid))) return problem(404, 'Not Found', 'Unknown user.', 'uids');
        for (const uid of uids) users.get(uid)!.banned = true;
        return json({ banned: uids });
      }),
    ),

    http.post(
      `${base}/administration/unban-users/`,
      authenticated(async (_user, request) => {
        const { uids } = (await request.json()) as { uids: string[] };
        for (const uid of uids) {
          const target = users.get(uid);
          if (target) target.banned = false;
        }
        return json({ unbanned: uids });
      }),
    ),

    http.post(
      `${base}/administration/unlock-users/`,
      authenticated(async (_user, request) => {
        const { uids } = (await request.json()) as { uids: string[] };
        for (const uid of uids) {
          const target = users.get(uid);
          if (target) target.locked = false;
        }
        return json({ unlocked: uids });
      }),
    ),

    http.get(
      `${base}/administration/users/:uid/sessions/`,
      authenticated((_user, _request, params) => {
        if (!users.has(params.uid)) return problem(404, 'Not Found', 'No such user.', undefined, {}, '/problems/not-found');
        const own = [...sessions.values()].filter((session) => session.uid === params.uid).sort((a, b) => b.last_used - a.last_used);
        return json(own.map(({ uid: _uid, ...session }) => session));
      }),
    ),

    http.delete(
      `${base}/administration/users/:uid/sessions/:family/`,
      authenticated((_user, _request, params) => {
        const session = sessions.get(params.family);
        if (!session || session.uid !== params.uid) return problem(404, 'Not Found', 'No such session.', undefined, {}, '/problems/not-found');
        sessions.delete(params.family);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];

  /** Requests to one path (and method), e.g. hits('POST', '/api/auth/token/'). */
  const hits = (method: string, path: string) => requests.filter((entry) => entry.method === method && entry.path === path);
  /** POST /token/ requests with a bearer refresh token. */
  const refreshHits = () => hits('POST', '/api/auth/token/').filter((entry) => entry.authorization?.startsWith('Bearer '));
  const basicHits = () => hits('POST', '/api/auth/token/').filter((entry) => entry.authorization?.startsWith('Basic '));

  return { state, handlers, grantRefreshToken, issue, hits, refreshHits, basicHits, problem };
}

export type FakeAuthService = ReturnType<typeof createFakeAuthService>;
export { problem };
