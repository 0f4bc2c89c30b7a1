import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useCreate, useNotify, useRefresh, useTranslate } from 'react-admin';
import { describeError } from '../../dataProviders/problem';
import { DIALOG_WIDTH, FOCUS_DELAY_MS } from './dialogConstants';
import { expiryError, generateApiToken, isTokenFormValid, todayString, toNewToken, type TokenFormValues } from './tokenRules';

const EMPTY: TokenFormValues = { service: '', token: '', hasExpiry: false, expiry: '' };

/** Service, token (with Generate) and an optional expiry day; errors stay in the dialog. */
export const AddTokenDialog = ({ resource, open, onClose }: { resource: string; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [values, setValues] = useState<TokenFormValues>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const serviceInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setValues(EMPTY);
    setError(null);
    setLoading(false);
    const timer = setTimeout(() => serviceInput.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const set = (patch: Partial<TokenFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const expiryProblem = expiryError(values.hasExpiry, values.expiry);
  const valid = isTokenFormValid(values);

  const submit = async () => {
    if (!valid) return;
    setLoading(true);
    setError(null);
    try {
      await create(resource, { data: toNewToken(values) }, { returnPromise: true });
      setLoading(false);
      notify('caredesk.files.tokens.added', { type: 'success' });
      refresh();
      onClose();
    } catch (cause) {
      setError(describeError(cause, translate));
      setLoading(false);
    }
  };

  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: '100%' } } }}>
      <DialogTitle>{translate('caredesk.files.tokens.add_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <TextField
            inputRef={serviceInput}
            label={translate('caredesk.files.tokens.service')}
            value={values.service}
            required
            onChange={(event) => set({ service: event.target.value })}
            disabled={loading}
          />
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <TextField
              label={translate('caredesk.files.tokens.token')}
              value={values.token}
              required
              fullWidth
              onChange={(event) => set({ token: event.target.value })}
              disabled={loading}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <Button startIcon={<AutorenewIcon />} onClick={() => set({ token: generateApiToken() })} disabled={loading} sx={{ mt: 1 }}>
              {translate('caredesk.files.tokens.generate')}
            </Button>
          </Stack>
          <FormControlLabel
            control={
              <Checkbox checked={values.hasExpiry} onChange={(event) => set({ hasExpiry: event.target.checked })} disabled={loading} />
            }
            label={translate('caredesk.files.tokens.has_expiry')}
          />
          {values.hasExpiry && (
            <TextField
              type="date"
              label={translate('caredesk.files.tokens.expiry_date')}
              value={values.expiry}
              required
              onChange={(event) => set({ expiry: event.target.value })}
              error={expiryProblem !== null}
              helperText={
                expiryProblem === 'past'
                  ? translate('caredesk.files.tokens.expiry_past')
                  : expiryProblem === 'required'
                    ? translate('caredesk.validation.required')
                    : ' '
              }
              disabled={loading}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayString() } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {translate('caredesk.files.tokens.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!valid} loading={loading}>
          {translate('caredesk.files.tokens.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
