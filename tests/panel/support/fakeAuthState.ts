import { HttpResponse, type JsonBodyType } from 'msw';
import type { TokenPairResponse } from '../../../contracts/auth';
import type { ProviderInfoResponse } from '../../../contracts/oidc';
import type { ProblemResponse } from '../../../contracts/common';
import type { ProblemSlug } from '../../../contracts/problem-types';
import { ADMIN_UID, initialUsers, type FakeSession, type FakeUser } from './fakeAuthUsers';

interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  /** The X-Device-Token header of a sign-in. */
  deviceToken: string | null;
  /** Whether the browser was to send its cookies (the provider's hand-over is one). */
  credentials: RequestCredentials;
  body: unknown;
}

/** A problem type the services send (contracts/problem-types.ts). */
export type ProblemType = `/problems/${ProblemSlug}`;

/** A problem body; without `type` one the panel does not know, so that it shows the detail. */
export const problem = (
  status: number,
  title: string,
  detail: string,
  field?: string,
  headers?: Record<string, string>,
  type?: ProblemType,
) =>
  HttpResponse.json(
    {
      type: type ?? `https://caredesk.example/problems/${title.toLowerCase().replace(/\s+/g, '-')}`,
      title,
      status,
      detail,
      ...(field ? { field } : {}),
    } satisfies ProblemResponse,
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );

export const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

/**
 * What the fake auth service knows (users, sessions, tokens, the requests it got) and what its handlers share:
 * token issuing, the record of requests and the access check.
 * Access tokens are opaque strings here; the panel never looks inside them.
 */
export function createFakeAuthCore() {
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
    /** While true, the sensitive routes refuse access tokens not issued by POST /reauthenticate/ (reauthentication-required). */
    reauthenticationRequired: false,
    /** Access tokens issued by POST /reauthenticate/. */
    freshAccessTokens: new Set<string>(),
    /** Open second-factor challenges (sign-in or re-authentication) by token. */
    secondFactorTokens: new Map<string, { uid: string; failures: number }>(),
    /** GET /oidc/: no provider unless a test configures one (fakeProviderSignIn.ts). */
    provider: { enabled: false, name: null, reachable: false } as ProviderInfoResponse,
    /** The user whose sign-in at the provider waits for POST /oidc/session/ (the hand-over cookie's), once. */
    providerHandoff: null as string | null,
  };

  /** One count for issued tokens and created users alike, so that every token and uid is new. */
  const nextNumber = () => (counter += 1);

  const issue = (uid: string): TokenPairResponse => {
    const number = nextNumber();
    const access = `access-${number}-${uid}`;
    const refresh = `refresh-${number}-${uid}`;
    const issued = state.now();
    accessTokens.set(access, { uid, expires: issued + state.ttl });
    refreshTokens.set(refresh, uid);
    return { access_token: access, issued, expires: issued + state.ttl, refresh_token: refresh };
  };

  /** A refresh token for a user as if they had signed in before (for the root page's automatic sign-in). */
  const grantRefreshToken = (uid = ADMIN_UID) => issue(uid).refresh_token;

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
    const { headers } = request;
    requests.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: headers.get('authorization'),
      deviceToken: headers.get('x-device-token'),
      credentials: request.credentials,
      body,
    });
  };

  /** The calling user, or a 401 response. */
  const caller = (request: Request): FakeUser | Response => {
    const header = request.headers.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const access = accessTokens.get(token);
    const user = access ? users.get(access.uid) : undefined;
    if (!access || !user || access.expires <= state.now() || user.banned)
      return problem(401, 'Unauthorized', 'Invalid or expired access token.');
    return user;
  };

  /** A route handler that records the request and answers only callers with a valid access token. */
  const authenticated =
    (handler: (user: FakeUser, request: Request, params: Record<string, string>) => Promise<Response> | Response) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      await record(request);
      const user = caller(request);
      if (user instanceof Response) return user;
      return handler(user, request, params as Record<string, string>);
    };

  /** The 401 of a sensitive route called without a recent authentication, or null when it may go on. */
  const needsReauthentication = (request: Request): Response | null => {
    const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    if (!state.reauthenticationRequired || state.freshAccessTokens.has(token)) return null;
    return problem(
      401,
      'Unauthorized',
      'A recent authentication is needed.',
      undefined,
      {},
      '/problems/reauthentication-required',
    );
  };

  const findByUsername = (username: string) =>
    [...users.values()].find((user) => user.username?.toLowerCase() === username.toLowerCase());

  return { state, nextNumber, issue, grantRefreshToken, record, authenticated, findByUsername, needsReauthentication };
}

export type FakeAuthCore = ReturnType<typeof createFakeAuthCore>;
