import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { dayOf } from '../common/dates/days';
import { useServices } from '../common/ServicesContext';
import { useIsPhone } from '../common/useIsPhone';
import type { CaredeskIdentity } from '../login/authProvider';

/** The name the session keeps the notice's closing under. */
const NOTICE = 'second-factor-grace';

/** On a phone one line: the short text (cut if need be), the action and the close button. */
const PHONE_LINE = {
  py: 0,
  px: 1,
  alignItems: 'center',
  '& .MuiAlert-message': { py: 0.75, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .MuiAlert-action': { py: 0, ml: 0.5, flexShrink: 0 },
};

/**
 * The request to enroll that a user whose roles require a second factor sees after each sign-in during the grace period: the
 * last day and a link to the Security page. It blocks nothing; closed (or followed), it stays closed for the rest of the sign-in
 * in this tab, reloads included, and comes back with the next sign-in. On a phone it is one line with a shorter text.
 */
export const SecondFactorNotice = () => {
  const translate = useTranslate();
  const { session } = useServices();
  const phone = useIsPhone();
  const { identity } = useGetIdentity();
  const [closed, setClosed] = useState(() => session.isNoticeClosed(NOTICE));
  const state = (identity as CaredeskIdentity | undefined)?.secondFactor;
  if (closed || !state?.required || state.enrolled || state.grace_until === null) return null;
  const close = () => {
    session.closeNotice(NOTICE);
    setClosed(true);
  };
  const day = dayOf(new Date(state.grace_until * 1000));
  return (
    <Alert
      severity="warning"
      icon={phone ? false : undefined}
      sx={phone ? { mt: 0.5, ...PHONE_LINE } : { mt: 1 }}
      data-testid="second-factor-notice"
      action={
        <>
          <Button
            component={Link}
            to="/security"
            color="inherit"
            size="small"
            onClick={close}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {translate(phone ? 'caredesk.security.notice.link_short' : 'caredesk.security.notice.link')}
          </Button>
          <IconButton color="inherit" size="small" aria-label={translate('ra.action.close')} onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {translate(phone ? 'caredesk.security.notice.short' : 'caredesk.security.notice.text', { day })}
    </Alert>
  );
};
