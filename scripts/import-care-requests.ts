// `npm run import:care-requests -- FILE.jsonl`: loads legacy care requests (format: server/care/import.ts), closed unless a line
// gives a status, into the database the server uses (DATABASE_URL, else the PGlite database in DATA_DIR; stop the server first
// when using PGlite).
// Every line is checked before anything is written; then all lines are imported in one transaction, or none.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { formatLineError, importCareRequests, LEGACY_IMPORT_STATUS } from '../server/care/import';

const MAX_ERRORS_SHOWN = 100;

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run import:care-requests -- FILE.jsonl');
    return 2;
  }
  const text = await readFile(file, 'utf8');
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const report = await importCareRequests(database.db, text);
    if (report.errors.length) {
      for (const error of report.errors.slice(0, MAX_ERRORS_SHOWN)) console.error(formatLineError(error));
      if (report.errors.length > MAX_ERRORS_SHOWN)
        console.error(`… and ${report.errors.length - MAX_ERRORS_SHOWN} more.`);
      console.error(`${report.errors.length} bad line(s) in ${file}: nothing was imported.`);
      return 1;
    }
    console.log(`Imported ${file}: ${report.inserted} new, ${report.updated} updated care request(s).`);
    if (report.inserted)
      console.log(
        `New requests start ${LEGACY_IMPORT_STATUS} unless their line gives a status; updated ones keep their workflow.`,
      );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
