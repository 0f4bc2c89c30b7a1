import { Alert, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { DIALOG_WIDTH } from './dialogConstants';

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

/** The shell of the panel's action dialogs: 500 px wide, a title, a dismissible error, content and actions. */
export const ActionDialog = ({ open, onClose, loading, title, error, onDismissError, actions, children }: ActionDialogProps) => (
  <Dialog open={open} onClose={loading ? undefined : onClose} slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: '100%' } } }}>
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
