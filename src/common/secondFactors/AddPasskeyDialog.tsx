import { Button, CircularProgress, DialogContentText, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AddedFactor, OwnFactors } from '../../dataProviders/ownAccount';
import { describeError } from '../../dataProviders/problem';
import { isCeremonyCancelled, isWebAuthnUnsupported, registerAuthenticator } from '../../session/webauthn';
import { ActionDialog } from '../ActionDialog';

const t = (key: string) => `caredesk.security.passkey.${key}`;

interface AddPasskeyDialogProps {
  open: boolean;
  factors: OwnFactors;
  onClose: () => void;
  onAdded: (added: AddedFactor) => void;
}

/** Adds a passkey or security key: an optional name, then the browser's own steps (startRegistration). */
export const AddPasskeyDialog = ({ open, factors, onClose, onAdded }: AddPasskeyDialogProps) => {
  const translate = useTranslate();
  const formId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await registerAuthenticator(await factors.webauthnOptions());
      onAdded(await factors.addWebauthn(name, answer));
    } catch (cause) {
      if (isWebAuthnUnsupported(cause)) setError(translate('caredesk.second_factor.passkey_unsupported'));
      else setError(isCeremonyCancelled(cause) ? translate(t('cancelled')) : describeError(cause, translate));
    } finally {
      setBusy(false);
    }
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
            {translate(t('start'))}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <DialogContentText>{translate(t('intro'))}</DialogContentText>
        <TextField
          label={translate(t('name'))}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={busy}
          autoFocus
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
      </form>
    </ActionDialog>
  );
};
