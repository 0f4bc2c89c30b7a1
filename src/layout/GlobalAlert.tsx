import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useGlobalAlert } from '../common/globalAlert';

/** The global message, rendered above the page content. */
export const GlobalAlert = () => {
  const { alert, clear } = useGlobalAlert();
  const translate = useTranslate();
  if (!alert) return null;
  return (
    <Alert
      severity={alert.severity}
      variant="filled"
      onClose={clear}
      slotProps={{
        closeButton: {
          title: translate('caredesk.action.dismiss'),
          'aria-label': translate('caredesk.action.dismiss'),
        },
      }}
      sx={{ mt: 1, mx: { xs: 1, sm: 0 } }}
      data-testid="global-alert"
    >
      {translate(alert.message, { _: alert.message, ...alert.args })}
    </Alert>
  );
};
