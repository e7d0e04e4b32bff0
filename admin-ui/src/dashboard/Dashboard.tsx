import { Box } from '@mui/material';
import { PageTitle } from '../common/PageTitle';
import { Greeting } from '../layout/Greeting';
import './chartSetup';
import { InVsOutChart, TopCustomersChart } from './BarCharts';
import { CountCards } from './CountCards';
import { IntervalChart } from './IntervalChart';
import { TopProductsChart } from './TopProductsChart';

/** Two charts a row where they fit at least 480 px wide each, else one: never wider than the screen. */
const CHART_GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))' } as const;

/**
 * /dashboard for every role: its title, greeting, six counts and four charts, each chart
 * with a text alternative. Fits a 390 px screen without sideways scrolling.
 */
export const Dashboard = () => (
  <Box data-testid="dashboard" sx={{ mb: 2, display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
    <Box>
      <PageTitle title="dashboard.title" />
      <Greeting variant="h5" />
    </Box>
    <CountCards />
    <Box sx={CHART_GRID}>
      <TopProductsChart />
      <TopCustomersChart />
    </Box>
    <Box sx={CHART_GRID}>
      <InVsOutChart />
      <IntervalChart />
    </Box>
  </Box>
);
