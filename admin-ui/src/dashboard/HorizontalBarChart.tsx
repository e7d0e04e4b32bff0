import { useMediaQuery, type Theme } from '@mui/material';
import type { ChartOptions } from 'chart.js';
import type { ComponentProps } from 'react';
import { Bar } from 'react-chartjs-2';
import { ChartCard, type ChartState } from './ChartCard';
import { baseOptions, formatQuantity, wrapLabel } from './chartSetup';

/** One bar series: its name, a value per label and its colour. */
export interface BarSeries {
  label: string;
  data: number[];
  colour: string;
}

const LINE_PX = 17;

/**
 * Horizontal bars: the full names on the value axis' left, wrapped onto several lines
 * (narrower on a phone) instead of cut or tilted, every name shown, and the card as tall as the
 * names need. The tooltip repeats the full name. A legend above the plot only for several series.
 */
export const HorizontalBarChart = ({ title, testId, state, labels, series, table }: {
  title: string;
  testId: string;
  state: ChartState;
  labels: string[];
  series: BarSeries[];
  table: ComponentProps<typeof ChartCard>['table'];
}) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const wrapped = labels.map((label) => wrapLabel(label, phone ? 18 : 30));
  const rowPx = (lines: number) => Math.max(lines * LINE_PX + 12, series.length * 14 + 12);
  const height = Math.max(220, wrapped.reduce((sum, lines) => sum + rowPx(lines.length), 0) + (series.length > 1 ? 80 : 50));
  const chart = { labels: wrapped, datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.colour, maxBarThickness: 28 })) };
  const options: ChartOptions<'bar'> = {
    ...baseOptions,
    indexAxis: 'y',
    scales: { y: { ticks: { autoSkip: false } } },
    plugins: {
      legend: { display: series.length > 1, position: 'top' },
      tooltip: {
        callbacks: {
          title: ([item]) => (item ? wrapLabel(labels[item.dataIndex], 28) : ''),
          label: (item) => `${item.dataset.label ?? ''}: ${formatQuantity(item.parsed.x ?? 0)}`,
        },
      },
    },
  };
  return (
    <ChartCard
      title={title}
      kind="bar_chart"
      testId={testId}
      state={state}
      height={labels.length ? height : 220}
      table={table}
      canvas={(a11y) => <Bar data={chart} options={options} {...a11y} />}
    />
  );
};
