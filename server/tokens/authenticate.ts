import type { FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth';
import type { Db } from '../db';
import { HttpProblem, problemType } from '../shared/problem';
import { findApiTokenByValue, refusalOf, toTokenInfo, type ApiTokenRow } from './repository';
import type { TokenInfoResponse, TokenScope } from './schemas';

/** The outside service calling with an API access token: the token's public facts. */
export type ApiCaller = TokenInfoResponse;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was admitted by an API access token rather than a user's access token. */
    apiCaller?: ApiCaller;
  }
}

const refused = (detail: string) =>
  new HttpProblem(401, 'Unauthorized', detail, { type: problemType('unauthorized'), headers: { 'www-authenticate': 'Bearer realm="caredesk"' } });

function bearerValue(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

function admit(request: FastifyRequest, token: ApiTokenRow) {
  const refusal = refusalOf(token);
  if (refusal) throw refused(refusal);
  request.apiCaller = toTokenInfo(token);
}

/** Admits only an API access token of the scope that is neither revoked nor expired (nor deleted), and sets request.apiCaller. */
export function createApiTokenAuthenticator(db: Db, scope: TokenScope): Authenticator {
  return async function authenticateApiToken(request) {
    const value = bearerValue(request);
    if (!value) throw refused('A Bearer API access token is required.');
    const token = await findApiTokenByValue(db, scope, value);
    if (!token) throw refused('The API access token is unknown.');
    admit(request, token);
  };
}

/**
 * Admits an API access token of the scope, or else whatever the user authenticator admits (a panel user's access token).
 * A token found but revoked or expired is refused at once rather than tried as an access token.
 */
export function createServiceAuthenticator(db: Db, scope: TokenScope, authenticateUser: Authenticator): Authenticator {
  return async function authenticateServiceCaller(request) {
    const value = bearerValue(request);
    const token = value ? await findApiTokenByValue(db, scope, value) : undefined;
    if (!token) return authenticateUser(request);
    admit(request, token);
  };
}
