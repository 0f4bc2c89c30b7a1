import type { Config } from './config';
import { careContactRetentionJob } from './care';
import { mailRetentionJob } from './mail';
import type { HousekeepingJob } from './shared/housekeeping';

/** Every periodic job of the server (server/shared/housekeeping.ts runs them, one process at a time each). */
export function housekeepingJobs(config: Config): HousekeepingJob[] {
  return [careContactRetentionJob(config.trust), mailRetentionJob(config.trust)];
}
