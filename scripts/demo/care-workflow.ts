import type { Faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { findPasswordLogin } from '../../server/auth/users';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { createNote } from '../../server/care/notes';
import { changeWorkflow } from '../../server/care/workflow';
import type { CareRequestRecord } from '../../server/care/store';
import type { WorkflowChangeInput } from '../../contracts/care-workflow';
import { careStory, type StoryStep } from './care-story';
import { retimeAuditEvents, valuesList, type AuditMoment } from './retime';
import { DAY_MS } from './timeline';

/**
 * The demo's care workflow: each request's story (care-story.ts) worked through the service's own functions, so that versions,
 * the audit trail, the activity and the notes come out right, then each audit event moved to the moment its step happened. A
 * story that began before the audit trail's retention is written as its end state only: the server would have removed its events.
 * The dispatchers do the work; their usernames are no addresses, so no assignment mail is queued.
 */

export const DISPATCHERS = ['jonas.weber', 'aylin.demir'];

type Actor = { uid: string; publicName: string };

export interface SeededRequest {
  uid: string;
  record: CareRequestRecord;
  /** Its contact data is erased (older than the retention): no note can be added. */
  erased: boolean;
}

async function dispatchers(db: Db): Promise<Actor[]> {
  const found = await Promise.all(DISPATCHERS.map((username) => findPasswordLogin(db, username)));
  return found.flatMap((login) => (login ? [{ uid: login.user.uid, publicName: login.user.publicName }] : []));
}

const changeOf = (step: StoryStep, actor: Actor, version: number): WorkflowChangeInput => {
  const { assign, ...change } = step.change;
  return { ...change, ...(assign ? { assignee_uid: actor.uid } : {}), version };
};

/** The state the steps leave: what the service would have written, without the events the retention took. */
function endStateOf(uid: string, steps: StoryStep[], staff: Actor[]) {
  const assigned = steps.findLast((step) => step.change.assign);
  const status = steps.findLast((step) => step.change.status)?.change.status ?? 'new';
  const followUp = steps.findLast((step) => step.change.follow_up !== undefined)?.change.follow_up ?? null;
  return { uid, status, assignee: assigned ? staff[assigned.actor].uid : null, followUp, version: steps.length + 1 };
}

async function writeEndStates(db: Db, states: ReturnType<typeof endStateOf>[]) {
  if (!states.length) return;
  const rows = states.map((state) => [state.uid, state.status, state.assignee, state.followUp, state.version] as const);
  await db.execute(sql`
    update care_requests set status = v.status, assignee_uid = v.assignee::uuid, follow_up = v.follow_up::date, version = v.version::int
    from (${valuesList(rows)}) as v(uid, status, assignee, follow_up, version)
    where care_requests.uid = v.uid::uuid`);
}

async function workStory(
  db: Db,
  request: SeededRequest,
  steps: StoryStep[],
  staff: Actor[],
  config: Config,
): Promise<AuditMoment[]> {
  const settings = {
    panelUrl: config.care.panelUrl,
    sender: config.care.notifySender,
    language: config.care.mailLanguage,
    accessPolicy: config.trust.accessPolicy,
  };
  const moments: AuditMoment[] = [];
  let version = 1;
  for (const step of steps) {
    const actor = staff[step.actor];
    const context = { actor, address: null };
    const changed = await changeWorkflow(db, request.uid, changeOf(step, actor, version), context, settings);
    if (changed.version === version) continue; // nothing to change (a follow-up on the day it already had)
    version = changed.version;
    moments.push({ action: 'care-request.workflow', targetId: request.uid, detail: String(version), time: step.at });
    if (!step.note || request.erased) continue;
    const note = await createNote(db, request.uid, step.note, context, new Date(step.at.getTime() + 60_000));
    moments.push({
      action: 'care-request.note-create',
      targetId: request.uid,
      detail: note.uid,
      time: new Date(step.at.getTime() + 60_000),
    });
  }
  return moments;
}

/** Works every request's story as far as it happened by `now` (legacy requests came closed by the import). */
export async function seedCareWorkflow(
  db: Db,
  requests: SeededRequest[],
  config: Config,
  now: Date,
  faker: Faker,
): Promise<void> {
  const staff = await dispatchers(db);
  if (staff.length === 0) return;
  const auditCutoff = new Date(now.getTime() - config.trust.auditRetentionDays * DAY_MS);
  const endStates: ReturnType<typeof endStateOf>[] = [];
  const moments: AuditMoment[] = [];
  for (const request of requests) {
    if (request.record.status) continue; // the legacy import closed it
    const incoming = request.record.incoming;
    const steps = careStory(
      faker,
      { submitted: request.record.submitted, inTerritory: incoming.core_territory || incoming.optional_territory },
      now,
      staff.length,
    );
    if (!steps.length) continue;
    if (steps[0].at < auditCutoff) endStates.push(endStateOf(request.uid, steps, staff));
    else moments.push(...(await workStory(db, request, steps, staff, config)));
  }
  await writeEndStates(db, endStates);
  await retimeAuditEvents(db, moments);
}
