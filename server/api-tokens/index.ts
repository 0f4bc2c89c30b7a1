import { synchronousPlugin, type ServiceOptions } from '../shared/service';
import { apiTokenRoutes } from './routes';
import type { ApiTokenScope } from '../../contracts/api-tokens';

export { hashTokenValue } from '../authentication/api-tokens';

interface ApiTokenAdministrationOptions extends ServiceOptions {
  scope: ApiTokenScope;
  /** The OpenAPI tags: those of the service whose tokens these are. */
  tags: string[];
}

/**
 * The administration of one service's API tokens, mounted by server/app.ts under the prefix of each service that takes
 * them (files and pricing) with that service's scope.
 */
export const apiTokenAdministration = synchronousPlugin<ApiTokenAdministrationOptions>((app, { db, scope, tags }) => {
  apiTokenRoutes(app, { db, scope, tags });
});
