import { Alert, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { DIALOG_WIDTH } from './dialogConstants';
import { useIsPhone } from './useIsPhone';

interface ActionDialogProps {
  open: boolean;
  onClose: () => void;
  /** While true the dialog cannot be dismissed (Escape, backdrop). */
  loading: boolean;
  title: ReactNode;
  /** Shown as a dismissible alert above the content. */
  error: string | null;
  onDismissError: () => void;
  actions: ReactNode;
  children: ReactNode;
}

/** The shell of the panel's action dialogs: 500 px wide (the whole screen on a phone), a title, a dismissible error, content and actions. */
export const ActionDialog = ({
  open,
  onClose,
  loading,
  title,
  error,
  onDismissError,
  actions,
  children,
}: ActionDialogProps) => {
  const phone = useIsPhone();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      fullScreen={phone}
      slotProps={{ paper: { sx: { width: phone ? '100%' : DIALOG_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={onDismissError}>
            {error}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
};
