import { Divider, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import { useCan } from '../../../common/permissions';
import type { Archived, Incoming } from '../../../dataProviders/careRequests/wire';
import type { WorkflowState } from '../../../dataProviders/careRequests/workflow';
import { useCareEvents } from '../live/useCareEvents';
import { ActivityTimeline, activityKey } from './ActivityTimeline';
import { notesKey, NotesSection } from './NotesSection';
import { ownChangesOf } from './ownChanges';
import { WorkflowControls } from './WorkflowControls';
import { placeWorkflowState, workflowKey } from './workflowCache';

const newest = (row: WorkflowState | null | undefined, alone: WorkflowState | undefined) =>
  row && (!alone || row.version >= alone.version) ? row : alone;

/**
 * When the customer's contact data was erased (epoch seconds), null while kept, undefined while unknown: as the caller knows
 * it (the archived view), else from the archived request (a care:work holder's details, where notes could be written).
 */
function useContactErased(uid: string, known: number | null | undefined, mayAsk: boolean): number | null | undefined {
  const { data } = useGetOne<Archived>(
    CARE_REQUEST_RESOURCES.archived,
    { id: uid },
    { enabled: known === undefined && mayAsk, retry: false },
  );
  if (known !== undefined) return known;
  return data ? (data.contact_erased ?? null) : undefined;
}

/**
 * The workflow of one request (incoming details, archived view, board card): status, assignee, follow-up, notes and the
 * timeline. The state is the cached lists' row (kept live), or, for a request on no list's page (a link to its archived view),
 * GET …/workflow/. A change elsewhere reads this one request again and reloads its notes and timeline; this tab's own changes
 * read nothing (they show already).
 */
export const WorkflowPanel = ({
  uid,
  record,
  contactErased,
}: {
  uid: string;
  record: Incoming | null | undefined;
  contactErased?: number | null;
}) => {
  const translate = useTranslate();
  const canWork = useCan('care:work');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const erased = useContactErased(uid, contactErased, canWork && !!record?.archived_request_available);
  const { data: alone, isError } = useQuery({
    queryKey: workflowKey(uid),
    queryFn: async () => (await dataProvider.getWorkflow(CARE_REQUEST_RESOURCES.incoming, { id: uid })).data,
    enabled: !record,
  });
  const state = newest(record, alone);
  const reread = () =>
    dataProvider.getWorkflow(CARE_REQUEST_RESOURCES.incoming, { id: uid }).then(
      ({ data }) => placeWorkflowState(queryClient, data),
      () => undefined, // the next event shows it
    );
  useCareEvents((event) => {
    const elsewhere =
      event.name === 'care-request.changed' && event.uid === uid && !ownChangesOf(queryClient).isOwn(event);
    if (!elsewhere && event.name !== 'care-requests.resync') return;
    // a note changes no version: only a newer one needs the state read again
    if (!state || event.version === undefined || event.version > state.version) void reread();
    void queryClient.invalidateQueries({ queryKey: notesKey(uid) });
    void queryClient.invalidateQueries({ queryKey: activityKey(uid) });
  });
  return (
    <Stack spacing={2} component="section" aria-labelledby={`workflow-${uid}`} data-testid="workflow-panel">
      <Typography variant="h6" component="h2" id={`workflow-${uid}`}>
        {translate('caredesk.care_work.panel.title')}
      </Typography>
      {state ? (
        <WorkflowControls key={state.uid} record={state} canWork={canWork} />
      ) : (
        isError && (
          <Typography variant="body2" color="text.secondary">
            {translate('caredesk.care_work.panel.unknown_state')}
          </Typography>
        )
      )}
      <Divider />
      <NotesSection uid={uid} canWork={canWork} contactErased={erased} />
      <Divider />
      <ActivityTimeline uid={uid} />
    </Stack>
  );
};
