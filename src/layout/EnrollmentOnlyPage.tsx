import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { setDocumentTitle } from '../common/documentTitle';
import { AddFactorButtons } from '../common/secondFactors/AddFactorButtons';
import { useServices } from '../common/ServicesContext';
import { USER_LOGOUT } from '../login/authProvider';

const t = (key: string) => `caredesk.security.enrollment.${key}`;

/**
 * What a session that may only enroll shows instead of the panel (its roles require a second factor and the grace period is
 * over; every other route answers 403): add an authenticator app or a passkey, save the recovery codes, then continue with a
 * fresh access token and /info/ read again. Logout is always there.
 */
export const EnrollmentOnlyPage = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const { session } = useServices();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => setDocumentTitle(translate(t('title'))), [translate]);

  const continueToPanel = async () => {
    await session.refresh().catch(() => undefined);
    await queryClient.invalidateQueries();
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 1, sm: 3 },
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ maxWidth: 640, width: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(t('title'))}
          </Typography>
          <Typography sx={{ mb: 2 }}>{translate(t('intro'))}</Typography>
          <AddFactorButtons onCodesSaved={() => setReady(true)} />
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {ready && (
            <Button variant="contained" endIcon={<ArrowForwardIcon />} onClick={continueToPanel} autoFocus>
              {translate(t('continue'))}
            </Button>
          )}
          <Button startIcon={<LogoutIcon />} onClick={() => void logout(USER_LOGOUT)}>
            {translate(t('logout'))}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
};
