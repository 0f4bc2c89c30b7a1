import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db';
import type { AuditAction } from '../../contracts/audit-actions';

/**
 * The seed makes everything in one transaction, where the database's clock stands still: every row it writes says the same
 * minute. These put the rows at the moments the demo's story gives them, weeks apart and in office hours.
 */

type Value = string | number | null;

/** `values (…), (…)` of text parameters (cast them where they are used). */
export function valuesList(rows: readonly (readonly Value[])[]): SQL {
  return sql`values ${sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((value) => sql`${value === null ? null : String(value)}::text`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  )}`;
}

/** Rows per statement: a few parameters each stays far below PostgreSQL's 65,535. */
const BATCH = 1000;

export async function inBatches<T>(items: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH) await write(items.slice(start, start + BATCH));
}

/** One audit event of the seed and when it happened: found by action, target and (if given) its version or note uid. */
export interface AuditMoment {
  action: AuditAction;
  targetId: string;
  detail?: string;
  time: Date;
}

/**
 * The trail is append-only (a trigger refuses every UPDATE), so an event is moved by taking it out and writing it again at its
 * time, with everything else it says unchanged; in time order, so that ids grow with time as they do in a running installation.
 */
export async function retimeAuditEvents(db: Db, moments: AuditMoment[]): Promise<void> {
  const sorted = [...moments].sort((a, b) => a.time.getTime() - b.time.getTime());
  await inBatches(sorted, (batch) =>
    db.execute(sql`
      with v(action, target_id, detail, time) as (${valuesList(batch.map((moment) => [moment.action, moment.targetId, moment.detail ?? null, moment.time.toISOString()]))}),
      moved as (
        delete from audit_events a using v
        where a.action = v.action and a.target_id = v.target_id and (v.detail is null or v.detail in (a.changes->>'version', a.changes->>'note_uid'))
        returning a.actor_uid, a.actor_name, a.address, a.action, a.target_type, a.target_id, a.target_label, a.changes, a.outcome, a.search_text,
          v.time::timestamptz as time)
      insert into audit_events (time, actor_uid, actor_name, address, action, target_type, target_id, target_label, changes, outcome, search_text)
      select time, actor_uid, actor_name, address, action, target_type, target_id, target_label, changes, outcome, search_text
      from moved order by time`),
  );
}
