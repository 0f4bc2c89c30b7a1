import AutorenewIcon from '@mui/icons-material/Autorenew';
import SaveIcon from '@mui/icons-material/Save';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, Button, Card, CardActions, CardContent, CircularProgress, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useGlobalAlert } from '../common/globalAlert';
import { useServices } from '../common/ServicesContext';
import { readProviderInsteadOfPassword, updateOwnPassword } from '../dataProviders/ownAccount';
import { describeError } from '../dataProviders/problem';
import { generatePassword, validateOwnConfirmation, validateOwnPassword } from './passwordRules';

/**
 * /new-password: the signed-in user's own password, with generator and a Show/Hide toggle. A user who signs in at the provider has
 * no password here (the service refuses one): the page says so instead.
 */
const NewPasswordPage = () => {
  const translate = useTranslate();
  const { httpClient, config } = useServices();
  const { data: provider, isPending } = useQuery({
    queryKey: ['password', 'providerInsteadOfPassword'],
    queryFn: () => readProviderInsteadOfPassword(httpClient, config.authUrl),
    retry: false,
  });
  if (isPending) return null;
  if (provider)
    return (
      <Card sx={{ mt: 2, maxWidth: 560 }}>
        <Title title="caredesk.password.title" />
        <CardContent>
          <Alert severity="info">{translate('caredesk.password.with_provider', { provider })}</Alert>
        </CardContent>
      </Card>
    );
  return <PasswordForm />;
};

const PasswordForm = () => {
  const translate = useTranslate();
  const { httpClient, config } = useServices();
  const { showSuccess, showError, clear } = useGlobalAlert();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const passwordError = validateOwnPassword(password);
  const confirmationError = validateOwnConfirmation(password, confirmation);
  const shownPasswordError = touched.password || submitted ? passwordError : undefined;
  const shownConfirmationError = touched.confirmation || submitted ? confirmationError : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (passwordError || confirmationError || saving) return;
    setSaving(true);
    clear();
    try {
      await updateOwnPassword(httpClient, config.authUrl, password);
      showSuccess('caredesk.password.success');
      setPassword('');
      setConfirmation('');
      setTouched({ password: false, confirmation: false });
      setSubmitted(false);
      setVisible(false);
    } catch (error) {
      showError(describeError(error, translate));
    } finally {
      setSaving(false);
    }
  };

  const generate = () => {
    const generated = generatePassword();
    setPassword(generated);
    setConfirmation(generated);
    setVisible(true);
  };

  const type = visible ? 'text' : 'password';
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }} component="form" noValidate onSubmit={submit}>
      <Title title="caredesk.password.title" />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            label={translate('caredesk.password.new_password')}
            name="password"
            type={type}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, password: true }))}
            error={!!shownPasswordError}
            helperText={shownPasswordError ? translate(shownPasswordError) : ' '}
            required
            fullWidth
          />
          <TextField
            label={translate('caredesk.password.confirmation')}
            name="confirmation"
            type={type}
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, confirmation: true }))}
            error={!!shownConfirmationError}
            helperText={shownConfirmationError ? translate(shownConfirmationError) : ' '}
            required
            fullWidth
          />
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
        >
          {translate('caredesk.password.save')}
        </Button>
        <Button type="button" variant="outlined" onClick={generate} startIcon={<AutorenewIcon />}>
          {translate('caredesk.password.generate')}
        </Button>
        <Button
          type="button"
          onClick={() => setVisible((value) => !value)}
          startIcon={visible ? <VisibilityOff /> : <Visibility />}
        >
          {translate(visible ? 'caredesk.password.hide' : 'caredesk.password.show')}
        </Button>
      </CardActions>
    </Card>
  );
};

export default NewPasswordPage;
