import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CARE_STATUSES, type CareStatus } from '../../../../contracts/care-workflow';
import { filterText, useListFilters } from '../../../common/listFilters';
import { useStatusLabel } from '../workflow/parts';
import { useAssignees } from '../workflow/useAssignees';

const t = (key: string) => `caredesk.care_work.filter.${key}`;

/** Sets one plain filter of the list (the URL keeps it as text), or drops it for ''. */
function usePlainFilter(source: string) {
  const filters = useListFilters();
  const value = filterText(filters.values[source]);
  const apply = (next: string) => filters.set(source, next);
  return { value, apply, active: value !== '' };
}

export const useWorkflowFilters = () => ({ status: usePlainFilter('status'), assignee: usePlainFilter('assignee') });

/**
 * The status (any of several) and assignee filters of the Filter menu: me, nobody, an assignable colleague by name (care:work
 * holders), or a uid from a link that is none of them.
 */
export const WorkflowFilterFields = ({ filters }: { filters: ReturnType<typeof useWorkflowFilters> }) => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const statuses = filters.status.value ? (filters.status.value.split(',') as CareStatus[]) : [];
  const assignee = filters.assignee.value;
  const colleagues = useAssignees();
  const unlisted =
    assignee !== 'me' && assignee !== 'none' && !colleagues.some((colleague) => colleague.uid === assignee);
  return (
    <>
      <FormControl size="small" fullWidth>
        <InputLabel id="status-filter-label">{translate(t('status'))}</InputLabel>
        <Select<CareStatus[]>
          multiple
          labelId="status-filter-label"
          label={translate(t('status'))}
          value={statuses}
          onChange={(event) => filters.status.apply((event.target.value as CareStatus[]).join(','))}
          renderValue={(selected) => selected.map(statusLabel).join(', ')}
        >
          {CARE_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(status)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" fullWidth>
        <InputLabel id="assignee-filter-label">{translate(t('assignee'))}</InputLabel>
        <Select
          labelId="assignee-filter-label"
          label={translate(t('assignee'))}
          value={assignee}
          onChange={(event) => filters.assignee.apply(event.target.value)}
          displayEmpty
        >
          <MenuItem value="">{translate(t('anyone'))}</MenuItem>
          <MenuItem value="me">{translate(t('me'))}</MenuItem>
          <MenuItem value="none">{translate(t('none'))}</MenuItem>
          {colleagues.map((colleague) => (
            <MenuItem key={colleague.uid} value={colleague.uid}>
              {colleague.public_name}
            </MenuItem>
          ))}
          {assignee && unlisted && <MenuItem value={assignee}>{assignee}</MenuItem>}
        </Select>
      </FormControl>
    </>
  );
};
