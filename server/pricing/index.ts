import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createAuthenticator } from '../auth';
import { problems } from '../shared/schemas';
import type { Db } from '../db';
import { accessTokenAdministration, createApiTokenAuthenticator, TokenInfo } from '../tokens';

export interface PricingServiceOptions {
  db: Db;
  masterSecret: Buffer;
}

const TAGS = ['pricing'];

/** The pricing service (mounted at /api/pricing): so far its API access tokens and the check outside callers make with them. */
export const pricingService: FastifyPluginAsyncTypebox<PricingServiceOptions> = async (app, { db, masterSecret }) => {
  await app.register(accessTokenAdministration, { db, scope: 'pricing', authenticateUser: createAuthenticator(db, masterSecret), tags: TAGS });

  app.get(
    '/token-info/',
    {
      onRequest: createApiTokenAuthenticator(db, 'pricing'),
      schema: {
        tags: TAGS,
        summary: 'The API access token the caller presents, when it is valid',
        security: [{ bearer: [] }],
        response: { 200: TokenInfo, ...problems(401) },
      },
    },
    async (request) => request.apiCaller!,
  );
};
