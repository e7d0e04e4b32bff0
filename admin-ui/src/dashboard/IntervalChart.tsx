import { Box, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Line } from 'react-chartjs-2';
import { statsApi, withUnit, type Period } from './api';
import { ChartCard } from './ChartCard';
import { baseOptions, PALETTE } from './chartSetup';
import { useLoad } from './useLoad';

const PERIODS: Period[] = ['daily', 'weekly', 'monthly'];
/** UTC YYYY-MM-DD of `days` days ago. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Interval outgoing report (spec 1, 9): outgoing quantity per period of the top product-units,
 * period daily / weekly (default; ISO weeks from Monday) / monthly, over a date range (UTC days).
 */
export const IntervalChart = () => {
  const translate = useTranslate();
  const [period, setPeriod] = useState<Period>('weekly');
  const [range, setRange] = useState({ from: daysAgo(83), to: daysAgo(0) });
  const valid = !!range.from && !!range.to && range.from <= range.to;
  const { data, loading } = useLoad(
    () => (valid ? statsApi.periodic(range.from, range.to, period) : Promise.resolve(undefined)),
    [period, range.from, range.to],
  );
  const chart = {
    labels: data?.periods ?? [],
    datasets: (data?.series ?? []).map((s, i) => ({
      label: withUnit(s.productName, s.unit),
      data: s.quantities,
      borderColor: PALETTE[i % PALETTE.length],
      backgroundColor: PALETTE[i % PALETTE.length],
    })),
  };
  const actions = (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <TextField select size="small" label={translate('dashboard.period')} value={period} onChange={(e) => setPeriod(e.target.value as Period)} sx={{ minWidth: 200 }} inputProps={{ 'data-testid': 'period-select' }}>
        {PERIODS.map((p) => <MenuItem key={p} value={p}>{translate(`dashboard.${p}`)}</MenuItem>)}
      </TextField>
      <TextField type="date" size="small" label={translate('dashboard.start_date')} value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} InputLabelProps={{ shrink: true }} />
      <TextField type="date" size="small" label={translate('dashboard.end_date')} value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} InputLabelProps={{ shrink: true }} error={!valid} />
    </Box>
  );
  return (
    <ChartCard title="dashboard.interval" testId="chart-interval" loading={loading} empty={!data?.series.length} actions={actions}>
      <Line data={chart} options={baseOptions} />
    </ChartCard>
  );
};
