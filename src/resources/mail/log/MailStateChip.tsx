import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MailState } from '../../../dataProviders/mail/logWire';

export const STATE_COLORS: Record<MailState, ChipProps['color']> = {
  queued: 'info',
  retrying: 'warning',
  delivered: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A mail's state as a small coloured chip in the panel's language. */
export const MailStateChip = ({ state }: { state: MailState }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLORS[state] ?? 'default'}
      label={translate(`caredesk.mail_log.states.${state}`, { _: state })}
    />
  );
};
