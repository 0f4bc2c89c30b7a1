import { Button, CircularProgress, DialogContentText } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { describeError } from '../dataProviders/problem';
import { ActionDialog } from './ActionDialog';

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** Translation keys of the title, the question and the confirming button. */
  title: string;
  message: string;
  /** Arguments of the question's text (%{name}). */
  messageArgs?: Record<string, unknown>;
  confirmLabel: string;
  /** Translation key of the notification after success; none when what follows says it (a dialog showing the result). */
  successMessage?: string;
  onConfirm: () => Promise<unknown>;
  /** After success, before closing: reload what the action changed (only that, so that a form around keeps its edits). */
  onConfirmed?: () => void;
}

/**
 * Asks before a destructive action (end a session, erase personal data). Confirm runs it; success notifies, calls
 * onConfirmed and closes; a failure stays in the dialog. Escape and the backdrop do not close it while it runs.
 */
export const ConfirmDialog = ({
  open,
  onClose,
  title,
  message,
  messageArgs,
  confirmLabel,
  successMessage,
  onConfirm,
  onConfirmed,
}: ConfirmDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = async () => {
    setLoading(true);
    setError(null);
    try {
      await onConfirm();
      if (successMessage) notify(successMessage, { type: 'success' });
      onConfirmed?.();
      onClose();
    } catch (cause) {
      setError(describeError(cause, translate));
    } finally {
      setLoading(false);
    }
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate(title)}
      error={error}
      onDismissError={() => setError(null)}
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
            onClick={confirm}
          >
            {translate(confirmLabel)}
          </Button>
        </>
      }
    >
      <DialogContentText>{translate(message, messageArgs)}</DialogContentText>
    </ActionDialog>
  );
};
