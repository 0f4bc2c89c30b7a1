// The file-service benchmark: the search (files-search.ts) on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL;
// then the upload and download transfer (files-transfer.ts). Run alone with `npx tsx bench/files.ts`.
import { fileURLToPath } from 'node:url';
import { benchSearchOn, printSearch, type SearchBenchResult } from './files-search';
import { benchTransfer, printTransfer, type TransferBenchResult } from './files-transfer';
import { withPglite, withPostgres } from './lib';

interface FilesBenchResult {
  search: SearchBenchResult[];
  transfer: TransferBenchResult;
}

/**
 * Runs the search benchmark on PGlite (unless BENCH_FILES_DATABASES=postgres) and on PostgreSQL when a URL is set, and the transfer
 * benchmark; prints and returns the figures.
 */
export async function runFilesBench(): Promise<FilesBenchResult> {
  const search: SearchBenchResult[] = [];
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (process.env.BENCH_FILES_DATABASES !== 'postgres') search.push(await withPglite(benchSearchOn));
  if (postgresUrl) search.push(await withPostgres(postgresUrl, benchSearchOn));
  for (const result of search) printSearch(result);
  const transfer = await benchTransfer();
  printTransfer(transfer);
  return { search, transfer };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runFilesBench().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
