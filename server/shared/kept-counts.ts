import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { keptCounts } from '../db/schema';

/**
 * Numbers kept next to the rows they count, so that the unfiltered totals of a paged list need no count over 100,000
 * rows. A key names what it counts (`files`, `files:kind:Customer`, `care-requests`, …); whoever writes the rows adjusts
 * the counts in the same transaction.
 */

/** Adds the deltas in one statement; keys go in sorted order so that concurrent writers lock rows alike. */
export async function adjustCounts(db: Db, deltas: Map<string, number>): Promise<void> {
  const values = [...deltas]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, count]) => ({ key, count }));
  if (!values.length) return;
  await db
    .insert(keptCounts)
    .values(values)
    .onConflictDoUpdate({ target: keptCounts.key, set: { count: sql`${keptCounts.count} + excluded.count` } });
}

/** 0 for a key never counted. */
export async function keptCount(db: Db, key: string): Promise<number> {
  const [row] = await db.select({ count: keptCounts.count }).from(keptCounts).where(eq(keptCounts.key, key));
  return row?.count ?? 0;
}

/** The kept count as a scalar subquery, for a column of a bigger query: 0 for a key never counted. */
export const keptCountColumn = (db: Db, key: string) =>
  sql<number>`coalesce((${db.select({ count: keptCounts.count }).from(keptCounts).where(eq(keptCounts.key, key))}), 0)`;

/**
 * Sets each key to what its query (a scalar count) counts now, after rows were written some other way; run it inside a
 * transaction. Locking the keys first means that a writer adjusting them concurrently is either counted by the query or
 * adds itself afterwards, never both or neither.
 */
export async function recount(tx: Db, counts: Record<string, SQL>): Promise<void> {
  const keys = Object.keys(counts).sort();
  await tx
    .insert(keptCounts)
    .values(keys.map((key) => ({ key, count: 0 })))
    .onConflictDoUpdate({ target: keptCounts.key, set: { count: sql`${keptCounts.count}` } });
  for (const key of keys)
    await tx
      .update(keptCounts)
      .set({ count: sql`(${counts[key]})` })
      .where(eq(keptCounts.key, key));
}
