import { Button, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  CARE_STATUSES,
  type CareStatus,
  type CareStatusReason,
  STATUSES_NEEDING_A_REASON,
} from '../../../../contracts/care-workflow';
import { DayPicker, NOT_A_DAY } from '../../../common/dates/DayPicker';
import type { WorkflowState } from '../../../dataProviders/careRequests/workflow';
import { useHoldWhile } from '../live/liveHolds';
import { AssigneeField } from './AssigneeField';
import { AssigneeText, FollowUpText, StatusChip, useStatusLabel } from './parts';
import { ReasonDialog } from './ReasonDialog';
import { useWorkflowChange, type WorkflowEdit } from './useWorkflowChange';

const needsReason = (status: CareStatus) => (STATUSES_NEEDING_A_REASON as readonly CareStatus[]).includes(status);

/** `value`, except while `hold`: then the value it had when the hold began. */
function useHeld<T>(value: T, hold: boolean): T {
  const [held, setHeld] = useState(value);
  if (!hold && held !== value) setHeld(value);
  return hold ? held : value;
}

/**
 * The follow-up day being edited: it follows the request's day (a change made elsewhere, a refusal putting it back) unless the
 * user has typed another one.
 */
function useFollowUpField(saved: string | null) {
  const [value, setValue] = useState(saved ?? '');
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    if (value === (lastSaved ?? '')) setValue(saved ?? '');
  }
  return [value, setValue] as const;
}

const ReadOnlyWorkflow = ({ record }: { record: WorkflowState }) => (
  <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
    <StatusChip status={record.status} />
    <AssigneeText assignee={record.assignee} />
    <FollowUpText followUp={record.follow_up} />
    <Typography variant="body2" color="text.secondary">
      {useTranslate()('caredesk.care_work.panel.read_only')}
    </Typography>
  </Stack>
);

/**
 * Status, assignee (a colleague, "Assign to me", Unassign) and follow-up of a request, each shown at once and sent with the
 * version shown. While one of its menus or the reason dialog is open, a change made elsewhere waits (marked "changed
 * elsewhere") and shows when it closes, so that it never closes the menu under the user's click.
 */
export const WorkflowControls = ({ record: latest, canWork }: { record: WorkflowState; canWork: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const statusLabel = useStatusLabel();
  const { change, pending } = useWorkflowChange();
  const [asking, setAsking] = useState<CareStatus | null>(null);
  const [statusOpen, setStatusOpen] = useState(false);
  const [assigneeOpen, setAssigneeOpen] = useState(false);
  const holding = statusOpen || assigneeOpen || asking !== null;
  useHoldWhile(holding);
  const record = useHeld(latest, holding);
  const [followUp, setFollowUp] = useFollowUpField(record.follow_up);
  const t = (key: string) => translate(`caredesk.care_work.panel.${key}`);

  const send = async (edit: WorkflowEdit) => {
    const outcome = await change(record, edit);
    if (outcome.ok) notify(t('saved'), { type: 'success' });
  };
  const chooseStatus = (status: CareStatus) => (needsReason(status) ? setAsking(status) : void send({ status }));
  const confirmReason = (reason: CareStatusReason) => {
    const status = asking;
    setAsking(null);
    if (status) void send({ status, reason });
  };

  if (!canWork) return <ReadOnlyWorkflow record={latest} />;
  return (
    <Stack spacing={2}>
      {latest.version > record.version && (
        <Typography variant="caption" color="info.main" role="status" data-testid="changed-elsewhere">
          {t('changed_elsewhere')}
        </Typography>
      )}
      <FormControl size="small" sx={{ maxWidth: 260 }}>
        <InputLabel id={`status-${record.uid}`}>{translate('caredesk.care_work.columns.status')}</InputLabel>
        <Select
          labelId={`status-${record.uid}`}
          label={translate('caredesk.care_work.columns.status')}
          value={record.status}
          disabled={pending}
          open={statusOpen}
          onOpen={() => setStatusOpen(true)}
          onClose={() => setStatusOpen(false)}
          onChange={(event) => chooseStatus(event.target.value)}
        >
          {CARE_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <AssigneeField
        record={record}
        pending={pending}
        send={(edit) => void send(edit)}
        onOpenChange={setAssigneeOpen}
      />
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start">
        <DayPicker label={t('follow_up')} value={followUp} onChange={setFollowUp} />
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={pending || followUp === NOT_A_DAY || followUp === (record.follow_up ?? '')}
          onClick={() => void send({ follow_up: followUp || null })}
        >
          {t('save_follow_up')}
        </Button>
        {record.follow_up && (
          <Button size="small" sx={{ mt: 1 }} disabled={pending} onClick={() => void send({ follow_up: null })}>
            {t('clear_follow_up')}
          </Button>
        )}
      </Stack>
      <ReasonDialog status={asking} onCancel={() => setAsking(null)} onConfirm={confirmReason} />
    </Stack>
  );
};
