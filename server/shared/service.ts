import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../db';

/** The Fastify instance a service's routes.ts registers its routes on: the app's, with TypeBox types. */
export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What app.ts hands every service; who may call its routes is the /api scope's one authentication (server/authentication/). */
export interface ServiceOptions {
  db: Db;
}

/** The OpenAPI security of a route that takes a Bearer token. */
export const BEARER = [{ bearer: [] }];
