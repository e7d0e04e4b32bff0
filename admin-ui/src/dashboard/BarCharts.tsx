import { useTranslate } from 'react-admin';
import { STATS, withUnit, type InOut, type StatsRequest, type TopCustomer } from './api';
import { colour } from './chartSetup';
import { HorizontalBarChart } from './HorizontalBarChart';
import { useRanking } from './useStats';

/** A quantity drawn as one bar series and one table column: its field, i18n label, palette index and value. */
interface Quantity<T> {
  source: string;
  label: string;
  colour: number;
  value: (row: T) => number;
}

/**
 * A ranking of name-and-unit rows as horizontal bars, one series per quantity; its table has the
 * name, the unit and a column per quantity.
 */
const RankingBars = <T extends { unit: string }>({ request, title, testId, nameLabel, name, quantities }: {
  request: StatsRequest;
  title: string;
  testId: string;
  nameLabel: string;
  name: (row: T) => string;
  quantities: Quantity<T>[];
}) => {
  const translate = useTranslate();
  const { rows, state } = useRanking<T>(request);
  const series = quantities.map((q) => ({ source: q.source, label: translate(q.label), data: rows.map(q.value), colour: colour(q.colour) }));
  return (
    <HorizontalBarChart
      title={title}
      testId={testId}
      state={state}
      labels={rows.map((r) => withUnit(name(r), r.unit))}
      series={series}
      table={{
        columns: [
          { source: 'name', label: translate(nameLabel), name: true },
          { source: 'unit', label: translate('dashboard.unit') },
          ...series.map((s) => ({ source: s.source, label: s.label, numeric: true })),
        ],
        rows: rows.map((r, i) => ({ id: i, name: name(r), unit: r.unit, ...Object.fromEntries(series.map((s) => [s.source, s.data[i]])) })),
      }}
    />
  );
};

/** Bar chart of the top customers by outgoing quantity, one bar per customer and unit. */
export const TopCustomersChart = () => (
  <RankingBars<TopCustomer>
    request={STATS.topCustomers}
    title="dashboard.top_customers"
    testId="chart-top-customers"
    nameLabel="dashboard.customer"
    name={(r) => r.customerName}
    quantities={[{ source: 'quantity', label: 'dashboard.quantity', colour: 0, value: (r) => r.totalQuantity }]}
  />
);

/** Outgoing against incoming quantity per product-unit, as horizontal bars with the full product names. */
export const InVsOutChart = () => (
  <RankingBars<InOut>
    request={STATS.inVsOut}
    title="dashboard.in_vs_out"
    testId="chart-in-vs-out"
    nameLabel="dashboard.product"
    name={(r) => r.productName}
    quantities={[
      { source: 'outgoing', label: 'dashboard.outgoing', colour: 1, value: (r) => r.outgoingQuantity },
      { source: 'incoming', label: 'dashboard.incoming', colour: 2, value: (r) => r.incomingQuantity },
    ]}
  />
);
