import { Box, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServices } from '../common/ServicesContext';
import { redirectTarget } from './redirect';

/**
 * / (root): signs in automatically with the stored refresh token (unless the logged-out flag is set), then goes to
 * redirect_to (default /dashboard) keeping the other query parameters; otherwise the token is removed and /login
 * opens with the same query.
 */
export const RootPage = () => {
  const translate = useTranslate();
  const { session } = useServices();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    // concurrent calls (StrictMode runs effects twice) share the one refresh in flight
    void session.autoSignIn().then((signedIn) => {
      if (!active) return;
      if (signedIn) {
        queryClient.removeQueries({ queryKey: ['auth'] });
        void navigate(redirectTarget(search), { replace: true });
      } else {
        void navigate(`/login${search}`, { replace: true });
      }
    });
    return () => {
      active = false;
    };
  }, [session, navigate, search, queryClient]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      <Typography>{translate('caredesk.root.signing_in')}</Typography>
    </Box>
  );
};
