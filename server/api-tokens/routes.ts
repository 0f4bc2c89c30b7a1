import { Type } from '@sinclair/typebox';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { createOnce } from '../shared/idempotency';
import { routeDocs } from '../shared/route-docs';
import type { ServiceApp } from '../shared/service';
import {
  ApiToken,
  ApiTokenStatistics,
  ApiTokenUidParams,
  NewApiTokenBody,
  type ApiTokenScope,
} from '../../contracts/api-tokens';
import { apiTokenStatistics } from './statistics';
import { addApiToken, deleteApiToken, listApiTokens, revokeApiToken } from './store';

/** The API-token screens' routes; only panel users administer tokens (an API token is no key to this). */
export function apiTokenRoutes(app: ServiceApp, { db, scope, tags }: { db: Db; scope: ApiTokenScope; tags: string[] }) {
  const describe = routeDocs(tags);

  app.get(
    '/administration/access-tokens/',
    {
      config: { permission: 'tokens:manage' },
      schema: {
        ...describe(
          'All API tokens, newest first',
          "The service's API tokens, newest first. A token's value is never returned; `last_four` tells tokens apart.",
        ),
        response: { 200: Type.Array(ApiToken), ...problems(401) },
      },
    },
    async () => listApiTokens(db, scope),
  );

  app.post(
    '/administration/access-tokens/',
    {
      config: { permission: 'tokens:manage', idempotent: true },
      schema: {
        ...describe(
          'Add an API token',
          '`service` names who uses it; `token` is the value, which must fit a Bearer header. Only its SHA-256 and its last four characters ' +
            'are stored; the value is never returned or logged. 400 `/problems/expiry-in-past` when `expires` is not in the future; 409 ' +
            '`/problems/token-taken` naming `token` when the value is stored for this service already. A token of the file service opens ' +
            'only the file service, one of the pricing service only the pricing service. Answers 201. Audited as `api-token.create`.',
        ),
        body: NewApiTokenBody,
        response: { 201: ApiToken, ...problems(400, 401, 409) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => addApiToken(keyed, scope, request.body, request.user.uid, auditContextOf(request)),
        answer: (token) => ({ status: 201, body: token }),
      }),
  );

  app.delete(
    '/administration/access-tokens/:uid/',
    {
      config: { permission: 'tokens:manage' },
      schema: {
        ...describe(
          'Delete an API token',
          'For good: the token is refused from the next call on. 404 `/problems/token-not-found` when unknown. Audited as `api-token.delete`.',
        ),
        params: ApiTokenUidParams,
        response: { 204: Type.Null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteApiToken(db, scope, request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/administration/access-tokens/:uid/revoke/',
    {
      config: { permission: 'tokens:manage' },
      schema: {
        ...describe(
          'Revoke an API token (final)',
          'Takes no body. The token is refused from the next call on and stays listed with `revoked` and `revoked_by`; revoking is final: ' +
            '409 `/problems/token-already-revoked` for a revoked token. 404 `/problems/token-not-found` when unknown. Audited as `api-token.revoke`.',
        ),
        params: ApiTokenUidParams,
        response: { 200: ApiToken, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => revokeApiToken(db, scope, request.params.uid, request.user.uid, auditContextOf(request)),
  );

  app.get(
    '/administration/access-tokens/statistics/',
    {
      config: { permission: 'tokens:manage' },
      schema: {
        ...describe(
          'The dashboard figure: API tokens expiring within 14 days',
          "The service's tokens, not revoked, whose expiry lies between now and 14 days from now.",
        ),
        response: { 200: ApiTokenStatistics, ...problems(401, 403) },
      },
    },
    async () => apiTokenStatistics(db, scope),
  );
}
