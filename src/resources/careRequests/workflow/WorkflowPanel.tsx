import { Divider, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import { useCan } from '../../../common/permissions';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useCareEvents } from '../live/useCareEvents';
import { ActivityTimeline, activityKey } from './ActivityTimeline';
import { notesKey, NotesSection } from './NotesSection';
import { WorkflowControls } from './WorkflowControls';
import { workflowKey } from './useWorkflowChange';

/**
 * The workflow of one request (incoming details, archived view): status, assignee, follow-up, notes and the timeline. The
 * state comes from the incoming list's row (kept live), or, for a request not on the list's page (a link to its archived view),
 * from GET …/workflow/; everything reloads when the request changes elsewhere.
 */
export const WorkflowPanel = ({ uid, record }: { uid: string; record: Incoming | null | undefined }) => {
  const translate = useTranslate();
  const canWork = useCan('care:work');
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const { data: alone, isError } = useQuery({
    queryKey: workflowKey(uid),
    queryFn: async () => (await dataProvider.getWorkflow(CARE_REQUEST_RESOURCES.incoming, { id: uid })).data,
    enabled: !record,
  });
  const state = record ?? alone;
  useCareEvents((event) => {
    if (event.uid !== uid) return;
    if (!record) void queryClient.invalidateQueries({ queryKey: workflowKey(uid) });
    void queryClient.invalidateQueries({ queryKey: notesKey(uid) });
    void queryClient.invalidateQueries({ queryKey: activityKey(uid) });
  });
  return (
    <Stack spacing={2} component="section" aria-labelledby={`workflow-${uid}`} data-testid="workflow-panel">
      <Typography variant="h6" component="h2" id={`workflow-${uid}`}>{translate('caredesk.care_work.panel.title')}</Typography>
      {state ? (
        <WorkflowControls key={`${state.uid}-${state.version}`} record={state} canWork={canWork} />
      ) : (
        isError && <Typography variant="body2" color="text.secondary">{translate('caredesk.care_work.panel.unknown_state')}</Typography>
      )}
      <Divider />
      <NotesSection uid={uid} canWork={canWork} />
      <Divider />
      <ActivityTimeline uid={uid} />
    </Stack>
  );
};
