import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { fileCounts, files } from '../db/schema';
import type { ReferenceKind } from './schemas';

export const ALL_FILES = 'all';
export const kindCountKey = (kind: ReferenceKind) => `kind:${kind}`;

/** Adds the deltas to the kept counts in one statement; keys go in sorted order so that concurrent writers lock rows alike. */
export async function adjustCounts(db: Db, deltas: Map<string, number>): Promise<void> {
  const values = [...deltas]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, count]) => ({ key, count }));
  if (!values.length) return;
  await db
    .insert(fileCounts)
    .values(values)
    .onConflictDoUpdate({ target: fileCounts.key, set: { count: sql`${fileCounts.count} + excluded.count` } });
}

/** +1 for each kind gained, -1 for each kind lost. */
export function kindDeltas(before: string[], after: string[]): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const kind of before) if (!after.includes(kind)) deltas.set(kindCountKey(kind as ReferenceKind), -1);
  for (const kind of after) if (!before.includes(kind)) deltas.set(kindCountKey(kind as ReferenceKind), 1);
  return deltas;
}

export async function keptCount(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ count: fileCounts.count }).from(fileCounts).where(eq(fileCounts.key, key));
  return row?.count ?? 0;
}

/** Sets the kept counts from the table, after rows were added some other way (the benchmark's seed). */
export async function recountFiles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(fileCounts);
    await tx.execute(sql`
      insert into ${fileCounts} (key, count)
      select ${ALL_FILES}, count(*) from ${files}
      union all
      select 'kind:' || kind, count(*) from ${files}, unnest(${files.referenceKinds}) as kind group by kind`);
  });
}
