import { synchronousPlugin, type ServiceOptions } from '../shared/service';
import { pricingRoutes } from './routes';

/**
 * The pricing service (mounted at /api/pricing): so far the check outside callers make with their API tokens; server/app.ts
 * mounts the administration of those tokens under the same prefix.
 */
export const pricingService = synchronousPlugin<ServiceOptions>((app) => {
  pricingRoutes(app);
});
