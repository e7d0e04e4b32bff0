import { apiCall } from '../providers/httpClient';

/** GET /api/stats/count `data` (spec 3 Dashboard stats). */
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

/** The interval chart (POST /api/stats/rank/products/outgoing/periodic/numbers). */
export interface Periodic {
  periods: string[];
  series: { productName: string; unit: string; quantities: number[] }[];
}

const data = async <T>(p: Promise<{ data: T }>): Promise<T> => (await p).data;

/** The dashboard's calls to the Stats API (docs/api.md, Stats). */
export const statsApi = {
  counts: () => data(apiCall<Counts>('GET', '/stats/count')),
  topProducts: () => data(apiCall<TopProduct[]>('GET', '/stats/rank/products/outgoing/numbers')),
  topCustomers: () => data(apiCall<TopCustomer[]>('GET', '/stats/rank/customers/frequency')),
  inVsOut: () => data(apiCall<InOut[]>('POST', '/stats/rank/products', {})),
  periodic: (startDate: string, endDate: string, period: Period) =>
    data(apiCall<Periodic>('POST', '/stats/rank/products/outgoing/periodic/numbers', { startDate, endDate, period })),
};

/** "Cement (kg)": quantities are per unit, so each label names its unit. */
export const withUnit = (name: string, unit: string): string => `${name} (${unit})`;
