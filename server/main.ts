import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { buildApp } from './app';
import { ensureFirstAdministrator } from './auth';
import { HOUSEKEEPING_INTERVAL_MS, housekeepingJobs } from './housekeeping-jobs';
import { createMailWorker } from './mail';
import { createHousekeeping } from './shared/housekeeping';
import { loadMasterSecret } from './shared/secrets';

/** The one server process: every service, the panel, and the database it keeps. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
  const masterSecret = loadMasterSecret(config.secretKey, config.dataDir);
  const app = await buildApp({ config, database, masterSecret, logger: true });
  await ensureFirstAdministrator(database.db, config, (message) => console.log(message));
  const mailWorker = createMailWorker({ db: database.db, masterSecret, config: config.mail, log: app.log, onOutcome: app.metrics.countDelivery });
  if (config.mail.workerEnabled) app.readinessChecks.set('mailWorker', () => mailWorker.isRunning());
  const housekeeping = createHousekeeping({ db: database.db, jobs: housekeepingJobs(config, database.kind), intervalMs: HOUSEKEEPING_INTERVAL_MS, log: app.log });
  app.addHook('onClose', () => housekeeping.stop());

  // README, "Graceful shutdown": half the time for requests and deliveries to finish; then connections are cut and deliveries
  // handed back, so the database still closes cleanly; past SHUTDOWN_TIMEOUT_MS the process exits with 1 whatever remains.
  const graceMs = config.shutdownTimeoutMs / 2;
  closeWithGrace({ delay: config.shutdownTimeoutMs, logger: { error: (message: unknown) => app.log.error(message) } }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'uncaught error, shutting down');
    else app.log.info(`${signal ?? 'event loop empty'}: shutting down`);
    const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
    await Promise.all([app.close(), mailWorker.stop(graceMs)]);
    clearTimeout(cut);
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.mail.workerEnabled) mailWorker.start();
  housekeeping.start();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
