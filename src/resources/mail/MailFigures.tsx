import { Alert, Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { FigureCard, FigureLink } from '../../common/figures/FigureCard';
import { useCountFormat, useStatistics } from '../../common/figures/useStatistics';
import { mailPaths } from './paths';

/**
 * The failed-mail alert's text and button share its whole width (not MUI's action column beside the text, which left a
 * German sentence a sliver of a third of the dashboard): the button follows the text on its line while both fit, and
 * moves under it when they do not.
 */
const CALL_TO_ACTION_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: 2,
  rowGap: 1,
} as const;

/** Mails queued, retrying, failed and delivered today, each linking to its list; failed mails call for action. */
const MailFigures = () => {
  const translate = useTranslate();
  const format = useCountFormat();
  const { allowed, data, error } = useStatistics('mail');
  if (!allowed) return null;
  const shown = (count: number | undefined) => (count === undefined ? undefined : format(count));
  const failed = data?.failed ?? 0;
  return (
    <FigureCard title={translate('caredesk.statistics.mail.title')} error={error}>
      <FigureLink
        label={translate('caredesk.statistics.mail.queued')}
        value={shown(data?.queued)}
        to={mailPaths.queue}
      />
      <FigureLink
        label={translate('caredesk.statistics.mail.retrying')}
        value={shown(data?.retrying)}
        to={mailPaths.retries}
      />
      <FigureLink
        label={translate('caredesk.statistics.mail.failed')}
        value={shown(data?.failed)}
        to={mailPaths.failed}
        emphasis={failed > 0}
      />
      <FigureLink
        label={translate('caredesk.statistics.mail.delivered_today')}
        value={shown(data?.delivered_today)}
        to={mailPaths.delivered}
      />
      {failed > 0 && (
        <Alert severity="error" sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}>
          <Box data-testid="failed-mail-call" sx={CALL_TO_ACTION_SX}>
            <Box component="span" sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' }}>
              {translate('caredesk.statistics.mail.failed_action', { smart_count: failed })}
            </Box>
            <Button component={RouterLink} to={mailPaths.failed} color="inherit" variant="outlined" size="small">
              {translate('caredesk.statistics.mail.review_failed')}
            </Button>
          </Box>
        </Alert>
      )}
    </FigureCard>
  );
};

export default MailFigures;
