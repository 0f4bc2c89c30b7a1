import AccountCircle from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import SecurityIcon from '@mui/icons-material/Security';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { USER_LOGOUT } from '../login/authProvider';

/**
 * The top bar's account button: the user's public name (or 'no public name') opening New Password, Security and Logout. Its
 * accessible name starts with the visible name and says what the button is for: "Administrator (Account)".
 */
export const AccountMenu = () => {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity, isPending } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = identity?.fullName || translate('caredesk.account.no_public_name');

  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="true"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-label={isPending ? translate('caredesk.account.menu') : `${name} (${translate('caredesk.account.menu')})`}
        sx={{ textTransform: 'none', ml: 1, minWidth: 0, flexShrink: 1 }}
      >
        {/* a long name is cut (the button's name holds it whole), so that the page title keeps its room on a phone */}
        <Box
          component="span"
          data-testid="public-name"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: { xs: '26vw', sm: 280 } }}
        >
          {isPending ? '' : name}
        </Box>
      </Button>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={Link} to="/new-password" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('caredesk.account.new_password')}</ListItemText>
        </MenuItem>
        <MenuItem component={Link} to="/security" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <SecurityIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('caredesk.security.menu')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout(USER_LOGOUT);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('caredesk.account.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
