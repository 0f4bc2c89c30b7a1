import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServiceOptions } from '../shared/service';
import { careRoutes } from './routes';

export { careContactRetentionJob } from './contact';
export { insertCareRequests, type CareRequestRecord, type Executor } from './store';
export { partialZipCode, territoryOf } from './territory';

/** Incoming and archived care requests for the panel (mounted at /api/care); every route needs a panel user. */
export const careService: FastifyPluginAsyncTypebox<ServiceOptions> = async (app, { db }) => {
  careRoutes(app, { db });
};
