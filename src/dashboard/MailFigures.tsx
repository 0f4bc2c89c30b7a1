import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { mailPaths } from '../resources/mail/paths';
import { FigureCard, FigureLink } from './FigureCard';
import { useCountFormat, useStatistics } from './useStatistics';

/** Mails queued, retrying, failed and delivered today, each linking to its list; failed mails call for action. */
export const MailFigures = () => {
  const translate = useTranslate();
  const format = useCountFormat();
  const { allowed, data, error } = useStatistics('mail');
  if (!allowed) return null;
  const shown = (count: number | undefined) => (count === undefined ? undefined : format(count));
  const failed = data?.failed ?? 0;
  return (
    <FigureCard title={translate('caredesk.statistics.mail.title')} error={error}>
      <FigureLink label={translate('caredesk.statistics.mail.queued')} value={shown(data?.queued)} to={mailPaths.queue} />
      <FigureLink label={translate('caredesk.statistics.mail.retrying')} value={shown(data?.retrying)} to={mailPaths.retries} />
      <FigureLink label={translate('caredesk.statistics.mail.failed')} value={shown(data?.failed)} to={mailPaths.failed} emphasis={failed > 0} />
      <FigureLink label={translate('caredesk.statistics.mail.delivered_today')} value={shown(data?.delivered_today)} to={mailPaths.delivered} />
      {failed > 0 && (
        <Alert
          severity="error"
          action={
            <Button component={RouterLink} to={mailPaths.failed} color="inherit" size="small">
              {translate('caredesk.statistics.mail.review_failed')}
            </Button>
          }
        >
          {translate('caredesk.statistics.mail.failed_action', { smart_count: failed })}
        </Alert>
      )}
    </FigureCard>
  );
};
