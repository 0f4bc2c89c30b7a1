import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { conflictStateOf, type WorkflowChange, type WorkflowState } from '../../../dataProviders/careRequests/workflow';
import { describeError } from '../../../dataProviders/problem';
import { activityKey } from './ActivityTimeline';
import { useStatusLabel } from './parts';

const RESOURCE = CARE_REQUEST_RESOURCES.incoming;

export const workflowKey = (uid: string) => ['careRequestWorkflow', uid];

/** Puts a request's new workflow state into every cached incoming list page that shows it, and its own state read alone. */
export function applyWorkflowState(queryClient: QueryClient, state: WorkflowState) {
  if (queryClient.getQueryData(workflowKey(state.uid))) queryClient.setQueryData(workflowKey(state.uid), state);
  queryClient.setQueriesData<{ data?: Incoming[] }>({ queryKey: [RESOURCE] }, (cached) => {
    if (!cached || !Array.isArray(cached.data)) return cached;
    return { ...cached, data: cached.data.map((row) => (row.uid === state.uid ? { ...row, ...state } : row)) };
  });
}

/** Who made the latest workflow change of a request, from its timeline (null when the timeline does not say). */
async function lastChangedBy(dataProvider: CaredeskDataProvider, uid: string): Promise<string | null> {
  try {
    const { data } = await dataProvider.getActivity(RESOURCE, { id: uid, page: 1, perPage: 5 });
    return data.find((entry) => entry.kind === 'workflow')?.actor?.public_name ?? null;
  } catch {
    return null;
  }
}

export type ChangeOutcome = { ok: true; state: WorkflowState } | { ok: false; current?: WorkflowState };

/**
 * Sends a workflow change of a request. It updates the cached lists with the answer; a 409 edit-conflict says in words who
 * changed the request and how it is now, and puts that current state into the lists; any other refusal says why.
 */
export function useWorkflowChange() {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const [pending, setPending] = useState(false);

  const explainConflict = async (current: WorkflowState) => {
    const who = (await lastChangedBy(dataProvider, current.uid)) ?? translate('caredesk.care_work.board.conflict_someone');
    const assignee = current.assignee
      ? translate('caredesk.care_work.board.assigned_to', { name: current.assignee.public_name })
      : translate('caredesk.care_work.board.not_assigned');
    notify(translate('caredesk.care_work.board.conflict', { who, status: statusLabel(current.status), assignee }), { type: 'warning', autoHideDuration: 10_000 });
  };

  const change = async (uid: string, data: WorkflowChange): Promise<ChangeOutcome> => {
    setPending(true);
    try {
      const { data: state } = await dataProvider.changeWorkflow(RESOURCE, { id: uid, data });
      applyWorkflowState(queryClient, state);
      void queryClient.invalidateQueries({ queryKey: activityKey(uid) });
      return { ok: true, state };
    } catch (error) {
      const current = conflictStateOf(error);
      if (current) {
        applyWorkflowState(queryClient, current);
        await explainConflict(current);
        return { ok: false, current };
      }
      notify(translate('caredesk.care_work.board.move_failed', { error: describeError(error, translate) }), { type: 'error' });
      return { ok: false };
    } finally {
      setPending(false);
    }
  };
  return { change, pending };
}
