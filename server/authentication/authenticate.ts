import type { FastifyReply, FastifyRequest } from 'fastify';
import { findApiTokenByValue, refusalOf, toTokenInfo } from './api-tokens';
import type { ApiTokenScope } from '../../contracts/api-tokens';
import { accessTokenKey, isSignedAccessToken, verifyAccessTokenClaims, type AccessTokenClaims } from './access-tokens';
import { parseAuthorization } from './credentials';
import { recordFailure, secondsBlocked, type ThrottleRule } from './throttle';
import { userWithGrantsFinder } from './users';
import type { Database } from '../db';
import {
  AUTH_CACHE_LIMITS,
  AuthCache,
  userChangeFeed,
  type AuthCacheLimits,
  type KnownUser,
  type UserChanges,
} from './cache';
import { effectivePermissions } from '../shared/permissions';
import { HttpProblem, problemType } from '../shared/problem';
import { apiTokenScopeOf, assertPermitted, assertSessionAllows } from './route-rules';

export interface Authentication {
  /**
   * The one onRequest hook of every service route (registered once on /api): admits each request as its route's config says,
   * and sets request.user or request.apiCaller. A check that depends on the admitted caller and is declared per route belongs here too.
   */
  hook: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  /** How the auth service's writers change users, bans, roles, the role policy and sessions, so that every process's cache hears of it. */
  changes: UserChanges;
  /** Resolves once other processes' changes are heard (PostgreSQL's LISTEN is in place, or its first attempt failed). */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** A route's config as Fastify keeps it: what it admits and needs (route-rules.ts), and its URL pattern. */
type RouteConfig = FastifyRequest['routeOptions']['config'];

/** A 401 that also tells HTTP clients which scheme to use (RFC 6750). */
const refused = (detail: string) =>
  new HttpProblem(401, 'Unauthorized', detail, {
    type: problemType('unauthorized'),
    headers: { 'www-authenticate': 'Bearer realm="caredesk"' },
  });

/** Shorter API-token values are refused without a lookup: no token that short can be worth guessing for. */
const SHORTEST_API_TOKEN = 16;

const tooManyTokenFailures = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'Too Many Requests',
    `Too many failed API-token checks from this address. Try again in ${retryAfterSeconds} seconds.`,
    {
      type: problemType('too-many-token-failures'),
      headers: { 'retry-after': String(retryAfterSeconds) },
    },
  );

/** Failed API-token checks per client address; maxFailures 0 turns it off. */
export interface ApiTokenThrottle {
  maxFailures: number;
  windowSeconds: number;
}

function bearerValue(request: FastifyRequest): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Built once (in server/app.ts); its hook guards every route under /api. Verified access tokens and users are kept in the process (AuthCache);
 * a change of a user or of the role policy is forgotten at once here and, on PostgreSQL, announced to the other processes, so a ban
 * counts from the next request. API tokens are read on every request.
 */
