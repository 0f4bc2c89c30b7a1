import path from 'node:path';
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
  const mailWorker = createMailWorker({ db: database.db, masterSecret, config: config.mail, log: app.log });
  app.addHook('onClose', () => mailWorker.stop());
  if (config.mail.workerEnabled) app.readinessChecks.set('mailWorker', () => mailWorker.isRunning());
  const housekeeping = createHousekeeping({ db: database.db, jobs: housekeepingJobs(config), intervalMs: HOUSEKEEPING_INTERVAL_MS, log: app.log });
  app.addHook('onClose', () => housekeeping.stop());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.mail.workerEnabled) mailWorker.start();
  housekeeping.start();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
