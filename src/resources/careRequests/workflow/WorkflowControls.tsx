import { Button, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { CARE_STATUSES, type CareStatus, type CareStatusReason, STATUSES_NEEDING_A_REASON } from '../../../../contracts/care-workflow';
import { DayPicker, NOT_A_DAY } from '../../../common/dates/DayPicker';
import type { WorkflowChange, WorkflowState } from '../../../dataProviders/careRequests/workflow';
import { AssigneeField } from './AssigneeField';
import { AssigneeText, FollowUpText, StatusChip, useStatusLabel } from './parts';
import { ReasonDialog } from './ReasonDialog';
import { useWorkflowChange } from './useWorkflowChange';

const needsReason = (status: CareStatus) => (STATUSES_NEEDING_A_REASON as readonly CareStatus[]).includes(status);

/** Status, assignee (a colleague, "Assign to me", Unassign) and follow-up of a request, each sent at once with the version shown. */
export const WorkflowControls = ({ record, canWork }: { record: WorkflowState; canWork: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const statusLabel = useStatusLabel();
  const { change, pending } = useWorkflowChange();
  const [asking, setAsking] = useState<CareStatus | null>(null);
  const [followUp, setFollowUp] = useState(record.follow_up ?? '');
  const t = (key: string) => translate(`caredesk.care_work.panel.${key}`);

  const send = async (data: Omit<WorkflowChange, 'version'>) => {
    const outcome = await change(record.uid, { version: record.version, ...data });
    if (outcome.ok) notify(t('saved'), { type: 'success' });
    if (!outcome.ok && outcome.current) setFollowUp(outcome.current.follow_up ?? '');
  };
  const clearFollowUp = () => {
    setFollowUp('');
    void send({ follow_up: null });
  };
  const chooseStatus = (status: CareStatus) => (needsReason(status) ? setAsking(status) : void send({ status }));
  const confirmReason = (reason: CareStatusReason) => {
    const status = asking;
    setAsking(null);
    if (status) void send({ status, reason });
  };

  if (!canWork) {
    return (
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
        <StatusChip status={record.status} />
        <AssigneeText assignee={record.assignee} />
        <FollowUpText followUp={record.follow_up} />
        <Typography variant="body2" color="text.secondary">{t('read_only')}</Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <FormControl size="small" sx={{ maxWidth: 260 }}>
        <InputLabel id={`status-${record.uid}`}>{translate('caredesk.care_work.columns.status')}</InputLabel>
        <Select labelId={`status-${record.uid}`} label={translate('caredesk.care_work.columns.status')} value={record.status} disabled={pending} onChange={(event) => chooseStatus(event.target.value as CareStatus)}>
          {CARE_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <AssigneeField record={record} pending={pending} send={(data) => void send(data)} />
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="flex-start">
        <DayPicker label={t('follow_up')} value={followUp} onChange={setFollowUp} />
        <Button size="small" sx={{ mt: 1 }} disabled={pending || followUp === NOT_A_DAY || followUp === (record.follow_up ?? '')} onClick={() => void send({ follow_up: followUp || null })}>
          {t('save_follow_up')}
        </Button>
        {record.follow_up && (
          <Button size="small" sx={{ mt: 1 }} disabled={pending} onClick={clearFollowUp}>
            {t('clear_follow_up')}
          </Button>
        )}
      </Stack>
      <ReasonDialog status={asking} onCancel={() => setAsking(null)} onConfirm={confirmReason} />
    </Stack>
  );
};
