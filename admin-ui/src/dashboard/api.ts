/** GET /api/stats/count `data`. */
export interface Counts {
  userCount: number;
  productCount: number;
  inventoryCount: number;
  customerCount: number;
  warehouseCount: number;
  categoryCount: number;
}

/** Top-selling product-unit (GET /api/stats/rank/products/outgoing/numbers). */
export interface TopProduct {
  productName: string;
  unit: string;
  totalQuantity: number;
  frequency: number;
}

/** Top customer-unit (GET /api/stats/rank/customers/frequency). */
export interface TopCustomer {
  customerName: string;
  unit: string;
  totalTransactions: number;
  totalQuantity: number;
}

/** Incoming vs outgoing of a product-unit (POST /api/stats/rank/products). */
export interface InOut {
  productName: string;
  unit: string;
  incomingQuantity: number;
  outgoingQuantity: number;
}

export type Period = 'daily' | 'weekly' | 'monthly';

/** The interval chart (POST /api/stats/rank/products/outgoing/periodic/numbers); `periods` are UTC days `YYYY-MM-DD`. */
export interface Periodic {
  periods: string[];
  series: { productName: string; unit: string; quantities: number[] }[];
}

/** One Stats API call (docs/api.md, Stats): method, path under /api and the JSON body of POSTs. */
export interface StatsRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

/** The dashboard's Stats API calls; the answer types are the interfaces above. */
export const STATS = {
  counts: { method: 'GET', path: '/stats/count' },
  topProducts: { method: 'GET', path: '/stats/rank/products/outgoing/numbers' },
  topCustomers: { method: 'GET', path: '/stats/rank/customers/frequency' },
  inVsOut: { method: 'POST', path: '/stats/rank/products', body: {} },
} as const satisfies Record<string, StatsRequest>;

/** The interval chart's call for an inclusive UTC day range (`YYYY-MM-DD`) and a period. */
export const periodicRequest = (startDate: string, endDate: string, period: Period): StatsRequest => ({
  method: 'POST',
  path: '/stats/rank/products/outgoing/periodic/numbers',
  body: { startDate, endDate, period },
});

/** "Cement (kg)": quantities are per unit, so each label names its unit. */
export const withUnit = (name: string, unit: string): string => `${name} (${unit})`;
