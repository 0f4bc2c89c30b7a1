import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OneLineText } from '../../common/OneLineText';
import type { UserRecord } from '../../dataProviders/users';

/**
 * The name column of the user list: the public name plus a 'Banned' chip for banned users and a 'Locked' one while sign-in is
 * throttled. In the table (`oneLine`) the name gives way to the chips (cut with an ellipsis, whole on hover and focus).
 */
export const UserNameField = ({ record, oneLine = false }: { record: UserRecord; oneLine?: boolean }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ '& .MuiChip-root': { flexShrink: 0 } }}>
      {oneLine ? <OneLineText text={record.publicName} /> : <span>{record.publicName}</span>}
      {record.banned && (
        <Chip size="small" color="error" variant="outlined" label={translate('resources.users.list.banned')} />
      )}
      {record.locked && (
        // the warning colour as text has too little contrast (3.1:1 on white); the border carries it, the text keeps the body colour
        <Chip
          size="small"
          variant="outlined"
          sx={{ borderColor: 'warning.main', color: 'text.primary' }}
          label={translate('resources.users.list.locked')}
        />
      )}
    </Stack>
  );
};
