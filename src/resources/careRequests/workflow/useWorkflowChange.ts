import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CareStatus, CareStatusReason } from '../../../../contracts/care-workflow';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import {
  type Assignee,
  conflictStateOf,
  type WorkflowChange,
  type WorkflowState,
} from '../../../dataProviders/careRequests/workflow';
import { activityKey } from './ActivityTimeline';
import { notesKey } from './NotesSection';
import { ownChangesOf } from './ownChanges';
import { useStatusLabel } from './parts';
import { refusalReason } from './refusal';
import { placeWorkflowState } from './workflowCache';

const RESOURCE = CARE_REQUEST_RESOURCES.incoming;

/** A change as a person makes it: the assignee with their name, so that it can show before the service answers. */
export interface WorkflowEdit {
  status?: CareStatus;
  reason?: CareStatusReason;
  assignee?: Assignee | null;
  follow_up?: string | null;
}

/** The PATCH body of an edit of the state shown (its version). */
export const changeOf = (shown: WorkflowState, edit: WorkflowEdit): WorkflowChange => ({
  version: shown.version,
  ...(edit.status && { status: edit.status }),
  ...(edit.reason && { reason: edit.reason }),
  ...('assignee' in edit && { assignee_uid: edit.assignee?.uid ?? null }),
  ...('follow_up' in edit && { follow_up: edit.follow_up ?? null }),
});

/** The state the edit leads to, as expected until the service answers. */
export const expectedState = (shown: WorkflowState, edit: WorkflowEdit): WorkflowState => ({
  ...shown,
  ...(edit.status && { status: edit.status }),
  ...('assignee' in edit && { assignee: edit.assignee ?? null }),
  ...('follow_up' in edit && { follow_up: edit.follow_up ?? null }),
});

/** Who made the latest workflow change of a request, from its timeline (null when the timeline does not say). */
async function lastChangedBy(dataProvider: CaredeskDataProvider, uid: string): Promise<string | null> {
  try {
    const { data } = await dataProvider.getActivity(RESOURCE, { id: uid, page: 1, perPage: 5 });
    return data.find((entry) => entry.kind === 'workflow')?.actor?.public_name ?? null;
  } catch {
    return null;
  }
}

/** Reads one request's state again and shows it (someone else changed it while this tab's change was on its way). */
async function reread(queryClient: QueryClient, dataProvider: CaredeskDataProvider, uid: string) {
  try {
    placeWorkflowState(queryClient, (await dataProvider.getWorkflow(RESOURCE, { id: uid })).data);
  } catch {
    return; // the next event or reload shows it
  }
  void queryClient.invalidateQueries({ queryKey: notesKey(uid) });
}

export type ChangeOutcome = { ok: true; state: WorkflowState } | { ok: false; current?: WorkflowState };

/** Where the change was made: the board's texts speak of moving a card. */
type Where = 'panel' | 'board';

/**
 * Sends a workflow change of a request and shows it at once: the expected state goes into the lists, the board's columns and
 * the workflow panel before the service answers, and the answer replaces it; nothing else is read again (the timeline reloads
 * in the background). A refusal puts the state back and says why in words; a 409 edit-conflict shows the request as it is now
 * and who changed it.
 */
export function useWorkflowChange(where: Where = 'panel') {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const [pending, setPending] = useState(false);
  const t = (key: string) => `caredesk.care_work.${where}.${key}`;

  const explainConflict = async (current: WorkflowState) => {
    const who =
      (await lastChangedBy(dataProvider, current.uid)) ?? translate('caredesk.care_work.board.conflict_someone');
    const assignee = current.assignee
      ? translate('caredesk.care_work.board.assigned_to', { name: current.assignee.public_name })
      : translate('caredesk.care_work.board.not_assigned');
    notify(translate(t('conflict'), { who, status: statusLabel(current.status), assignee }), {
      type: 'warning',
      autoHideDuration: 10_000,
    });
  };

  const settle = (uid: string, version?: number) => {
    if (ownChangesOf(queryClient).end(uid, version).missed) void reread(queryClient, dataProvider, uid);
  };

  const change = async (shown: WorkflowState, edit: WorkflowEdit): Promise<ChangeOutcome> => {
    const { uid } = shown;
    ownChangesOf(queryClient).begin(uid);
    placeWorkflowState(queryClient, expectedState(shown, edit));
    setPending(true);
    try {
      const { data: state } = await dataProvider.changeWorkflow(RESOURCE, { id: uid, data: changeOf(shown, edit) });
      placeWorkflowState(queryClient, state);
      settle(uid, state.version);
      void queryClient.invalidateQueries({ queryKey: activityKey(uid) });
      return { ok: true, state };
    } catch (error) {
      const current = conflictStateOf(error);
      placeWorkflowState(queryClient, current ?? shown);
      settle(uid);
      if (current) {
        await explainConflict(current);
        return { ok: false, current };
      }
      notify(translate(t('failed'), { reason: refusalReason(error, translate) }), {
        type: 'error',
        autoHideDuration: 10_000,
      });
      return { ok: false };
    } finally {
      setPending(false);
    }
  };
  return { change, pending };
}
