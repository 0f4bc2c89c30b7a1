import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { BEARER, type ServiceApp } from '../shared/service';
import { ApiToken, ApiTokenStatistics, ApiTokenUidParams, NewApiTokenBody, type ApiTokenScope } from '../../contracts/api-tokens';
import { apiTokenStatistics } from './statistics';
import { addApiToken, deleteApiToken, listApiTokens, revokeApiToken } from './store';

/** The API-token screens' routes; only panel users administer tokens (an API token is no key to this). */
export function apiTokenRoutes(app: ServiceApp, { db, scope, tags }: { db: Db; scope: ApiTokenScope; tags: string[] }) {
  const describe = (summary: string) => ({ tags, summary, security: BEARER });

  app.get(
    '/administration/access-tokens/',
    { config: { permission: 'tokens:manage' }, schema: { ...describe('All API tokens, newest first'), response: { 200: Type.Array(ApiToken), ...problems(401) } } },
    async () => listApiTokens(db, scope),
  );

  app.post(
    '/administration/access-tokens/',
    { config: { permission: 'tokens:manage' }, schema: { ...describe('Add an API token'), body: NewApiTokenBody, response: { 201: ApiToken, ...problems(400, 401, 409) } } },
    async (request, reply) => {
      const token = await addApiToken(db, scope, request.body, request.user.uid, auditContextOf(request));
      reply.code(201);
      return token;
    },
  );

  app.delete(
    '/administration/access-tokens/:uid/',
    { config: { permission: 'tokens:manage' }, schema: { ...describe('Delete an API token'), params: ApiTokenUidParams, response: { 204: Type.Null(), ...problems(400, 401, 404) } } },
    async (request, reply) => {
      await deleteApiToken(db, scope, request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/administration/access-tokens/:uid/revoke/',
    { config: { permission: 'tokens:manage' }, schema: { ...describe('Revoke an API token (final)'), params: ApiTokenUidParams, response: { 200: ApiToken, ...problems(400, 401, 404, 409) } } },
    async (request) => revokeApiToken(db, scope, request.params.uid, request.user.uid, auditContextOf(request)),
  );

  app.get(
    '/administration/access-tokens/statistics/',
    {
      config: { permission: 'tokens:manage' },
      schema: { ...describe('The dashboard figure: API tokens expiring within 14 days'), response: { 200: ApiTokenStatistics, ...problems(401, 403) } },
    },
    async () => apiTokenStatistics(db, scope),
  );
}
