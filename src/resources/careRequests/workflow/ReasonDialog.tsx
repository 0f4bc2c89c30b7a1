import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CARE_STATUS_REASONS, type CareStatus, type CareStatusReason } from '../../../../contracts/care-workflow';
import { useHoldWhile } from '../live/liveHolds';
import { useStatusLabel } from './parts';

interface ReasonDialogProps {
  /** The closed status asked about, or null while closed. */
  status: CareStatus | null;
  onCancel: () => void;
  onConfirm: (reason: CareStatusReason) => void;
}

/** Asks why a request is declined or withdrawn: one of the contract's reasons (never free text). */
export const ReasonDialog = ({ status, onCancel, onConfirm }: ReasonDialogProps) => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const [reason, setReason] = useState<CareStatusReason | ''>('');
  useHoldWhile(status !== null);
  useEffect(() => setReason(''), [status]);
  const t = (key: string) => translate(`caredesk.care_work.reason_dialog.${key}`);
  return (
    <Dialog open={status !== null} onClose={onCancel} aria-labelledby="reason-dialog-title">
      <DialogTitle id="reason-dialog-title">
        {translate('caredesk.care_work.reason_dialog.title', { status: status ? statusLabel(status) : '' })}
      </DialogTitle>
      <DialogContent>
        <FormControl fullWidth sx={{ mt: 1, minWidth: 260 }}>
          <InputLabel id="reason-label">{t('label')}</InputLabel>
          <Select
            labelId="reason-label"
            label={t('label')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            {CARE_STATUS_REASONS.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`caredesk.care_work.reasons.${value}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button variant="contained" disabled={reason === ''} onClick={() => reason && onConfirm(reason)}>
          {t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
