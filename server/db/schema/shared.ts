import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Tables that several services read or write, so none of them owns the table alone. */

/** The role policy: which permissions (server/shared/permissions.ts) each role grants. A role without a row grants none. */
export const rolePermissions = pgTable('role_permissions', {
  role: text('role').primaryKey(),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
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

/**
 * Idempotency keys (`Idempotency-Key` on creating POSTs), per owner: `user:<uid>`, `token:<id>` or `address:<address>`. The row is
 * written in the transaction of the effect, so a committed effect always has its answer stored: a retry with the same key and body
 * gets that answer again. The answer is encrypted at rest (it may hold a new token's value or a customer's contact data).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** A hash of the method, the route and the request body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The answer's content type, location and body, encrypted. */
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.owner, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);
