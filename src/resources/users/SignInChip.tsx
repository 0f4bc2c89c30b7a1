import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../../common/visuallyHidden';
import type { UserRecord } from '../../dataProviders/users';

/** The translation key of how a user signs in, for the export, which knows no provider's name. */
export const signInKey = (record: UserRecord) =>
  `resources.users.sign_in.${record.signIn === 'oidc' ? 'provider' : 'password'}`;

/**
 * How the user signs in: the provider's name on an outlined chip for a user linked to it, else "Password" (shown only where
 * `showPassword`, the list's column; a phone's card shows only the chip). Screen readers hear what it is about.
 */
export const SignInChip = ({
  record,
  provider,
  showPassword = false,
}: {
  record: UserRecord;
  provider: string;
  showPassword?: boolean;
}) => {
  const translate = useTranslate();
  const prefix = (
    <Box component="span" sx={visuallyHidden}>
      {`${translate('resources.users.fields.sign_in')}: `}
    </Box>
  );
  if (record.signIn !== 'oidc')
    return showPassword ? (
      <span>
        {prefix}
        {translate('resources.users.sign_in.password')}
      </span>
    ) : null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="primary"
      data-testid="sign-in-chip"
      label={
        <>
          {prefix}
          {provider}
        </>
      }
    />
  );
};
