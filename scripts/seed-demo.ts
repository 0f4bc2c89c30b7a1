// `npm run seed:demo [-- --seed N]`: fills an empty installation with demo data (scripts/demo/index.ts), the last twelve weeks of a
// home-care agency: panel users of every known role, care requests of all three form versions worked by the dispatchers, mail
// providers, accounts and mails in every state, documents and API tokens; then prints what it made. Uses DATABASE_URL, else the PGlite database in DATA_DIR (stop the server first when using PGlite); files go where
// the server keeps them (DATA_DIR/files or S3). Refuses, and changes nothing, when the installation already has care
// requests, mails, mail providers, files or API tokens. The same seed gives the same data (passwords and token values aside).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { loadMasterSecret } from '../server/shared/secrets';
import { createBlobStorage } from '../server/storage';
import { DEMO_SEED, DemoRefused, seedDemo } from './demo';
import { describeTally } from './demo/summary';

function seedOption(): number {
  const { values } = parseArgs({ options: { seed: { type: 'string' } } });
  if (values.seed === undefined) return DEMO_SEED;
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed needs a whole number, not ${JSON.stringify(values.seed)}.`);
  return seed;
}

async function main(): Promise<void> {
  const seed = seedOption();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const masterSecret = loadMasterSecret(config.secretKey, config.dataDir);
    const summary = await seedDemo(database.db, { config, storage: createBlobStorage(config), masterSecret, seed });
    console.log(
      `Seeded (seed ${seed}): ${summary.careRequests} care requests (form versions 2012, 2016-pre and 2016), 2 mail providers,`,
    );
    console.log(
      `2 mail accounts, mails in every state, ${summary.files} files and ${summary.apiTokens} API tokens. No mail was sent.`,
    );
    for (const line of describeTally(summary.tally)) console.log(line);
    console.log('Demo panel users (username, password shown only now, roles):');
    for (const user of summary.users) {
      console.log(
        `  ${user.username.padEnd(14)} ${user.password ?? 'exists already, left unchanged'}  (${user.roles.join(', ')})`,
      );
    }
  } catch (error) {
    if (!(error instanceof DemoRefused)) throw error;
    console.log(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
