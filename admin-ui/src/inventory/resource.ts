import type { ResourceConfig } from '../providers/resources';

/** `warehouseId` and `categoryId` of the inventory routes (backend inventory-query.dto.ts); blank ones are left out. */
const stockFilters = (f: Record<string, unknown>) => ({
  warehouseId: f.warehouseId as string | undefined,
  categoryId: f.categoryId as string | undefined,
});

/**
 * Column source -> API `sort` field of the inventory and low-stock routes (docs/api.md "Sorting":
 * product name and code, category and warehouse names, available in the buffer unit, the purchase
 * fields and the record's timestamps). Without one of these the rows keep the server's order
 * (product name, then warehouse name).
 */
const STOCK_SORT_FIELDS = {
  'product.name': 'product_name',
  'product.code': 'product_code',
  'productCategory.name': 'category',
  'warehouse.name': 'warehouse',
  available: 'available',
  purchasedPrice: 'purchasedPrice',
  purchasedDate: 'purchasedDate',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

/**
 * The `inventory` resource: GET /api/inventory?query&warehouseId&categoryId&page&limit&sort&order
 * (`{inventories, total_count}`, rows with on_hand, reserved and available per unit) and
 * its export GET /api/inventory/export (inventory_YYYY-MM-DD.csv|xlsx).
 */
export const inventoryResource: ResourceConfig = {
  list: '/inventory',
  paged: { listKey: 'inventories' },
  searchParam: 'query',
  filterParams: stockFilters,
  sortFields: STOCK_SORT_FIELDS,
  export: '/inventory/export',
};

/** The `lowStock` resource: GET /api/inventory/stock/low (records at or below their buffer stock), same parameters and rows. */
export const lowStockResource: ResourceConfig = {
  list: '/inventory/stock/low',
  paged: { listKey: 'inventories' },
  searchParam: 'query',
  filterParams: stockFilters,
  sortFields: STOCK_SORT_FIELDS,
  export: '/inventory/stock/low/export',
};
