import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** API tokens of the file and pricing services; only the sha256 of a token's value is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    scope: text('scope').notNull(),
    service: text('service').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The value's last four characters, so that staff can tell tokens apart; null for tokens made before it was kept. */
    lastFour: text('last_four'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    expires: timestamp('expires', { withTimezone: true }),
    revoked: timestamp('revoked', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.uid, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('api_tokens_scope_hash_key').on(table.scope, table.tokenHash),
    index('api_tokens_scope_created_idx').on(table.scope, table.created),
  ],
);
