import { auditRetentionJob } from './audit';
import { signInStateJob } from './auth';
import { careContactRetentionJob } from './care';
import type { Config } from './config';
import { mailRetentionJob } from './mail';
import type { Database } from './db';
import { vacuumJob, type HousekeepingJob } from './shared/housekeeping';
import { idempotencyKeysJob } from './shared/idempotency';
import { createBlobStorage, LocalBlobStorage } from './storage';

/** How often the server runs its housekeeping jobs (and once at start). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** Every periodic job of the server, in the order they run; server/main.ts runs them, one process at a time each (docs/api.md, Care customers' personal data). */
export function housekeepingJobs(config: Config, databaseKind?: Database['kind']): HousekeepingJob[] {
  const jobs = [
    auditRetentionJob(config.trust),
    careContactRetentionJob(config.trust),
    mailRetentionJob(config.trust),
    signInStateJob(config),
    idempotencyKeysJob,
    ...partialUploadsJob(config),
  ];
  // last, after the retention jobs' deletions; PostgreSQL's autovacuum does this there
  return databaseKind === 'pglite' ? [...jobs, vacuumJob] : jobs;
}

/**
 * The temporary files of uploads that a process dying mid-upload left on local disk (a running upload writes at least once per
 * HTTP_IDLE_TIMEOUT_MS, or its connection is closed): removed at the next round instead of at the next start.
 */
function partialUploadsJob(config: Config): HousekeepingJob[] {
  const storage = createBlobStorage(config);
  if (!(storage instanceof LocalBlobStorage)) return [];
  return [
    {
      name: 'partial-uploads',
      outsideTransaction: true,
      run: () => storage.removeStalePartials(2 * config.http.idleTimeoutMs),
    },
  ];
}
