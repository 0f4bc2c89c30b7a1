import { Button, CircularProgress, DialogContentText } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { ActionDialog } from './ActionDialog';
import { useDialogAction } from './useDialogAction';

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** Translation keys of the title, the question and the confirming button. */
  title: string;
  message: string;
  confirmLabel: string;
  /** Translation key of the notification after success. */
  successMessage: string;
  onConfirm: () => Promise<unknown>;
}

/**
 * Asks before a destructive action (end a session, erase personal data). Confirm runs it; success notifies, refreshes the
 * screen's data and closes; a failure stays in the dialog.
 */
export const ConfirmDialog = ({ open, onClose, title, message, confirmLabel, successMessage, onConfirm }: ConfirmDialogProps) => {
  const translate = useTranslate();
  const { loading, error, clearError, reset, run } = useDialogAction(onClose);
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate(title)}
      error={error}
      onDismissError={clearError}
      actions={
        <>
          <Button onClick={onClose} disabled={loading}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={loading}
            startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => run(onConfirm, successMessage)}
          >
            {translate(confirmLabel)}
          </Button>
        </>
      }
    >
      <DialogContentText>{translate(message)}</DialogContentText>
    </ActionDialog>
  );
};
