import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { auditEvents } from '../db/schema';
import {
  cappedPageOf,
  countLimitOf,
  countUpTo,
  directionOf,
  epochSecondsOf,
  escapeLike,
  offsetOf,
  withinSeconds,
} from '../shared/paging';
import { notFound } from '../shared/problem';
import type { AuditEventResponse, SortKey } from '../../contracts/audit';
import type { EventSearchRequest } from './schemas';

type EventRow = typeof auditEvents.$inferSelect;

/** Sort keys by column; time and id follow so that pages are stable. */
const SORT_COLUMNS: Record<SortKey, AnyColumn[]> = {
  time: [auditEvents.time],
  action: [auditEvents.action, auditEvents.time],
  actor: [auditEvents.actorName, auditEvents.time],
};

export function toAuditEvent(row: EventRow): AuditEventResponse {
  return {
    id: String(row.id),
    time: epochSecondsOf(row.time),
    actor: row.actorUid ? { uid: row.actorUid, public_name: row.actorName ?? '' } : null,
    address: row.address,
    action: row.action,
    target: row.targetType ? { type: row.targetType, id: row.targetId ?? '', label: row.targetLabel } : null,
    changes: row.changes,
    outcome: row.outcome,
  };
}

function conditionsOf({ query, filters }: EventSearchRequest): SQL[] {
  const conditions: SQL[] = [];
  const text = query.trim().toLowerCase();
  // search_text is kept in lower case; its trigram index serves this LIKE
  if (text) conditions.push(sql`${auditEvents.searchText} like ${`%${escapeLike(text)}%`}`);
  conditions.push(...withinSeconds(auditEvents.time, filters.time));
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.actor) conditions.push(eq(auditEvents.actorUid, filters.actor.toLowerCase()));
  if (filters.target_type) conditions.push(eq(auditEvents.targetType, filters.target_type));
  return conditions;
}

function orderOf({ sortBy, ordering }: EventSearchRequest): SQL[] {
  const direction = directionOf(ordering);
  return [...SORT_COLUMNS[sortBy], auditEvents.id].map((column) => direction(column));
}

export async function searchEvents(db: Db, request: EventSearchRequest) {
  const where = and(...conditionsOf(request));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(...orderOf(request))
    .limit(request.pageSize)
    .offset(offsetOf(request));
  const limit = countLimitOf(request, request.exactTotal);
  const [{ total }] = await countUpTo(
    db,
    db.select({ id: auditEvents.id }).from(auditEvents).where(where).$dynamic(),
    limit,
  );
  return cappedPageOf(rows.map(toAuditEvent), total, limit, request);
}

export async function findEvent(db: Db, id: string): Promise<AuditEventResponse> {
  const [row] = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.id, Number(id)));
  if (!row) throw notFound(`No audit event has the id ${id}.`, 'id', 'event-not-found');
  return toAuditEvent(row);
}
