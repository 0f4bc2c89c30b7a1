import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Tooltip } from '@mui/material';
import { format } from 'date-fns';
import { useTranslate } from 'react-admin';
import type { CareStatus } from '../../../../contracts/care-workflow';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useCareFormat } from '../parts/useCareFormat';

/** Today as 'YYYY-MM-DD' in the browser's time zone (the follow-up dates are calendar days). */
export const today = () => format(new Date(), 'yyyy-MM-dd');

export const isOverdue = (followUp: string | null, now = today()) => followUp !== null && followUp < now;

const STATUS_COLORS: Record<CareStatus, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'info'> = {
  new: 'info',
  contacting: 'primary',
  offer_sent: 'secondary',
  placed: 'success',
  declined: 'default',
  withdrawn: 'default',
};

export const useStatusLabel = () => {
  const translate = useTranslate();
  return (status: CareStatus) => translate(`caredesk.care_work.status.${status}`);
};

export const StatusChip = ({ status }: { status: CareStatus }) => (
  <Chip
    size="small"
    label={useStatusLabel()(status)}
    color={STATUS_COLORS[status]}
    variant={STATUS_COLORS[status] === 'default' ? 'outlined' : 'filled'}
  />
);

export const AssigneeText = ({ assignee }: { assignee: Incoming['assignee'] }) => {
  const translate = useTranslate();
  return assignee ? (
    <>{assignee.public_name}</>
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {translate('caredesk.care_work.unassigned')}
    </Box>
  );
};

/**
 * The follow-up day; an overdue one in red with a warning sign that reads "overdue" (its tooltip and accessible name), so
 * that it does not rest on colour alone.
 */
export const FollowUpText = ({ followUp }: { followUp: string | null }) => {
  const { date, translate, unknown } = useCareFormat();
  if (!followUp) return <>{unknown}</>;
  if (!isOverdue(followUp)) return <>{date(followUp)}</>;
  const overdue = translate('caredesk.care_work.overdue');
  return (
    <Box
      component="span"
      sx={{ color: 'error.main', fontWeight: 500, display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
      data-overdue="true"
    >
      {date(followUp)}
      <Tooltip title={overdue}>
        <WarningAmberIcon role="img" aria-hidden={false} aria-label={overdue} sx={{ fontSize: '1rem' }} />
      </Tooltip>
    </Box>
  );
};
