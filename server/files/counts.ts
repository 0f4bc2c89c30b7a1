import { count, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { recount } from '../shared/kept-counts';
import { REFERENCE_KINDS, type ReferenceKind } from '../../contracts/files';

/**
 * The kept counts of files (server/shared/kept-counts.ts): all of them, those with a reference of each kind, and the
 * bytes they hold (a sum kept like a count, for the dashboard).
 */

export const ALL_FILES = 'files';
export const FILE_BYTES = 'files:bytes';
export const kindCountKey = (kind: ReferenceKind) => `files:kind:${kind}`;

/** +1 for each kind gained, -1 for each kind lost. */
export function kindDeltas(before: string[], after: string[]): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const kind of before) if (!after.includes(kind)) deltas.set(kindCountKey(kind as ReferenceKind), -1);
  for (const kind of after) if (!before.includes(kind)) deltas.set(kindCountKey(kind as ReferenceKind), 1);
  return deltas;
}

/** Sets the kept counts from the table, after rows were added some other way (the benchmark's seed). */
export async function recountFiles(db: Db): Promise<void> {
  const countOf = (where?: ReturnType<typeof sql>) => sql`${db.select({ total: count() }).from(files).where(where)}`;
  const byKind = REFERENCE_KINDS.map((kind): [string, SQL] => [
    kindCountKey(kind),
    countOf(sql`${files.referenceKinds} @> array[${kind}]::text[]`),
  ]);
  const bytes = sql`select coalesce(sum(${files.size}), 0) from ${files}`;
  await db.transaction((tx) =>
    recount(tx, { [ALL_FILES]: countOf(), [FILE_BYTES]: bytes, ...Object.fromEntries(byKind) }),
  );
}
