import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceOptions } from '../shared/service';
import { strictValidatorCompiler } from '../shared/validator';
import { apiTokenRoutes } from './routes';
import type { ApiTokenScope } from '../../contracts/api-tokens';

export { hashTokenValue } from './store';

interface ApiTokenAdministrationOptions extends ServiceOptions {
  scope: ApiTokenScope;
  /** The OpenAPI tags: those of the service whose tokens these are. */
  tags: string[];
}

/**
 * The administration of one service's API tokens, mounted by server/app.ts under the prefix of each service that takes
 * them (files and pricing) with that service's scope.
 */
export const apiTokenAdministration: FastifyPluginAsyncTypebox<ApiTokenAdministrationOptions> = async (app, { db, authentication, scope, tags }) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  app.addHook('onRequest', authentication.hook());
  apiTokenRoutes(app, { db, scope, tags });
};
