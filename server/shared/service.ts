import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
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

/**
 * A service plugin whose work is synchronous (registering its route modules). Fastify waits for the promise, so a throw while
 * the routes register (a route without a declared permission) fails the start as it does in an async plugin; a synchronous
 * plugin's throw would escape Fastify as an uncaught exception.
 */
export const synchronousPlugin =
  <Options extends FastifyPluginOptions>(
    register: (app: ServiceApp, options: Options) => void,
  ): FastifyPluginAsyncTypebox<Options> =>
  (app, options) =>
    new Promise((resolve) => {
      register(app, options);
      resolve();
    });

/** The OpenAPI security of a route that takes a Bearer token. */
export const BEARER = [{ bearer: [] }];
