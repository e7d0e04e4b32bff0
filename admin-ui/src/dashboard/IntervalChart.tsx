import type { ChartOptions } from 'chart.js';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Line } from 'react-chartjs-2';
import { formatCalendarDay } from '../common/format';
import { periodicRequest, withUnit, type Periodic } from './api';
import { ChartCard } from './ChartCard';
import { ChartLegend, useHiddenSeries } from './ChartLegend';
import { baseOptions, colour, formatQuantity, wrapLabel } from './chartSetup';
import { IntervalControls, rangeProblem, RangeNotice, type IntervalQuestion } from './IntervalControls';
import { useDebounced } from './useDebounced';
import { useStats } from './useStats';

const TITLE = 'dashboard.interval';
/** Typed dates settle this long before a request (spec 9's debounce). */
const DEBOUNCE_MS = 300;
/** UTC YYYY-MM-DD of `days` days ago. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Interval outgoing report: outgoing quantity per period of the top product-units,
 * period daily / weekly (default; ISO weeks from Monday) / monthly, over a range of UTC days (the
 * last 12 weeks at first). A reversed or incomplete range shows an inline message and sends
 * nothing. Periods are named by their first day in the long date format; the legend is
 * HTML outside the plot so every series stays reachable.
 */
export const IntervalChart = () => {
  const translate = useTranslate();
  const [question, setQuestion] = useState<IntervalQuestion>({ period: 'weekly', from: daysAgo(83), to: daysAgo(0) });
  const settled = useDebounced(question, DEBOUNCE_MS);
  const problem = rangeProblem(question);
  const query = useStats<Periodic>(periodicRequest(settled.from, settled.to, settled.period), !problem && !rangeProblem(settled));
  const data = problem ? undefined : query.data;
  const days = (data?.periods ?? []).map((p) => formatCalendarDay(p));
  const labels = (data?.series ?? []).map((s) => withUnit(s.productName, s.unit));
  const series = useHiddenSeries();
  const chart = {
    labels: days.map((d) => wrapLabel(d, 12)),
    datasets: (data?.series ?? [])
      .map((s, i) => ({ label: labels[i], data: s.quantities, borderColor: colour(i), backgroundColor: colour(i) }))
      .filter((d) => series.shown(d.label)),
  };
  const options: ChartOptions<'line'> = {
    ...baseOptions,
    interaction: { mode: 'nearest', intersect: false },
    scales: { x: { ticks: { maxRotation: 0 } } },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: ([item]) => (item ? days[item.dataIndex] : ''),
          label: (item) => wrapLabel(`${item.dataset.label ?? ''}: ${formatQuantity(item.parsed.y ?? 0)}`, 30),
        },
      },
    },
  };
  return (
    <ChartCard
      title={TITLE}
      kind="line_chart"
      testId="chart-interval"
      state={{ isLoading: query.isLoading || settled !== question, error: query.error, empty: labels.length === 0 }}
      height={300}
      controls={<IntervalControls value={question} onChange={setQuestion} />}
      notice={problem ? <RangeNotice problem={problem} /> : undefined}
      legend={<ChartLegend title={TITLE} labels={labels} series={series} />}
      table={{
        columns: [
          { source: 'product', label: translate('dashboard.product'), name: true },
          { source: 'unit', label: translate('dashboard.unit') },
          ...days.map((day, i) => ({ source: `p${i}`, label: day, numeric: true })),
        ],
        rows: (data?.series ?? []).map((s, i) => ({
          id: i,
          product: s.productName,
          unit: s.unit,
          ...Object.fromEntries(s.quantities.map((q, j) => [`p${j}`, q])),
        })),
      }}
      canvas={(a11y) => <Line data={chart} options={options} {...a11y} />}
    />
  );
};
