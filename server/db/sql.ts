import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column always written with its table ("users"."uid"): what a correlated subquery must use for the outer query's columns.
 * Drizzle writes a column bare when it stands directly in a selected field of a one-table select, and a bare name inside a
 * subquery binds to the subquery's own table first: `second_factors.user_uid = "uid"` would compare a factor with itself.
 */
export const qualified = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
