import { asc, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db';
import { auditEvents } from '../../../server/db/schema';
import { AUTH, type TestApp } from './helpers';

export const AUDIT = '/api/audit';

export interface AuditEventWire {
  id: string;
  time: number;
  actor: { uid: string; public_name: string } | null;
  address: string | null;
  action: string;
  target: { type: string; id: string; label: string | null } | null;
  changes: Record<string, unknown>;
  outcome: 'success' | 'failure' | 'refused';
}

export async function lastEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(auditEvents.id) }).from(auditEvents);
  return row?.id ?? 0;
}

/** The events written after the event `after`, oldest first, as GET /api/audit/events/{id}/ answers them. */
export async function eventsAfter(t: TestApp, after: number): Promise<AuditEventWire[]> {
  const rows = await t.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(gt(auditEvents.id, after))
    .orderBy(asc(auditEvents.id));
  const events: AuditEventWire[] = [];
  for (const { id } of rows) {
    const response = await t.as({ method: 'GET', url: `${AUDIT}/events/${id}/` });
    if (response.statusCode !== 200) throw new Error(`event ${id}: ${response.statusCode} ${response.body}`);
    events.push(response.json());
  }
  return events;
}

/** Runs `work` and answers what it returned and the events written meanwhile. */
export async function withEvents<T>(
  t: TestApp,
  work: () => Promise<T>,
): Promise<{ result: T; events: AuditEventWire[] }> {
  const before = await lastEventId(t.db);
  const result = await work();
  return { result, events: await eventsAfter(t, before) };
}

/** Every column of every audit event as text: where a secret must never be found. */
export async function auditTableText(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`select coalesce(string_agg(e::text, E'\n'), '') as text from audit_events e`,
  )) as { rows: { text: string }[] };
  return result.rows[0].text;
}

/** The administrator as an event's actor. */
export async function adminActor(t: TestApp) {
  const info = (await t.as({ method: 'GET', url: `${AUTH}/info/` })).json<{ uid: string; public_name: string }>();
  return { uid: info.uid, public_name: info.public_name };
}

/** What every event written just now shares: an id, the present time (within 50 seconds), success. */
export const justNow = () => ({
  id: expect.stringMatching(/^[0-9]+$/),
  time: expect.closeTo(Date.now() / 1000, -2),
  outcome: 'success',
});
