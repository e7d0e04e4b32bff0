import { Box } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Greeting } from '../layout/Greeting';
import './chartSetup';
import { CountCards } from './CountCards';
import { IntervalChart } from './IntervalChart';
import { InVsOutChart, TopCustomersBar, TopProductsPie } from './RankingCharts';

/** /dashboard for every role (spec 1 Dashboard): greeting, six counts and four charts. */
export const Dashboard = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Title title={translate('dashboard.title')} />
      <Greeting variant="h5" />
      <CountCards />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TopProductsPie />
        <TopCustomersBar />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <InVsOutChart />
        <IntervalChart />
      </Box>
    </Box>
  );
};
