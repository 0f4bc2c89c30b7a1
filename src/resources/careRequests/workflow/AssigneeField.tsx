import { Autocomplete, Button, Stack, TextField, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import type { Assignee, WorkflowState } from '../../../dataProviders/careRequests/workflow';
import { AssigneeText } from './parts';
import { useAssignees } from './useAssignees';
import type { WorkflowEdit } from './useWorkflowChange';

interface AssigneeFieldProps {
  record: WorkflowState;
  pending: boolean;
  send: (edit: WorkflowEdit) => void;
  /** Whether the list of colleagues is open (a live change waits meanwhile). */
  onOpenChange: (open: boolean) => void;
}

/** The assignee: who it is, a choice of any assignable colleague by name, "Assign to me" and Unassign. */
export const AssigneeField = ({ record, pending, send, onOpenChange }: AssigneeFieldProps) => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const assignees = useAssignees();
  const current = record.assignee?.uid ?? null;
  // someone no longer assignable (banned, lost care:work) is still named in the text above, not offered as a choice
  const value = assignees.find((assignee) => assignee.uid === current) ?? null;
  const choose = (chosen: Assignee | null) => {
    if ((chosen?.uid ?? null) !== current) send({ assignee: chosen });
  };
  const me: Assignee | null = identity?.id
    ? (assignees.find((assignee) => assignee.uid === identity.id) ?? {
        uid: String(identity.id),
        public_name: identity.fullName ?? '',
      })
    : null;
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {translate('caredesk.care_work.columns.assignee')}: <AssigneeText assignee={record.assignee} />
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        <Autocomplete<Assignee>
          size="small"
          sx={{ width: '100%', maxWidth: 260 }}
          options={assignees}
          value={value}
          disabled={pending}
          getOptionLabel={(option) => option.public_name}
          getOptionKey={(option) => option.uid}
          isOptionEqualToValue={(option, chosen) => option.uid === chosen.uid}
          onChange={(_event, chosen) => choose(chosen)}
          onOpen={() => onOpenChange(true)}
          onClose={() => onOpenChange(false)}
          renderInput={(params) => <TextField {...params} label={translate('caredesk.care_work.panel.assign_to')} />}
        />
        {me && current !== me.uid && (
          <Button size="small" variant="outlined" disabled={pending} onClick={() => send({ assignee: me })}>
            {translate('caredesk.care_work.panel.assign_to_me')}
          </Button>
        )}
        {record.assignee && (
          <Button size="small" disabled={pending} onClick={() => send({ assignee: null })}>
            {translate('caredesk.care_work.panel.unassign')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
};
