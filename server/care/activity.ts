import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { auditEvents, careRequestMails, careRequests, mails } from '../db/schema';
import { epochSecondsOf, pageOf } from '../shared/paging';
import { notFound } from '../shared/problem';
import type { PageAnswer } from '../../contracts/paging';
import type { ActivityEntryOutput, ActivityKind } from '../../contracts/care-workflow';

/**
 * A request's timeline (GET /api/care/care-requests/{uid}/activity/), newest first: its arrival (care_requests.submitted), its
 * audit events (created in the panel, workflow changes, notes, contact data read or erased), an erasure by retention (which
 * records one event without target per run, so the request's own contact_erased_at stands for it) and its mails with their
 * delivery state. Nothing in it is a customer's personal data: audit events hold none, and notes appear by uid only.
 */

const KIND_OF_ACTION: Record<string, ActivityKind> = {
  'care-request.create': 'created',
  'care-request.workflow': 'workflow',
  'care-request.note-create': 'note-added',
  'care-request.note-update': 'note-edited',
  'care-request.note-delete': 'note-deleted',
  'care-request.contact-read': 'contact-read',
  'care-request.contact-erase': 'contact-erased',
};
const ACTIONS = sql.join(
  Object.keys(KIND_OF_ACTION).map((action) => sql`${action}`),
  sql`, `,
);

interface TimelineRow extends Record<string, unknown> {
  id: string;
  at: Date | string;
  kind: string;
  actor_uid: string | null;
  actor_name: string | null;
  changes: Record<string, unknown> | null;
}

function timeline(uid: string) {
  return sql`
    select 'received' as id, ${careRequests.submitted} as at, 'received' as kind, null::uuid as actor_uid, null::text as actor_name, null::jsonb as changes
      from ${careRequests} where ${careRequests.uid} = ${uid}
    union all
    select 'audit-' || ${auditEvents.id}, ${auditEvents.time}, ${auditEvents.action}, ${auditEvents.actorUid}, ${auditEvents.actorName}, ${auditEvents.changes}
      from ${auditEvents}
      where ${auditEvents.targetType} = 'care-request' and ${auditEvents.targetId} = ${uid} and ${auditEvents.action} in (${ACTIONS})
    union all
    select 'mail-' || ${careRequestMails.mailUid}, ${careRequestMails.queuedAt}, 'mail', null, null,
        jsonb_build_object('kind', ${careRequestMails.kind}, 'status', coalesce(${mails.state}, 'deleted'))
      from ${careRequestMails} left join ${mails} on ${mails.referenceUid} = ${careRequestMails.mailUid}
      where ${careRequestMails.requestUid} = ${uid}
    union all
    select 'retention', ${careRequests.contactErasedAt}, 'care-request.contact-erase', null, null, null
      from ${careRequests}
      where ${careRequests.uid} = ${uid} and ${careRequests.contactErasedAt} is not null and not exists (
        select 1 from ${auditEvents} where ${auditEvents.targetType} = 'care-request' and ${auditEvents.targetId} = ${uid}
          and ${auditEvents.action} = 'care-request.contact-erase')`;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toEntry(row: TimelineRow): ActivityEntryOutput {
  const kind = row.kind === 'received' || row.kind === 'mail' ? row.kind : KIND_OF_ACTION[row.kind];
  const actor = row.actor_uid ? { uid: row.actor_uid, public_name: row.actor_name ?? '' } : null;
  const entry: ActivityEntryOutput = { id: row.id, at: epochSecondsOf(asDate(row.at)), kind, actor };
  const changes = row.changes ?? {};
  if (kind === 'mail') entry.mail = changes as ActivityEntryOutput['mail'];
  if (kind === 'workflow') Object.assign(entry, workflowParts(changes));
  if (typeof changes.note_uid === 'string') entry.note_uid = changes.note_uid;
  return entry;
}

function workflowParts(changes: Record<string, unknown>): Partial<ActivityEntryOutput> {
  const parts: Partial<ActivityEntryOutput> = {};
  if (changes.status) Object.assign(parts, { status: changes.status, reason: changes.reason ?? null });
  if (changes.assignee) parts.assignee = changes.assignee as ActivityEntryOutput['assignee'];
  if (changes.follow_up) parts.follow_up = changes.follow_up as ActivityEntryOutput['follow_up'];
  return parts;
}

export async function requestActivity(
  db: Db,
  uid: string,
  paging: { page: number; pageSize: number },
): Promise<PageAnswer<ActivityEntryOutput>> {
  const [known] = await db.select({ uid: careRequests.uid }).from(careRequests).where(eq(careRequests.uid, uid));
  if (!known) throw notFound('No care request has this uid.', 'uid', 'care-request-not-found');
  const offset = (paging.page - 1) * paging.pageSize;
  const [page, count] = await Promise.all([
    db.execute<TimelineRow>(
      sql`select * from (${timeline(uid)}) as entries order by at desc, id desc limit ${paging.pageSize} offset ${offset}`,
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from (${timeline(uid)}) as entries`),
  ]);
  return pageOf(page.rows.map(toEntry), count.rows[0]?.total ?? 0, paging);
}
