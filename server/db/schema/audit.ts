import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail (server/shared/audit.ts): append-only, a trigger refuses UPDATE; rows leave only by retention.
 * changes never holds a password, a token value, an SMTP password or a care customer's personal data.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    actorUid: uuid('actor_uid'),
    actorName: text('actor_name'),
    address: text('address'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    changes: jsonb('changes')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    outcome: text('outcome').$type<'success' | 'failure' | 'refused'>().notNull().default('success'),
    /** Lower-case actor name, target label and action: what the list's text query matches. */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    index('audit_events_time_idx').on(table.time, table.id),
    index('audit_events_action_idx').on(table.action, table.time),
    index('audit_events_actor_idx').on(table.actorUid, table.time),
    index('audit_events_target_idx').on(table.targetType, table.targetId),
    index('audit_events_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);
