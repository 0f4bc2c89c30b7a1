import { synchronousPlugin, type ServiceOptions } from '../shared/service';
import { auditRoutes } from './routes';

export { auditRetentionJob } from './retention';

/** The audit service (mounted at /api/audit): reading the audit trail that the other services write (server/shared/audit.ts). */
export const auditService = synchronousPlugin<ServiceOptions>((app, { db }) => {
  auditRoutes(app, { db });
});
