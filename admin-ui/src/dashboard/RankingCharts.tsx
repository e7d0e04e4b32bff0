import { useTranslate } from 'react-admin';
import { Bar, Pie } from 'react-chartjs-2';
import { statsApi, withUnit } from './api';
import { ChartCard } from './ChartCard';
import { baseOptions, PALETTE } from './chartSetup';
import { useLoad } from './useLoad';

/** Pie of the top-selling product-units by delivered quantity. */
export const TopProductsPie = () => {
  const { data = [], loading } = useLoad(statsApi.topProducts, []);
  const chart = {
    labels: data.map((r) => withUnit(r.productName, r.unit)),
    datasets: [{ data: data.map((r) => r.totalQuantity), backgroundColor: PALETTE }],
  };
  return (
    <ChartCard title="dashboard.top_products" testId="chart-top-products" loading={loading} empty={data.length === 0}>
      <Pie data={chart} options={{ ...baseOptions, plugins: { legend: { position: 'right' } } }} />
    </ChartCard>
  );
};

/** Bar chart of the top customers by outgoing quantity (per unit). */
export const TopCustomersBar = () => {
  const translate = useTranslate();
  const { data = [], loading } = useLoad(statsApi.topCustomers, []);
  const chart = {
    labels: data.map((r) => withUnit(r.customerName, r.unit)),
    datasets: [{ label: translate('dashboard.quantity'), data: data.map((r) => r.totalQuantity), backgroundColor: PALETTE[0] }],
  };
  return (
    <ChartCard title="dashboard.top_customers" testId="chart-top-customers" loading={loading} empty={data.length === 0}>
      <Bar data={chart} options={baseOptions} />
    </ChartCard>
  );
};

/** Outgoing against incoming quantity per product-unit. */
export const InVsOutChart = () => {
  const translate = useTranslate();
  const { data = [], loading } = useLoad(statsApi.inVsOut, []);
  const chart = {
    labels: data.map((r) => withUnit(r.productName, r.unit)),
    datasets: [
      { label: translate('dashboard.outgoing'), data: data.map((r) => r.outgoingQuantity), backgroundColor: PALETTE[1] },
      { label: translate('dashboard.incoming'), data: data.map((r) => r.incomingQuantity), backgroundColor: PALETTE[2] },
    ],
  };
  return (
    <ChartCard title="dashboard.in_vs_out" testId="chart-in-vs-out" loading={loading} empty={data.length === 0}>
      <Bar data={chart} options={baseOptions} />
    </ChartCard>
  );
};
