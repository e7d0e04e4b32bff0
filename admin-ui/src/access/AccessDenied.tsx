import DashboardIcon from '@mui/icons-material/Dashboard';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageTitle } from '../common/PageTitle';

/**
 * What a role sees on a route it has no right to: a plain statement and a link to the
 * dashboard, in the layout, at the typed URL. Also react-admin's `/access-denied` page.
 */
export const AccessDenied = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageTitle title="app.access_denied" />
      <Typography sx={{ mb: 3 }}>{translate('app.access_denied_hint')}</Typography>
      <Button component={Link} to="/dashboard" variant="contained" startIcon={<DashboardIcon />}>
        {translate('app.to_dashboard')}
      </Button>
    </Box>
  );
};
