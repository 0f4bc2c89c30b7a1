import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { HttpProblem, problemType } from '../shared/problem';
import { parseAuthorization } from './credentials';
import { accessTokenKey, verifyAccessToken } from './tokens';
import { findUser } from './users';

/** The signed-in caller of a route guarded by the authenticator. */
export interface AuthenticatedUser {
  uid: string;
  publicName: string;
  roles: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the hook of createAuthenticator; present only on the routes it guards. */
    user: AuthenticatedUser;
  }
}

/** A 401 that also tells HTTP clients which scheme to use (RFC 6750). */
const refused = (detail: string) =>
  new HttpProblem(401, 'Unauthorized', detail, { type: problemType('unauthorized'), headers: { 'www-authenticate': 'Bearer realm="caredesk"' } });

export type Authenticator = (request: FastifyRequest) => Promise<void>;

/**
 * A hook (onRequest or preHandler) that admits only a valid, unexpired access token of an existing, unbanned user
 * and sets request.user. The user is read on every request, so a ban takes effect on the caller's next request.
 */
export function createAuthenticator(db: Db, masterSecret: Buffer): Authenticator {
  const key = accessTokenKey(masterSecret);
  return async function authenticate(request) {
    const uid = await verifyAccessToken(key, bearerToken(request));
    if (!uid) throw refused('The access token is invalid or expired.');
    const user = await findUser(db, uid);
    if (!user) throw refused('The access token belongs to no user.');
    if (user.bannedAt) throw refused('The user is banned.');
    request.user = { uid: user.uid, publicName: user.publicName, roles: user.roles };
  };
}

function bearerToken(request: FastifyRequest): string {
  let credentials;
  try {
    credentials = parseAuthorization(request.headers.authorization);
  } catch (problem) {
    throw problem instanceof HttpProblem ? refused(problem.detail) : problem;
  }
  if (credentials.scheme !== 'bearer') throw refused('A Bearer access token is required.');
  return credentials.token;
}
