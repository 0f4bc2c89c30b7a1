import { Divider, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useCan } from '../../../common/permissions';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useCareEvents } from '../live/useCareEvents';
import { ActivityTimeline, activityKey } from './ActivityTimeline';
import { notesKey, NotesSection } from './NotesSection';
import { WorkflowControls } from './WorkflowControls';

/**
 * The workflow of one request (incoming details, archived view): status, assignee, follow-up, notes and the timeline. The
 * state comes from the incoming list's row (kept live); notes and timeline reload when the request changes elsewhere.
 */
export const WorkflowPanel = ({ uid, record }: { uid: string; record: Incoming | null | undefined }) => {
  const translate = useTranslate();
  const canWork = useCan('care:work');
  const queryClient = useQueryClient();
  useCareEvents((event) => {
    if (event.uid !== uid) return;
    void queryClient.invalidateQueries({ queryKey: notesKey(uid) });
    void queryClient.invalidateQueries({ queryKey: activityKey(uid) });
  });
  return (
    <Stack spacing={2} component="section" aria-labelledby={`workflow-${uid}`} data-testid="workflow-panel">
      <Typography variant="h6" component="h2" id={`workflow-${uid}`}>{translate('caredesk.care_work.panel.title')}</Typography>
      {record ? (
        <WorkflowControls key={`${record.uid}-${record.version}`} record={record} canWork={canWork} />
      ) : (
        <Typography variant="body2" color="text.secondary">{translate('caredesk.care_work.panel.unknown_state')}</Typography>
      )}
      <Divider />
      <NotesSection uid={uid} canWork={canWork} />
      <Divider />
      <ActivityTimeline uid={uid} />
    </Stack>
  );
};
