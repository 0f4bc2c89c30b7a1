import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Tables that several services read or write, so none of them owns the table alone. */

/** The role policy: which permissions (server/shared/permissions.ts) each role grants. A role without a row grants none. */
export const rolePermissions = pgTable('role_permissions', {
  role: text('role').primaryKey(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  /** Whether the role's users must sign in with a second factor. */
  secondFactorRequired: boolean('second_factor_required').notNull().default(false),
});

/**
 * Sign-in and API-token throttling, one row per key (for example `user+address:<username> <address>`, `address:<address>`,
 * `user:<username>`, `api-token:<address>`): failures counted since window_start, and until when the key is blocked.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [index('throttle_counters_last_failure_idx').on(table.lastFailureAt)],
);

/**
 * Counts kept by the writers of the rows they count (server/shared/kept-counts.ts): `files` and `files:kind:<Kind>` per
 * reference kind, `care-requests` and `care-requests:archived`. They let the unfiltered list totals skip a count.
 */
export const keptCounts = pgTable('kept_counts', {
  key: text('key').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});
