import { sql, type SQL } from 'drizzle-orm';
import { STATISTICS_TIME_ZONE } from '../../contracts/statistics';
import type { Db } from '../db';

/** The start of the agency's current day, as a timestamptz. */
export const startOfToday = (): SQL =>
  sql`(date_trunc('day', now() at time zone ${STATISTICS_TIME_ZONE}) at time zone ${STATISTICS_TIME_ZONE})`;

/** The agency's current date, YYYY-MM-DD. */
export const todaysDate = (): SQL => sql`to_char(now() at time zone ${STATISTICS_TIME_ZONE}, 'YYYY-MM-DD')`;

/** The one row of a statistics query. */
export async function singleRow<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T> {
  return (await db.execute<T>(query)).rows[0];
}

/** All rows of a statistics query. */
export async function allRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}
