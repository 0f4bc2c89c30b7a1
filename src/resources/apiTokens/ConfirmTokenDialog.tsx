import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../dataProviders';
import type { ApiTokenRecord } from '../../dataProviders/accessTokens';
import { describeError } from '../../dataProviders/problem';
import { DIALOG_WIDTH, FOCUS_DELAY_MS } from './dialogConstants';

export type TokenAction = 'delete' | 'revoke';

/** The delete or revoke confirmation with the spec's wording; errors stay in the dialog. */
export const ConfirmTokenDialog = ({
  resource,
  action,
  record,
  onClose,
}: {
  resource: string;
  action: TokenAction;
  record: ApiTokenRecord | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const open = record !== null;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setLoading(false);
    const timer = setTimeout(() => cancelButton.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, record?.id]);

  const confirm = async () => {
    if (!record) return;
    setLoading(true);
    setError(null);
    try {
      if (action === 'delete') await dataProvider.delete(resource, { id: record.id, previousData: record });
      else await dataProvider.revokeToken(resource, { id: record.id });
      setLoading(false);
      notify(action === 'delete' ? 'caredesk.files.tokens.deleted' : 'caredesk.files.tokens.revoked_done', { type: 'success' });
      refresh();
      onClose();
    } catch (cause) {
      setError(describeError(cause, translate));
      setLoading(false);
    }
  };

  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: '100%' } } }}>
      <DialogTitle>{translate(`caredesk.files.tokens.${action}_title`)}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <DialogContentText sx={{ fontWeight: 'bold' }}>
          {translate(`caredesk.files.tokens.${action}_warning`, { service: record?.service ?? '' })}
        </DialogContentText>
        <DialogContentText>{translate(`caredesk.files.tokens.${action}_question`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button ref={cancelButton} onClick={onClose} disabled={loading}>
          {translate('caredesk.files.tokens.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={confirm} loading={loading}>
          {translate(`caredesk.files.tokens.${action}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
