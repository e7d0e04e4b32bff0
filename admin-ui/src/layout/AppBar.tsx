import LogoutIcon from '@mui/icons-material/Logout';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useLogout, useTranslate } from 'react-admin';
import { LowStockBell } from './LowStockBell';

const LogoutButton = () => {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Tooltip title={translate('app.logout')}>
      <IconButton color="inherit" onClick={() => void logout()} aria-label={translate('app.logout')}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
};

/** Header: menu toggle (react-admin's), product title, page title, low-stock bell and logout. */
export const AppBar = () => {
  const translate = useTranslate();
  return (
    <RaAppBar userMenu={false} toolbar={<Box sx={{ display: 'flex' }}><LowStockBell /><LogoutButton /></Box>}>
      <Typography variant="h6" noWrap sx={{ mr: 2, fontWeight: 700 }}>
        {translate('app.title')}
      </Typography>
      <TitlePortal variant="subtitle1" />
    </RaAppBar>
  );
};
