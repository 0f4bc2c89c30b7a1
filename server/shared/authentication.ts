import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { findApiTokenByValue, refusalOf, toTokenInfo } from '../api-tokens/store';
import type { ApiTokenScope, TokenInfoResponse } from '../../contracts/api-tokens';
import { accessTokenKey, isSignedAccessToken, verifyAccessTokenClaims, type AccessTokenClaims } from '../auth/access-tokens';
import { parseAuthorization } from '../auth/credentials';
import { recordFailure, secondsBlocked, type ThrottleRule } from '../auth/throttle';
import { userWithGrantsFinder } from '../auth/users';
import type { Database } from '../db';
import { AUTH_CACHE_LIMITS, AuthCache, userChangeFeed, type AuthCacheLimits, type KnownUser, type UserChanges } from './auth-cache';
import { effectivePermissions, isPermission, type Permission, type RoutePermission } from './permissions';
import { forbidden, HttpProblem, problemType } from './problem';
import { problems } from '../../contracts/common';

/**
 * Which credential a route admits, declared in the route's `config: { auth }` ('user' when absent):
 * - public: anyone;
 * - user: a panel user's access token (of an existing, unbanned user);
 * - apiToken: an API token of the service's scope;
 * - apiTokenOrUser: either;
 * - publicOrUser: anyone, but a request that carries an Authorization header is admitted as a user (or refused).
 */
type RouteAuth = 'public' | 'user' | 'apiToken' | 'apiTokenOrUser' | 'publicOrUser';

/** The signed-in caller of a route that admitted a user's access token. */
interface AuthenticatedUser {
  uid: string;
  publicName: string;
  roles: string[];
  /** What the user's roles grant under the role policy (all of them with ACCESS_POLICY=open). */
  permissions: Permission[];
  /** The session (refresh-token family) of the access token: its `sid` claim. */
  sessionFamily?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which credential the route admits; read by the service's authentication hook. */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** Set when the request was admitted by a user's access token. */
    user: AuthenticatedUser;
    /** Set when the request was admitted by an API token: the token's public facts. */
    apiCaller?: TokenInfoResponse;
  }
}

interface HookOptions {
  /** The service whose API tokens the routes that admit API tokens accept. */
  apiTokenScope?: ApiTokenScope;
}

