import { auditRetentionJob } from './audit';
import { signInStateJob } from './auth';
import { careContactRetentionJob } from './care';
import type { Config } from './config';
import { mailRetentionJob } from './mail';
import type { HousekeepingJob } from './shared/housekeeping';

/** How often the server runs its housekeeping jobs (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** Every periodic job of the server, in the order they run; server/main.ts runs them, one process at a time each (README: Retention). */
export function housekeepingJobs(config: Config): HousekeepingJob[] {
  return [auditRetentionJob(config.trust), careContactRetentionJob(config.trust), mailRetentionJob(config.trust), signInStateJob(config)];
}
