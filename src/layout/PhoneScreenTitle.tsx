import { Typography } from '@mui/material';
import { useIsPhone } from '../common/useIsPhone';

/**
 * On a phone the app bar's controls leave its title no room (react-admin's title shrinks to nothing beside them), so the
 * screen's title heads the page instead, wrapping when it is long.
 */
export const PhoneScreenTitle = ({ title }: { title: string }) => {
  const isPhone = useIsPhone();
  if (!isPhone || !title) return null;
  return (
    <Typography
      component="h1"
      variant="h6"
      data-testid="phone-screen-title"
      sx={{ mx: 1, mt: 1.5, mb: 0.5, overflowWrap: 'anywhere' }}
    >
      {title}
    </Typography>
  );
};