export interface Authentication {
  /**
   * The one onRequest hook of a service: admits each request as its route's config says, and sets request.user or
   * request.apiCaller. A check that depends on the admitted caller and is declared per route belongs here too.
   */
  hook(options?: HookOptions): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  /** How the auth service's writers change users, bans, roles, the role policy and sessions, so that every process's cache hears of it. */
  changes: UserChanges;
  /** Resolves once other processes' changes are heard (PostgreSQL's LISTEN is in place, or its first attempt failed). */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** A 401 that also tells HTTP clients which scheme to use (RFC 6750). */
const refused = (detail: string) =>
  new HttpProblem(401, 'Unauthorized', detail, { type: problemType('unauthorized'), headers: { 'www-authenticate': 'Bearer realm="caredesk"' } });

/** Shorter API-token values are refused without a lookup: no token that short can be worth guessing for. */
const SHORTEST_API_TOKEN = 16;

const tooManyTokenFailures = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too Many Requests', `Too many failed API-token checks from this address. Try again in ${retryAfterSeconds} seconds.`, {
    type: problemType('too-many-token-failures'),
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** Failed API-token checks per client address; maxFailures 0 turns it off. */
export interface ApiTokenThrottle {
  maxFailures: number;
  windowSeconds: number;
}

function bearerValue(request: FastifyRequest): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Built once (in server/app.ts) and handed to every service. Verified access tokens and users are kept in the process (AuthCache);
 * a change of a user or of the role policy is forgotten at once here and, on PostgreSQL, announced to the other processes, so a ban
 * counts from the next request. API tokens are read on every request.
 */
export function createAuthentication({
  database,
  masterSecret,
  accessPolicy,
  apiTokenThrottle = { maxFailures: 0, windowSeconds: 1 },
  cacheLimits = AUTH_CACHE_LIMITS,
}: {
  database: Pick<Database, 'db' | 'listen'>;
  masterSecret: Buffer;
  accessPolicy: 'roles' | 'open';
  apiTokenThrottle?: ApiTokenThrottle;
  cacheLimits?: AuthCacheLimits;
}): Authentication {
  const { db } = database;
  const key = accessTokenKey(masterSecret);
  const cache = new AuthCache(cacheLimits);
  const feed = userChangeFeed(database, cache);
  const findUserWithGrants = userWithGrantsFinder(db);
  const throttleRule = (address: string): ThrottleRule | undefined =>
    apiTokenThrottle.maxFailures > 0 ? { key: `api-token:${address}`, maxFailures: apiTokenThrottle.maxFailures, resetSeconds: apiTokenThrottle.windowSeconds } : undefined;

  /** Counts a failed API-token check of the request's address, and refuses it. */
  async function refuseApiToken(request: FastifyRequest, detail: string): Promise<never> {
    const rule = throttleRule(request.ip);
    if (rule) await recordFailure(db, rule);
    throw refused(detail);
  }

  /** A token's claims: from the cache while unexpired, else verified (and kept when valid). */
  async function claimsOf(token: string): Promise<AccessTokenClaims | undefined> {
    const cached = cache.claimsOf(token);
    if (cached) return cached;
    const claims = await verifyAccessTokenClaims(key, token);
    if (claims) cache.rememberClaims(token, claims);
    return claims;
  }

  async function userOf(uid: string): Promise<KnownUser | undefined> {
    const cached = cache.userOf(uid);
    if (cached) return cached;
    const readMark = cache.readMark;
    const row = await findUserWithGrants(uid);
    if (!row) return undefined;
    const user = { uid: row.uid, publicName: row.publicName, roles: row.roles, banned: row.bannedAt !== null, permissions: effectivePermissions(row.granted, accessPolicy) };
    cache.rememberUser(user, readMark);
    return user;
  }

  async function admitUser(request: FastifyRequest) {
    const claims = await claimsOf(userBearerToken(request));
    if (!claims) throw refused('The access token is invalid or expired.');
    return admitClaims(request, claims);
  }

  async function admitClaims(request: FastifyRequest, claims: AccessTokenClaims) {
    const user = await userOf(claims.uid);
    if (!user) throw refused('The access token belongs to no user.');
    admitKnownUser(request, claims, user);
  }

  /**
   * admitUser while the token's claims and its user are both cached, without a promise: the path of nearly every request. False when
   * either is not cached (admitUser then verifies or reads it).
   */
  function admitCachedUser(request: FastifyRequest): boolean {
    const token = bearerValue(request);
    const claims = token === undefined ? undefined : cache.claimsOf(token);
    const user = claims && cache.userOf(claims.uid);
    if (!user) return false;
    admitKnownUser(request, claims!, user);
    return true;
  }

  function admitKnownUser(request: FastifyRequest, claims: AccessTokenClaims, user: KnownUser) {
    if (user.banned) throw refused('The user is banned.');
    // copies: a route may change its request.user without changing what later requests are admitted with
    request.user = { uid: user.uid, publicName: user.publicName, roles: [...user.roles], permissions: [...user.permissions], sessionFamily: claims.sessionFamily };
    assertPermitted(request.routeOptions.config.permission, user.permissions);
  }

  /**
   * On a route that also admits users, a value signed as one of our access tokens (valid or expired) is a user's and goes to
   * admitUser. Any other value is an API token: failed checks (short, unknown, revoked or expired values) count against the
   * client address, which is refused with 429 before any lookup once blocked; a token found but refused is never tried as a user's.
   */
  async function admitApiToken(request: FastifyRequest, scope: ApiTokenScope, orUser: boolean) {
    const value = bearerValue(request);
    if (orUser) {
      if (value === undefined) return admitUser(request);
      const claims = await claimsOf(value);
      if (claims) return admitClaims(request, claims);
      if (await isSignedAccessToken(key, value)) throw refused('The access token is invalid or expired.');
    }
    const rule = throttleRule(request.ip);
    const wait = rule ? await secondsBlocked(db, rule.key) : 0;
    if (wait > 0) throw tooManyTokenFailures(wait);
    if (!value) throw refused('A Bearer API token is required.');
    if (value.length < SHORTEST_API_TOKEN) return refuseApiToken(request, 'The API token is too short to be valid.');
    const token = await findApiTokenByValue(db, scope, value);
    if (!token) return refuseApiToken(request, orUser ? 'The token is neither a known API token nor a valid access token.' : 'The API token is unknown.');
    const refusal = refusalOf(token);
    if (refusal) return refuseApiToken(request, refusal);
    request.apiCaller = toTokenInfo(token);
  }

  return {
    changes: feed.changes,
    started: feed.started,
    stop: feed.stop,
    hook({ apiTokenScope } = {}) {
      async function admit(request: FastifyRequest, auth: RouteAuth) {
        if (auth === 'public') return;
        if (auth === 'publicOrUser') return request.headers.authorization === undefined ? undefined : admitUser(request);
        if (auth === 'user') return admitUser(request);
        if (!apiTokenScope) throw new Error(`${request.routeOptions.url} admits API tokens, but its service's hook has no apiTokenScope.`);
        return admitApiToken(request, apiTokenScope, auth === 'apiTokenOrUser');
      }
      return function authenticate(request, _reply, done) {
        const auth = request.routeOptions.config.auth ?? 'user';
        try {
          if (auth === 'user' && admitCachedUser(request)) return done();
        } catch (problem) {
          return done(problem as Error);
        }
        admit(request, auth).then(() => done(), done);
      };
    },
  };
}

/** A user's access comes with the route's permission ('signed-in': any user); 403 naming it otherwise. */
function assertPermitted(needed: RoutePermission | undefined, held: Permission[]) {
  if (needed === 'signed-in') return;
  // assertPermissionDeclared refuses such a route at start-up; refuse rather than admit should one slip through
  if (needed === undefined) throw new Error('The route admits users but declares no permission.');
  if (!held.includes(needed)) throw forbidden(needed);
}

const admitsUsers = (auth: RouteAuth) => auth === 'user' || auth === 'apiTokenOrUser' || auth === 'publicOrUser';

/**
 * The app's onRoute check for service routes: a route that admits users must declare what they need in
 * `config.permission` (a permission, or 'signed-in'); the app fails at start-up otherwise.
 */
export function assertPermissionDeclared(route: RouteOptions): void {
  const config = (route.config ?? {}) as { auth?: RouteAuth; permission?: string };
  if (!admitsUsers(config.auth ?? 'user')) return;
  const { permission } = config;
  const methods = [route.method].flat().join(',');
  if (permission === undefined) {
    throw new Error(`${methods} ${route.url} admits signed-in users but declares no config.permission (a permission or 'signed-in').`);
  }
  if (permission !== 'signed-in' && !isPermission(permission)) throw new Error(`${methods} ${route.url} declares the unknown permission ${permission}.`);
}

/** The OpenAPI of a route that needs a permission: names it, and documents its 403. */
export function documentPermission(route: RouteOptions): void {
  const { auth = 'user', permission } = (route.config ?? {}) as { auth?: RouteAuth; permission?: string };
  if (!admitsUsers(auth) || !permission || permission === 'signed-in' || !route.schema) return;
  const schema = route.schema as { description?: string; response?: Record<string, unknown> };
  const callers = auth === 'user' ? 'Users need' : 'Users (not API tokens) need';
  schema.description = [schema.description, `${callers} the permission \`${permission}\`.`].filter(Boolean).join(' ');
  if (schema.response && !schema.response[403]) schema.response = { ...schema.response, ...problems(403) };
}

function userBearerToken(request: FastifyRequest): string {
  let credentials;
  try {
    credentials = parseAuthorization(request.headers.authorization);
  } catch (problem) {
    throw problem instanceof HttpProblem ? refused(problem.detail) : problem;
  }
  if (credentials.scheme !== 'bearer') throw refused('A Bearer access token is required.');
  return credentials.token;
}
