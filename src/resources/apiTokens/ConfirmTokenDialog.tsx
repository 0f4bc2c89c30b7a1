import { Button, DialogContentText } from '@mui/material';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import { useDialogAction } from '../../common/useDialogAction';
import type { CaredeskDataProvider } from '../../dataProviders';
import type { ApiTokenRecord } from '../../dataProviders/apiTokens';
import { FOCUS_DELAY_MS } from '../../common/dialogConstants';

export type TokenAction = 'delete' | 'revoke';

/** The delete or revoke confirmation with its warning and question; errors stay in the dialog. */
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
  const { loading, error, clearError, reset, run } = useDialogAction(onClose);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const open = record !== null;

  // each token asked about starts without the previous one's error, the focus on Cancel
  const startAsking = useEffectEvent(() => {
    reset();
    const timer = setTimeout(() => cancelButton.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  });
  useEffect(() => (open ? startAsking() : undefined), [open, record?.id]);

  const confirm = async () => {
    if (!record) return;
    await run(
      () =>
        action === 'delete'
          ? dataProvider.delete(resource, { id: record.id, previousData: record })
          : dataProvider.revokeToken(resource, { id: record.id }),
      action === 'delete' ? 'caredesk.files.tokens.deleted' : 'caredesk.files.tokens.revoked_done',
    );
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate(`caredesk.files.tokens.${action}_title`)}
      error={error}
      onDismissError={clearError}
      actions={
        <>
          <Button ref={cancelButton} onClick={onClose} disabled={loading}>
            {translate('caredesk.files.tokens.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={confirm} loading={loading}>
            {translate(`caredesk.files.tokens.${action}`)}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ fontWeight: 'bold' }}>
        {translate(`caredesk.files.tokens.${action}_warning`, { service: record?.service ?? '' })}
      </DialogContentText>
      <DialogContentText>{translate(`caredesk.files.tokens.${action}_question`)}</DialogContentText>
    </ActionDialog>
  );
};
