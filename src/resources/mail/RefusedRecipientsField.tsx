import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RefusedRecipient } from '../../dataProviders/mail/wire';

/** On a delivered mail: a chip counting the recipients the provider refused; its tooltip names each with the provider's reply. */
export const RefusedRecipientsField = ({ refused }: { refused: RefusedRecipient[] | undefined }) => {
  const translate = useTranslate();
  if (!refused?.length) return null;
  const details = (
    <Box>
      <Typography variant="body2">{translate('caredesk.mail.refused.title')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {refused.map(({ address, reply }) => (
          <li key={address}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {address}: {reply || translate('caredesk.mail.refused.no_reply')}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
  return (
    <Tooltip title={details} describeChild>
      <Chip
        size="small"
        variant="outlined"
        tabIndex={0}
        icon={<WarningAmberIcon color="warning" />}
        label={translate('caredesk.mail.refused.count', { smart_count: refused.length })}
      />
    </Tooltip>
  );
};