export function createAuthentication({
  database,
  masterSecret,
  accessPolicy,
  accessTokenTtlSeconds,
  apiTokenThrottle = { maxFailures: 0, windowSeconds: 1 },
  cacheLimits = AUTH_CACHE_LIMITS,
}: {
  database: Pick<Database, 'db' | 'listen'>;
  masterSecret: Buffer;
  accessPolicy: 'roles' | 'open';
  accessTokenTtlSeconds: number;
  apiTokenThrottle?: ApiTokenThrottle;
  cacheLimits?: AuthCacheLimits;
}): Authentication {
  const { db } = database;
  const key = accessTokenKey(masterSecret);
  const cache = new AuthCache(cacheLimits);
  const feed = userChangeFeed(database, cache);
  const findUserWithGrants = userWithGrantsFinder(db, accessTokenTtlSeconds);
  const throttleRule = (address: string): ThrottleRule | undefined =>
    apiTokenThrottle.maxFailures > 0
      ? {
          key: `api-token:${address}`,
          maxFailures: apiTokenThrottle.maxFailures,
          resetSeconds: apiTokenThrottle.windowSeconds,
        }
      : undefined;

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

  async function readUser(uid: string): Promise<KnownUser | undefined> {
    const readMark = cache.readMark;
    const row = await findUserWithGrants(uid);
    if (!row) return undefined;
    const permissions = effectivePermissions(row.granted, accessPolicy);
    const secondFactor = {
      ...row.secondFactor,
      requiredSince: row.secondFactor.requiredSince && new Date(row.secondFactor.requiredSince),
    };
    const user = {
      uid: row.uid,
      publicName: row.publicName,
      roles: row.roles,
      banned: row.bannedAt !== null,
      permissions,
      liveSessions: new Set(row.liveSessions),
      secondFactor,
    };
    cache.rememberUser(user, readMark);
    return user;
  }

  /**
   * The token's user, read again when the cached one does not know the token's session (a sign-in after the read). A session found
   * ended is remembered, so that its tokens cost no further read.
   */
  async function userOfSession(claims: AccessTokenClaims): Promise<KnownUser | undefined> {
    const cached = cache.userOf(claims.uid);
    if (cached && (cached.liveSessions.has(claims.sessionFamily) || cache.hasEnded(claims.sessionFamily)))
      return cached;
    const user = await readUser(claims.uid);
    if (user && !user.liveSessions.has(claims.sessionFamily)) cache.rememberEnded(claims.sessionFamily);
    return user;
  }

  async function admitUser(request: FastifyRequest, route: RouteConfig) {
    const claims = await claimsOf(userBearerToken(request));
    if (!claims) throw refused('The access token is invalid or expired.');
    return admitClaims(request, route, claims);
  }

  async function admitClaims(request: FastifyRequest, route: RouteConfig, claims: AccessTokenClaims) {
    const user = await userOfSession(claims);
    if (!user) throw refused('The access token belongs to no user.');
    admitKnownUser(request, route, claims, user);
  }

  /**
   * admitUser while the token's claims and its user are both cached, without a promise: the path of nearly every request. False when
   * either is not cached (admitUser then verifies or reads it).
   */
  function admitCachedUser(request: FastifyRequest, route: RouteConfig): boolean {
    const token = bearerValue(request);
    const claims = token === undefined ? undefined : cache.claimsOf(token);
    const user = claims && cache.userOf(claims.uid);
    if (!user?.liveSessions.has(claims!.sessionFamily)) return false;
    admitKnownUser(request, route, claims!, user);
    return true;
  }

  function admitKnownUser(request: FastifyRequest, route: RouteConfig, claims: AccessTokenClaims, user: KnownUser) {
    if (user.banned) throw refused('The user is banned.');
    if (!user.liveSessions.has(claims.sessionFamily)) throw refused('The session of the access token has ended.');
    const { sessionFamily, authenticatedAt, enrollmentOnly, expires: tokenExpires } = claims;
    // copies: a route may change its request.user without changing what later requests are admitted with
    const { uid, publicName, secondFactor } = user;
    request.user = {
      uid,
      publicName,
      roles: [...user.roles],
      permissions: [...user.permissions],
      sessionFamily,
      authenticatedAt,
      enrollmentOnly,
      tokenExpires,
      secondFactor: { ...secondFactor },
    };
    assertSessionAllows(route, claims);
    assertPermitted(route.permission, user.permissions);
  }

  /**
   * On a route that also admits users, a value signed as one of our access tokens (valid or expired) is a user's and goes to
   * admitUser. Any other value is an API token: failed checks (short, unknown, revoked or expired values) count against the
   * client address, which is refused with 429 before any lookup once blocked; a token found but refused is never tried as a user's.
   */
  async function admitApiToken(request: FastifyRequest, route: RouteConfig, scope: ApiTokenScope, orUser: boolean) {
    const value = bearerValue(request);
    if (orUser) {
      if (value === undefined) return admitUser(request, route);
      const claims = await claimsOf(value);
      if (claims) return admitClaims(request, route, claims);
      if (await isSignedAccessToken(key, value)) throw refused('The access token is invalid or expired.');
    }
    const rule = throttleRule(request.ip);
    const wait = rule ? await secondsBlocked(db, rule.key) : 0;
    if (wait > 0) throw tooManyTokenFailures(wait);
    if (!value) throw refused('A Bearer API token is required.');
    if (value.length < SHORTEST_API_TOKEN) return refuseApiToken(request, 'The API token is too short to be valid.');
    const token = await findApiTokenByValue(db, scope, value);
    if (!token)
      return refuseApiToken(
        request,
        orUser ? 'The token is neither a known API token nor a valid access token.' : 'The API token is unknown.',
      );
    const refusal = refusalOf(token);
    if (refusal) return refuseApiToken(request, refusal);
    request.apiCaller = toTokenInfo(token);
  }

  async function admit(request: FastifyRequest, route: RouteConfig) {
    const auth = route.auth ?? 'user';
    if (auth === 'public') return;
    if (auth === 'publicOrUser')
      return request.headers.authorization === undefined ? undefined : admitUser(request, route);
    if (auth === 'user') return admitUser(request, route);
    return admitApiToken(request, route, apiTokenScopeOf(route.url)!, auth === 'apiTokenOrUser');
  }

  return {
    changes: feed.changes,
    started: feed.started,
    stop: feed.stop,
    hook(request, _reply, done) {
      // read once: each read of request.routeOptions builds a new object
      const route = request.routeOptions.config;
      try {
        if ((route.auth ?? 'user') === 'user' && admitCachedUser(request, route)) return done();
      } catch (problem) {
        return done(problem as Error);
      }
      admit(request, route).then(() => done(), done);
    },
  };
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
