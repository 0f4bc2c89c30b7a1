import { Button, CircularProgress, DialogContentText, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AddedFactor, OwnFactors, TotpSetup } from '../../dataProviders/ownAccount';
import { describeError } from '../../dataProviders/problem';
import { ActionDialog } from '../ActionDialog';
import { TotpSetupView } from './TotpSetupView';

const t = (key: string) => `caredesk.security.totp.${key}`;
const SIX_DIGITS = /^[0-9]{6}$/;

interface AddAuthenticatorAppDialogProps {
  open: boolean;
  factors: OwnFactors;
  onClose: () => void;
  onAdded: (added: AddedFactor) => void;
}

/**
 * Adds an authenticator app: an optional name; then the QR code and the key, and the app's code, which confirms the factor
 * (until then it is pending and signs nothing in).
 */
export const AddAuthenticatorAppDialog = ({ open, factors, onClose, onAdded }: AddAuthenticatorAppDialogProps) => {
  const translate = useTranslate();
  const formId = useId();
  const [name, setName] = useState('');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (cause) {
      setError(describeError(cause, translate));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!setup) return void run(async () => setSetup(await factors.startTotp(name)));
    const digits = code.replace(/\s+/g, '');
    setCodeError(!SIX_DIGITS.test(digits));
    if (SIX_DIGITS.test(digits)) void run(async () => onAdded(await factors.confirmTotp(setup.uid, digits)));
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={busy}
      title={translate(t('title'))}
      error={error}
      onDismissError={() => setError(null)}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {translate('caredesk.security.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(setup ? t('confirm') : 'caredesk.security.passkey.start')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        {setup ? (
          <>
            <DialogContentText>{translate(t('scan'))}</DialogContentText>
            <TotpSetupView otpauthUri={setup.otpauth_uri} secret={setup.secret} />
            <TextField
              label={translate(t('code'))}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={codeError}
              helperText={codeError ? translate(t('code_invalid')) : ' '}
              autoComplete="one-time-code"
              disabled={busy}
              autoFocus
              required
              fullWidth
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
            />
          </>
        ) : (
          <TextField
            label={translate(t('name'))}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={busy}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
        )}
      </form>
    </ActionDialog>
  );
};
