import { auditRetentionJob } from './audit';
import { signInStateJob } from './auth';
import { careContactRetentionJob } from './care';
import type { Config } from './config';
import { mailRetentionJob } from './mail';
import type { Database } from './db';
import { vacuumJob, type HousekeepingJob } from './shared/housekeeping';

/** How often the server runs its housekeeping jobs (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** Every periodic job of the server, in the order they run; server/main.ts runs them, one process at a time each (README: Retention). */
export function housekeepingJobs(config: Config, databaseKind?: Database['kind']): HousekeepingJob[] {
  const jobs = [auditRetentionJob(config.trust), careContactRetentionJob(config.trust), mailRetentionJob(config.trust), signInStateJob(config)];
  // last, after the retention jobs' deletions; PostgreSQL's autovacuum does this there
  return databaseKind === 'pglite' ? [...jobs, vacuumJob] : jobs;
}
