import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CaredeskIdentity } from '../auth/authProvider';
import { dayOf } from '../common/dates/days';

/**
 * The request to enroll that a user whose roles require a second factor sees after each sign-in during the grace period: the
 * last day and a link to the Security page. It blocks nothing and can be closed.
 */
export const SecondFactorNotice = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [closed, setClosed] = useState(false);
  const state = (identity as CaredeskIdentity | undefined)?.secondFactor;
  if (closed || !state?.required || state.enrolled || state.grace_until === null) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1 }}
      onClose={() => setClosed(true)}
      action={
        <Button component={Link} to="/security" color="inherit" size="small" onClick={() => setClosed(true)}>
          {translate('caredesk.security.notice.link')}
        </Button>
      }
    >
      {translate('caredesk.security.notice.text', { day: dayOf(new Date(state.grace_until * 1000)) })}
    </Alert>
  );
};
