import { auditRetentionJob } from './audit';
import type { Config } from './config';
import type { HousekeepingJob } from './shared/housekeeping';

/** How often the server runs its housekeeping jobs (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** Every periodic job of the server, in the order they run; server/main.ts runs them (README: Retention). */
export function housekeepingJobs(config: Config): HousekeepingJob[] {
  return [auditRetentionJob(config.trust)];
}
