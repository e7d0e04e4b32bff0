import type { ResourceConfig } from '../providers/resources';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The `transfers` resource: GET /api/transfers/all?page&limit&search&status&warehouse&sort
 * &order (`{transfer_all, total_count}`), searched by TRN; a warehouseAdmin gets those from or to its
 * warehouse. Transfers are changed only through transfers/api.ts.
 */
export const transferResource: ResourceConfig = {
  list: '/transfers/all',
  paged: { listKey: 'transfer_all' },
  filterParams: (f) => ({ status: text(f.status), warehouse: text(f.warehouse) }),
  sortFields: { createdAt: 'createdAt', trn: 'trn', status: 'status' },
  export: '/transfers/export',
};
