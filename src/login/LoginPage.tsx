import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../common/ServicesContext';
import { LoginForm } from './LoginForm';
import { redirectTarget } from './redirect';

/**
 * /login inside the panel (after a logout, or from the root page): the login form with react-admin's language and theme;
 * success drops what was cached for the previous user and goes to redirect_to (default /dashboard) with the other
 * query parameters (those of the provider's way back excepted). A page loaded at /login shows the same form before the panel has loaded (StandaloneLogin).
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const { session } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dark = useTheme().palette.mode === 'dark';
  const signedIn = () => {
    queryClient.removeQueries();
    // the address as it is now: coming back from the provider, the form replaced it outside the router
    void navigate(redirectTarget(window.location.search), { replace: true });
  };
  return (
    <LoginForm
      session={session}
      translate={translate}
      locale={locale}
      onLocaleChange={setLocale}
      dark={dark}
      onSignedIn={signedIn}
    />
  );
};
