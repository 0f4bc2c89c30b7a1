import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** "Disabled" (or "Provider disabled" for an account whose provider is), nothing for what delivers. */
export const DisabledChip = ({
  disabled,
  providerDisabled = false,
}: {
  disabled: boolean;
  providerDisabled?: boolean;
}) => {
  const translate = useTranslate();
  if (!disabled && !providerDisabled) return null;
  const label = translate(disabled ? 'caredesk.mail.status.disabled' : 'caredesk.mail.status.provider_disabled');
  return <Chip size="small" variant="outlined" color="warning" label={label} />;
};
