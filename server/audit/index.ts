import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { ServiceOptions } from '../shared/service';
import { auditRoutes } from './routes';

export { auditRetentionJob } from './retention';

/** The audit service (mounted at /api/audit): reading the audit trail that the other services write (server/shared/audit.ts). */
export const auditService: FastifyPluginCallbackTypebox<ServiceOptions> = (app, { db }, done) => {
  auditRoutes(app, { db });
  done();
};
