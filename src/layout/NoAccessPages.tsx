import BlockIcon from '@mui/icons-material/Block';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Title, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { USER_LOGOUT } from '../login/authProvider';

const Heading = ({ text }: { text: string }) => (
  <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
    <BlockIcon color="error" />
    <Typography variant="h5" component="h1">
      {text}
    </Typography>
  </Stack>
);

/** A screen the user may not open (a direct link or a bookmark): says so, and leads to the dashboard. */
export const NoAccessPage = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="caredesk.access.no_access_title" />
      <CardContent>
        <Heading text={translate('caredesk.access.no_access_title')} />
        <Typography>{translate('caredesk.access.no_access_text')}</Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to="/dashboard">
          {translate('caredesk.access.to_dashboard')}
        </Button>
      </CardActions>
    </Card>
  );
};

/** Every screen of a user who holds no permission at all: says so, with New Password and Logout. */
export const NoPanelPermissionPage = () => {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="caredesk.access.no_panel_title" />
      <CardContent>
        <Heading text={translate('caredesk.access.no_panel_title')} />
        <Typography>{translate('caredesk.access.no_panel_text')}</Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to="/new-password" startIcon={<LockResetIcon />}>
          {translate('caredesk.account.new_password')}
        </Button>
        <Button onClick={() => void logout(USER_LOGOUT)} startIcon={<LogoutIcon />}>
          {translate('caredesk.account.logout')}
        </Button>
      </CardActions>
    </Card>
  );
};
