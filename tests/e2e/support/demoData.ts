import path from 'node:path';
import { seedDemo } from '../../../scripts/demo';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db';
import { loadMasterSecret } from '../../../server/shared/secrets';
import { createBlobStorage } from '../../../server/storage';

/**
 * What `npm run seed:demo` makes, in a worker's fresh installation before its server starts (PGlite is one process's folder):
 * the screen walks see what a newcomer sees. The same generator as the script, with the same environment as the server.
 */
export async function seedDemoInstallation(env: NodeJS.ProcessEnv): Promise<void> {
  const config = loadConfig(env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const masterSecret = loadMasterSecret(config.secretKey, config.dataDir);
    await seedDemo(database.db, { config, storage: createBlobStorage(config), masterSecret });
  } finally {
    await database.close();
  }
}
