import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Authenticator } from '../auth';
import { problems } from '../shared/schemas';
import { strictValidatorCompiler } from '../shared/validator';
import type { Db } from '../db';
import { badRequest, conflict, notFound } from '../shared/problem';
import { deleteApiToken, findApiToken, insertApiToken, listApiTokens, revokeApiToken, toApiToken } from './repository';
import { ApiToken, NewApiTokenBody, TokenUidParams, type TokenScope } from './schemas';

export interface AccessTokenAdministrationOptions {
  db: Db;
  scope: TokenScope;
  /** Only panel users administer tokens: an API access token is no key to this. */
  authenticateUser: Authenticator;
  tags: string[];
}

const BEARER = [{ bearer: [] }];
const tokenNotFound = () => notFound('No access token has this uid.', 'uid', 'token-not-found');

/** The API access-token screens' routes, registered under each service's prefix with that service's scope. */
export const accessTokenAdministration: FastifyPluginAsyncTypebox<AccessTokenAdministrationOptions> = async (app, { db, scope, authenticateUser, tags }) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  app.addHook('onRequest', authenticateUser);
  const describe = (summary: string) => ({ tags, summary, security: BEARER });

  app.get(
    '/administration/access-tokens/',
    { schema: { ...describe('All API access tokens, newest first'), response: { 200: Type.Array(ApiToken), ...problems(401) } } },
    async () => (await listApiTokens(db, scope)).map(toApiToken),
  );

  app.post(
    '/administration/access-tokens/',
    { schema: { ...describe('Add an API access token'), body: NewApiTokenBody, response: { 201: ApiToken, ...problems(400, 401, 409) } } },
    async (request, reply) => {
      const { expires } = request.body;
      if (expires != null && expires * 1000 <= Date.now()) throw badRequest('expires must be in the future', 'expires', 'expiry-in-past');
      const row = await insertApiToken(db, scope, request.body, request.user.uid);
      if (!row) throw conflict('This token value is already in use.', 'token', 'token-taken');
      reply.code(201);
      return toApiToken(row);
    },
  );

  app.delete(
    '/administration/access-tokens/:uid/',
    { schema: { ...describe('Delete an API access token'), params: TokenUidParams, response: { 204: Type.Null(), ...problems(400, 401, 404) } } },
    async (request, reply) => {
      if (!(await deleteApiToken(db, scope, request.params.uid))) throw tokenNotFound();
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/administration/access-tokens/:uid/revoke/',
    {
      schema: {
        ...describe('Revoke an API access token (final)'),
        params: TokenUidParams,
        response: { 200: ApiToken, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const revoked = await revokeApiToken(db, scope, uid, request.user.uid);
      if (revoked) return toApiToken(revoked);
      if (await findApiToken(db, scope, uid)) throw conflict('The access token is already revoked.', 'uid', 'token-already-revoked');
      throw tokenNotFound();
    },
  );
};
