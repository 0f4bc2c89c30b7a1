import { Button, CircularProgress, DialogContentText, LinearProgress, TextField } from '@mui/material';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { describeError } from '../../dataProviders/problem';
import { ActionDialog } from '../ActionDialog';
import type { AddedFactor, OwnFactors, TotpSetup } from './ownFactors';
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
 * Adds an authenticator app: opening it asks the service for a new key (named by the service), shown as a QR code and as text,
 * and the app's code confirms the factor (until then it is pending and signs nothing in).
 */
export const AddAuthenticatorAppDialog = ({ open, factors, onClose, onAdded }: AddAuthenticatorAppDialogProps) => {
  const translate = useTranslate();
  const formId = useId();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // one key per opening, also when React runs the effect twice
  const started = useRef(false);

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

  const start = () => run(async () => setSetup(await factors.startTotp('')));

  useEffect(() => {
    if (!open) {
      started.current = false;
      return;
    }
    if (started.current) return;
    started.current = true;
    setSetup(null);
    setCode('');
    setCodeError(false);
    setError(null);
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!setup) return void start();
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
          <Button type="submit" form={formId} variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
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
          busy && <LinearProgress aria-label={translate(t('preparing'))} sx={{ mt: 2 }} />
        )}
      </form>
    </ActionDialog>
  );
};
