import type { RouteOptions } from 'fastify';
import { API_TOKEN_SCOPES, type ApiTokenScope, type TokenInfoResponse } from '../../contracts/api-tokens';
import { problems } from '../../contracts/common';
import { isPermission, type Permission, type RoutePermission } from '../shared/permissions';
import { forbidden, HttpProblem, problemType } from '../shared/problem';
import { RECENT_AUTHENTICATION_SECONDS } from '../../contracts/second-factors';
import type { SecondFactorFacts } from './users';

/**
 * Which credential a route admits, declared in the route's `config: { auth }` ('user' when absent):
 * - public: anyone;
 * - user: a panel user's access token (of an existing, unbanned user);
 * - apiToken: an API token of the service the route is mounted under (apiTokenScopeOf);
 * - apiTokenOrUser: either;
 * - publicOrUser: anyone, but a request that carries an Authorization header is admitted as a user (or refused).
 */
export type RouteAuth = 'public' | 'user' | 'apiToken' | 'apiTokenOrUser' | 'publicOrUser';

/** The signed-in caller of a route that admitted a user's access token. */
interface AuthenticatedUser {
  uid: string;
  publicName: string;
  roles: string[];
  /** What the user's roles grant under the role policy (all of them with ACCESS_POLICY=open). */
  permissions: Permission[];
  /** The session (refresh-token family) of the access token: its `sid` claim. */
  sessionFamily: string;
  /** Epoch seconds of the session's last sign-in or re-authentication: the `auth_time` claim. */
  authenticatedAt: number;
  /** The session may only enroll a second factor. */
  enrollmentOnly: boolean;
  /** Epoch seconds when the access token expires: its `exp` claim. */
  tokenExpires: number;
  /** The user's second factor as cached with the user (server/authentication/users.ts). */
  secondFactor: SecondFactorFacts;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which credential the route admits; read by the authentication's hook. */
    auth?: RouteAuth;
    /** A sensitive action: users need an authentication within RECENT_AUTHENTICATION_SECONDS (401 reauthentication-required). */
    recentAuthentication?: boolean;
    /** Open to sessions that may only enroll a second factor (every other route refuses them). */
    enrollment?: boolean;
  }
  interface FastifyRequest {
    /** Set when the request was admitted by a user's access token. */
    user: AuthenticatedUser;
    /** Set when the request was admitted by an API token: the token's public facts. */
    apiCaller?: TokenInfoResponse;
  }
}

/** The API tokens a route admits are those of the service it is mounted under: /api/files/… takes the files tokens. */
export function apiTokenScopeOf(url: string): ApiTokenScope | undefined {
  const service = url.split('/')[2];
  return API_TOKEN_SCOPES.find((scope) => scope === service);
}

/** A user's access comes with the route's permission ('signed-in': any user); 403 naming it otherwise. */
export function assertPermitted(needed: RoutePermission | undefined, held: Permission[]) {
  if (needed === 'signed-in') return;
  // assertPermissionDeclared refuses such a route at start-up; refuse rather than admit should one slip through
  if (needed === undefined) throw new Error('The route admits users but declares no permission.');
  if (!held.includes(needed)) throw forbidden(needed);
}

interface SessionRules {
  recentAuthentication?: boolean;
  enrollment?: boolean;
}

/** The route's demands on the session: open to enrollment-only sessions, and how recent an authentication it needs. */
export function assertSessionAllows(
  route: SessionRules,
  session: { authenticatedAt: number; enrollmentOnly: boolean },
  now = Date.now(),
) {
  if (session.enrollmentOnly && !route.enrollment) {
    throw new HttpProblem(403, 'Forbidden', 'Your roles require a second factor: this session may only enroll one.', {
      type: problemType('second-factor-enrollment-required'),
    });
  }
  if (route.recentAuthentication && now / 1000 - session.authenticatedAt > RECENT_AUTHENTICATION_SECONDS) {
    throw new HttpProblem(
      401,
      'Unauthorized',
      `This action needs an authentication within the last ${RECENT_AUTHENTICATION_SECONDS / 60} minutes: re-authenticate first.`,
      {
        type: problemType('reauthentication-required'),
      },
    );
  }
}

const admitsUsers = (auth: RouteAuth) => auth === 'user' || auth === 'apiTokenOrUser' || auth === 'publicOrUser';
const admitsApiTokens = (auth: RouteAuth | undefined) => auth === 'apiToken' || auth === 'apiTokenOrUser';

/**
 * The app's onRoute check for service routes: a route that admits users must declare what they need in
 * `config.permission` (a permission, or 'signed-in'); the app fails at start-up otherwise.
 */
export function assertPermissionDeclared(route: RouteOptions): void {
  const config = (route.config ?? {}) as { auth?: RouteAuth; permission?: string };
  const methods = [route.method].flat().join(',');
  if (admitsApiTokens(config.auth) && !apiTokenScopeOf(route.url))
    throw new Error(`${methods} ${route.url} admits API tokens, but no API-token scope serves ${route.url}.`);
  if (!admitsUsers(config.auth ?? 'user')) return;
  const { permission } = config;
  if (permission === undefined) {
    throw new Error(
      `${methods} ${route.url} admits signed-in users but declares no config.permission (a permission or 'signed-in').`,
    );
  }
  if (permission !== 'signed-in' && !isPermission(permission))
    throw new Error(`${methods} ${route.url} declares the unknown permission ${permission}.`);
}

/** The OpenAPI of a route that needs a permission: names it, and documents its 403. */
export function documentPermission(route: RouteOptions): void {
  const { auth = 'user', permission } = (route.config ?? {}) as { auth?: RouteAuth; permission?: string };
  if (!admitsUsers(auth) || !permission || permission === 'signed-in' || !route.schema) return;
  const schema = route.schema as { description?: string; response?: Record<string, unknown> };
  const callers = auth === 'user' ? 'Users need' : 'Users (not API tokens) need';
  const sentence = `${callers} the permission \`${permission}\`.`;
  // a GET's automatic HEAD route shares its schema object: say it once
  if (!schema.description?.endsWith(sentence))
    schema.description = [schema.description, sentence].filter(Boolean).join(' ');
  if (schema.response && !schema.response[403]) schema.response = { ...schema.response, ...problems(403) };
}
