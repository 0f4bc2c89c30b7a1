import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { careRequests, users } from '../db/schema';
import { recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, HttpProblem, notFound, problemType } from '../shared/problem';
import {
  STATUSES_NEEDING_A_REASON,
  type CareStatus,
  type StaffMemberOutput,
  type WorkflowChangeInput,
  type WorkflowStateOutput,
} from '../../contracts/care-workflow';
import { assignableUser, type AccessPolicy } from './assignees';
import { mailAssignee, type MailSettings } from './assignment-mail';
import { announceCareEvent } from './events';

/**
 * The workflow of a care request (PATCH /api/care/care-requests/{uid}/workflow/): status, assignee and follow-up, changed only on
 * the version the caller saw (optimistic locking: a stale version is 409 with the current state), each change one transaction
 * with its audit event, its live event and, for an assignment to someone else, the assignee's mail.
 */

export interface WorkflowSettings extends MailSettings {
  accessPolicy: AccessPolicy;
}

interface StoredState extends WorkflowStateOutput {
  partialZip: string | null;
}

async function storedState(executor: Db, uid: string, lock: boolean): Promise<StoredState> {
  const query = executor
    .select({
      uid: careRequests.uid,
      status: careRequests.status,
      assigneeUid: careRequests.assigneeUid,
      assigneeName: users.publicName,
      followUp: careRequests.followUp,
      version: careRequests.version,
      partialZip: careRequests.partialMissionZipCode,
    })
    .from(careRequests)
    .leftJoin(users, eq(users.uid, careRequests.assigneeUid))
    .where(eq(careRequests.uid, uid));
  const [row] = lock ? await query.for('update', { of: careRequests }) : await query;
  if (!row) throw notFound('No care request has this uid.', 'uid', 'care-request-not-found');
  const assignee = row.assigneeUid ? { uid: row.assigneeUid, public_name: row.assigneeName ?? '' } : null;
  return {
    uid: row.uid,
    status: row.status,
    assignee,
    follow_up: row.followUp,
    version: row.version,
    partialZip: row.partialZip,
  };
}

const stateOf = ({ partialZip: _zip, ...state }: StoredState): WorkflowStateOutput => state;

const editConflict = (current: WorkflowStateOutput) =>
  new HttpProblem(
    409,
    'Conflict',
    `The care request is at version ${current.version}; the change was made on another one.`,
    {
      type: problemType('edit-conflict'),
      field: 'version',
      current,
    },
  );

function checkReason(change: WorkflowChangeInput, before: StoredState) {
  const entering = change.status !== undefined && change.status !== before.status ? change.status : undefined;
  const needsReason = entering !== undefined && (STATUSES_NEEDING_A_REASON as readonly CareStatus[]).includes(entering);
  if (needsReason && !change.reason)
    throw badRequest(`Moving a request to ${entering} needs a reason.`, 'reason', 'reason-required');
  if (!needsReason && change.reason)
    throw badRequest('A reason goes only with a move to declined or withdrawn.', 'reason');
}

/** The state after the change; the assignee is checked only when it changes (keeping a since-banned assignee is no change). */
async function nextState(
  executor: Db,
  change: WorkflowChangeInput,
  before: StoredState,
  accessPolicy: AccessPolicy,
): Promise<StoredState> {
  let assignee: StaffMemberOutput | null = before.assignee;
  if (change.assignee_uid !== undefined && change.assignee_uid?.toLowerCase() !== before.assignee?.uid) {
    assignee = change.assignee_uid === null ? null : await assignableUser(executor, change.assignee_uid, accessPolicy);
  }
  const followUp = change.follow_up === undefined ? before.follow_up : change.follow_up;
  return { ...before, status: change.status ?? before.status, assignee, follow_up: followUp };
}

/** What changed, as the audit event and the activity timeline record it: staff and dates, never a customer's data. */
function changesOf(before: StoredState, after: StoredState, reason: string | null | undefined) {
  const changes: Record<string, unknown> = {};
  if (after.status !== before.status)
    Object.assign(changes, { status: { from: before.status, to: after.status }, reason: reason ?? null });
  if (after.assignee?.uid !== before.assignee?.uid) changes.assignee = { from: before.assignee, to: after.assignee };
  if (after.follow_up !== before.follow_up) changes.follow_up = { from: before.follow_up, to: after.follow_up };
  return changes;
}

/** GET …/workflow/: the state a change starts from (the archived view has no list item to read it from). */
export async function workflowState(db: Db, uid: string): Promise<WorkflowStateOutput> {
  return stateOf(await storedState(db, uid, false));
}

export async function changeWorkflow(
  db: Db,
  uid: string,
  change: WorkflowChangeInput,
  context: AuditContext,
  settings: WorkflowSettings,
): Promise<WorkflowStateOutput> {
  return db.transaction(async (tx) => {
    const before = await storedState(tx, uid, true);
    if (change.version !== before.version) throw editConflict(stateOf(before));
    checkReason(change, before);
    const candidate = await nextState(tx, change, before, settings.accessPolicy);
    const changes = changesOf(before, candidate, change.reason);
    if (Object.keys(changes).length === 0) return stateOf(before); // nothing changed: no new version, event or audit
    const after = { ...candidate, version: before.version + 1 };
    await tx
      .update(careRequests)
      .set({
        status: after.status,
        assigneeUid: after.assignee?.uid ?? null,
        followUp: after.follow_up,
        version: sql`${careRequests.version} + 1`,
      })
      .where(eq(careRequests.uid, uid));
    const target = { type: 'care-request', id: uid, label: before.partialZip };
    await recordAudit(tx, {
      action: 'care-request.workflow',
      ...context,
      target,
      changes: { version: after.version, ...changes },
    });
    if (changes.assignee && after.assignee && after.assignee.uid !== context.actor?.uid) {
      const assignment = {
        requestUid: uid,
        partialZip: before.partialZip,
        assignee: after.assignee,
        assignedBy: context.actor?.publicName ?? 'Caredesk',
      };
      await mailAssignee(tx, assignment, settings, new Date());
    }
    await announceCareEvent(tx, 'care-request.changed', uid, after.version);
    return stateOf(after);
  });
}
