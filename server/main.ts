import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config';
import { isCommonPassword } from './auth/common-passwords';
import { openDatabase } from './db';
import { buildApp } from './app';
import { ensureFirstAdministrator } from './auth';
import { HOUSEKEEPING_INTERVAL_MS, housekeepingJobs } from './housekeeping-jobs';
import { createMailWorker } from './mail';
import { createHousekeeping } from './shared/housekeeping';
import { loadMasterSecret } from './shared/secrets';

/** The settings that need more than the environment to check: refused before anything is written. */
async function checkStartSettings(config: Config) {
  if (config.adminPassword && (await isCommonPassword(config.adminPassword))) {
    throw new ConfigError(
      'ADMIN_PASSWORD is among the 10,000 most common passwords, which the API refuses as well; choose another one',
    );
  }
}

/** The one server process: every service, the panel, and the database it keeps. */
async function main() {
  const config = loadConfig();
  await checkStartSettings(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
  const masterSecret = loadMasterSecret(config.secretKey, config.dataDir);
  const app = await buildApp({ config, database, masterSecret, logger: true });
  await ensureFirstAdministrator(database.db, config, (message) => console.log(message));
  const mailWorker = createMailWorker({
    db: database.db,
    masterSecret,
    config: config.mail,
    log: app.log,
    onOutcome: app.metrics.countDelivery,
  });
  if (config.mail.workerEnabled) app.readinessChecks.set('mailWorker', () => mailWorker.isRunning());
  const housekeeping = createHousekeeping({
    db: database.db,
    jobs: housekeepingJobs(config, database.kind),
    intervalMs: HOUSEKEEPING_INTERVAL_MS,
    log: app.log,
  });
  app.addHook('onClose', () => housekeeping.stop());

  // docs/operations.md, Graceful shutdown: requests and deliveries in flight get SHUTDOWN_GRACE_MS to finish; then connections are cut and
  // deliveries handed back, so that the database still closes cleanly; past SHUTDOWN_TIMEOUT_MS the process exits with 1.
  closeWithGrace(
    { delay: config.shutdownTimeoutMs, logger: { error: (message: unknown) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error, shutting down');
      else app.log.info(`${signal ?? 'event loop empty'}: shutting down`);
      const cut = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
      const [, deliveries] = await Promise.all([app.close(), mailWorker.stop(config.shutdownGraceMs)]);
      clearTimeout(cut);
      if (deliveries.finished + deliveries.handedBack > 0) {
        const level = deliveries.handedBack > 0 ? 'warn' : 'info';
        app.log[level](
          deliveries,
          `mail deliveries in flight at shutdown: ${deliveries.finished} finished, ${deliveries.handedBack} handed back to the queue`,
        );
      }
      await database.close();
    },
  );

  await app.listen({ port: config.port, host: config.host });
  if (config.mail.workerEnabled) mailWorker.start();
  housekeeping.start();
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Caredesk cannot start: ${error.message}` : error);
  process.exit(1);
});
