import DashboardIcon from '@mui/icons-material/Dashboard';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageTitle } from '../common/PageTitle';

/**
 * What an unknown path shows (react-admin's catchAll), in the layout, at the typed URL: react-admin's
 * own "Not Found" words and a link to the dashboard, instead of a silent redirect.
 */
export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 560 }} data-testid="not-found">
      <PageTitle title="ra.page.not_found" />
      <Typography sx={{ mb: 3 }}>{translate('ra.message.not_found')}</Typography>
      <Button component={Link} to="/dashboard" variant="contained" startIcon={<DashboardIcon />}>
        {translate('app.to_dashboard')}
      </Button>
    </Box>
  );
};
