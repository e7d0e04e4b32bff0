import type { ChartOptions } from 'chart.js';
import { useTranslate } from 'react-admin';
import { Pie } from 'react-chartjs-2';
import { STATS, withUnit, type TopProduct } from './api';
import { ChartCard } from './ChartCard';
import { ChartLegend, useHiddenSeries } from './ChartLegend';
import { baseOptions, colour, formatQuantity, wrapLabel } from './chartSetup';
import { useRanking } from './useStats';

const TITLE = 'dashboard.top_products';

/**
 * Pie of the top-selling product-units by delivered quantity. The legend is
 * HTML under the pie with the full names (never cut); the tooltip shows the full name and quantity.
 */
export const TopProductsChart = () => {
  const translate = useTranslate();
  const { rows, state } = useRanking<TopProduct>(STATS.topProducts);
  const labels = rows.map((r) => withUnit(r.productName, r.unit));
  const series = useHiddenSeries();
  const shown = rows.map((r, i) => ({ label: labels[i], quantity: r.totalQuantity, colour: colour(i) })).filter((s) => series.shown(s.label));
  const chart = {
    labels: shown.map((s) => s.label),
    datasets: [{ label: translate('dashboard.quantity'), data: shown.map((s) => s.quantity), backgroundColor: shown.map((s) => s.colour) }],
  };
  const options: ChartOptions<'pie'> = {
    ...baseOptions,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: ([item]) => (item ? wrapLabel(shown[item.dataIndex].label, 28) : ''),
          label: (item) => `${translate('dashboard.quantity')}: ${formatQuantity(item.parsed)}`,
        },
      },
    },
  };
  return (
    <ChartCard
      title={TITLE}
      kind="pie_chart"
      testId="chart-top-products"
      state={state}
      height={260}
      legend={<ChartLegend title={TITLE} labels={labels} series={series} />}
      table={{
        columns: [
          { source: 'product', label: translate('dashboard.product'), name: true },
          { source: 'unit', label: translate('dashboard.unit') },
          { source: 'quantity', label: translate('dashboard.quantity'), numeric: true },
        ],
        rows: rows.map((r, i) => ({ id: i, product: r.productName, unit: r.unit, quantity: r.totalQuantity })),
      }}
      canvas={(a11y) => <Pie data={chart} options={options} {...a11y} />}
    />
  );
};
