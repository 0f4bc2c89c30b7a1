import { sql, type SQL } from 'drizzle-orm';
import { STATISTICS_TIME_ZONE } from '../../contracts/statistics';
import type { Db } from '../db';

/** The start of the agency's current day, as a timestamptz. */
export const startOfToday = (): SQL =>
  sql`(date_trunc('day', now() at time zone ${STATISTICS_TIME_ZONE}) at time zone ${STATISTICS_TIME_ZONE})`;

/** The agency's current date, YYYY-MM-DD. */
export const todaysDate = (): SQL => sql`to_char(now() at time zone ${STATISTICS_TIME_ZONE}, 'YYYY-MM-DD')`;

/** The one row of a statistics query (both drivers answer `{rows}`). */
export async function singleRow<T>(db: Db, query: SQL): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

/** All rows of a statistics query. */
export async function allRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
