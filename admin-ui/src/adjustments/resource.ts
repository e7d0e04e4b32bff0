import type { ResourceConfig } from '../providers/resources';

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The list filters as the API's query parameters: `status`, `reason`, `warehouse` (an id) and `from`/`to` (created days `YYYY-MM-DD`). */
const adjustmentFilterParams: ResourceConfig['filterParams'] = (f) => ({
  status: text(f.status),
  reason: text(f.reason),
  warehouse: text(f.warehouse),
  from: text(f.from),
  to: text(f.to),
});

/**
 * The `adjustments` resource: GET /api/adjustments/all?page&limit&status&warehouse
 * &reason&search&from&to&sort&order (`{adjustment_all, total_count}`), searched by product name or
 * code, sorted by creation time, status or reason; a warehouseAdmin gets its own warehouse's only.
 * Adjustments are never written through react-admin: the screens call adjustments/api.ts.
 */
export const adjustmentResource: ResourceConfig = {
  list: '/adjustments/all',
  paged: { listKey: 'adjustment_all' },
  filterParams: adjustmentFilterParams,
  sortFields: { createdAt: 'createdAt', status: 'status', reason: 'reason' },
  export: '/adjustments/export',
};
