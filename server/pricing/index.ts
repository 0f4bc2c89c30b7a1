import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { ServiceOptions } from '../shared/service';
import { pricingRoutes } from './routes';

/**
 * The pricing service (mounted at /api/pricing): so far the check outside callers make with their API tokens; server/app.ts
 * mounts the administration of those tokens under the same prefix.
 */
export const pricingService: FastifyPluginCallbackTypebox<ServiceOptions> = (app, _options, done) => {
  pricingRoutes(app);
  done();
};
