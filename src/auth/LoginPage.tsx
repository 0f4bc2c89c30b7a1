import LockIcon from '@mui/icons-material/Lock';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, FilledInput, type FilledInputProps, FormControl, InputLabel, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { LocaleButton } from './LocaleButton';
import { loginErrorText, loginErrors, type LoginErrorMessage } from './loginErrors';
import { redirectTarget } from './redirect';
import { useServices } from './ServicesContext';

/**
 * What TextField renders with react-admin's theme (filled, dense, small, full width: the theme's defaults for FormControl),
 * built from its parts: TextField itself imports Select, Input and OutlinedInput, which the login page does not need.
 */
const LoginField = ({ label, ...input }: Omit<FilledInputProps, 'id'> & { label: string }) => {
  const id = useId();
  return (
    <FormControl disabled={input.disabled}>
      <InputLabel id={`${id}-label`} htmlFor={id}>
        {label}
      </InputLabel>
      <FilledInput id={id} {...input} />
    </FormControl>
  );
};

/**
 * /login: opening it logs out (credentials cleared, logged-out flag set) and focuses the username. Login needs both
 * fields; success goes to redirect_to (default /dashboard) with the other query parameters, failure lists the
 * translated errors and clears both fields.
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const { session } = useServices();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrorMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    session.logout();
    usernameRef.current?.focus();
  }, [session]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || username === '' || password === '') return;
    setBusy(true);
    setErrors([]);
    try {
      await session.login(username, password);
      // drop whatever was cached for the previous user (identity, lists)
      queryClient.removeQueries();
      navigate(redirectTarget(search), { replace: true });
    } catch (error) {
      setErrors(loginErrors(error));
      setUsername('');
      setPassword('');
      usernameRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LocaleButton />
      </Box>
      <Card sx={{ width: 360, maxWidth: '95vw' }}>
        <CardContent>
          <Stack component="form" noValidate onSubmit={submit} spacing={2} alignItems="stretch">
            <Stack alignItems="center" spacing={1}>
              <Avatar sx={{ bgcolor: 'primary.main' }}>
                <LockIcon />
              </Avatar>
              <Typography variant="h5" component="h1">
                {translate('caredesk.app_title')}
              </Typography>
              <Typography variant="subtitle1" color="text.secondary">
                {translate('caredesk.login.title')}
              </Typography>
            </Stack>
            {errors.map((error, index) => (
              <Alert key={index} severity="error" variant="filled">
                {loginErrorText(error, translate)}
              </Alert>
            ))}
            <LoginField
              inputRef={usernameRef}
              label={translate('caredesk.login.username')}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              disabled={busy}
            />
            <LoginField
              label={translate('caredesk.login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={busy}
            />
            <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label={translate('ra.page.loading')} /> : undefined}>
              {translate('caredesk.login.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
