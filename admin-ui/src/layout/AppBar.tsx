import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import { Box, IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { AppBar as RaAppBar, TitlePortal, UserMenu, useGetIdentity, useLogout, useTranslate, useUserMenu } from 'react-admin';
import { PreferenceMenuItems } from '../preferences/PreferenceMenuItems';
import { ChangePasswordDialog } from '../users/ChangePasswordDialog';
import { LowStockBell } from './LowStockBell';
import { useDocumentTitle } from './useDocumentTitle';

const LogoutButton = () => {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Tooltip title={translate('app.logout')}>
      {/* signing out on purpose forgets the page: the next user signs in to the dashboard, not to this page */}
      <IconButton color="inherit" onClick={() => void logout({}, undefined, false)} aria-label={translate('app.logout')}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
};

/** The user menu's "Change password" entry: closes the menu and opens the dialog (kept outside the menu, which unmounts). */
const ChangePasswordItem = ({ onOpen }: { onOpen: () => void }) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <LockIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('account.change_password')}</ListItemText>
    </MenuItem>
  );
};

/**
 * Header: menu toggle (react-admin's), product title, page title, low-stock bell, logout and the user
 * menu (Change password; the UI language and the calendar). Below 600 px the product title gives way and the page title wraps instead
 * of being cut (Phone width). The browser tab shows the page title too.
 */
export const AppBar = () => {
  const translate = useTranslate();
  const [changingPassword, setChangingPassword] = useState(false);
  const { identity } = useGetIdentity();
  // the button shows the user's name: its accessible name starts with that name (WCAG 2.5.3, label in name)
  const accountLabel = identity?.fullName ? translate('account.user_menu_of', { name: identity.fullName }) : 'account.user_menu';
  useDocumentTitle(translate('app.title'));
  return (
    <>
      <RaAppBar
        userMenu={<UserMenu label={accountLabel}><ChangePasswordItem onOpen={() => setChangingPassword(true)} /><PreferenceMenuItems /></UserMenu>}
        toolbar={<Box sx={{ display: 'flex', flexShrink: 0 }}><LowStockBell /><LogoutButton /></Box>}
      >
        <Typography variant="h6" component="p" noWrap sx={{ mr: 2, fontWeight: 700, flexShrink: 0, display: { xs: 'none', sm: 'block' } }}>
          {translate('app.title')}
        </Typography>
        <TitlePortal
          variant="subtitle1"
          component="p"
          sx={{ minWidth: 0, lineHeight: 1.25, py: 0.5, whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: 'anywhere' }}
        />
      </RaAppBar>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
};
