import type { ResourceConfig } from '../providers/resources';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The `stockCounts` resource: GET /api/stockCounts/all?page&limit&search&status&warehouse
 * &sort&order (`{stock_count_all, total_count}`), searched by number (SC-12); a warehouseAdmin gets
 * its warehouse's. Counts are changed only through stock-counts/api.ts.
 */
export const stockCountResource: ResourceConfig = {
  list: '/stockCounts/all',
  paged: { listKey: 'stock_count_all' },
  filterParams: (f) => ({ status: text(f.status), warehouse: text(f.warehouse) }),
  sortFields: { createdAt: 'createdAt', number: 'number', status: 'status' },
  export: '/stockCounts/export',
};
