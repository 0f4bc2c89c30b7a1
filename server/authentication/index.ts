import type { FastifyInstance } from 'fastify';
import { strictValidatorCompiler } from '../shared/validator';
import type { Authentication } from './authenticate';

export { createAuthentication, type Authentication } from './authenticate';
export type { UserChanges } from './cache';
export { assertPermissionDeclared, documentPermission } from './route-rules';

/**
 * The /api scope every service is registered in: one strict validator and one authentication hook for all of their routes, so a
 * service only declares per route what it admits (`config.auth`) and needs (`config.permission`).
 */
export function guardServices(api: FastifyInstance, authentication: Authentication) {
  api.setValidatorCompiler(strictValidatorCompiler);
  api.addHook('onRequest', authentication.hook);
}
