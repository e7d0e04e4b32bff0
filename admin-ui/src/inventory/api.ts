import { apiCall } from '../providers/httpClient';

/** A quantity entry `{name, value}` (spec 3). */
export interface QuantityEntry {
  name: string;
  value: number;
}

/** An inventory record as the inventory routes list it (docs/api.md, Inventory). */
export interface InventoryItem {
  _id: string;
  product: {
    _id: string;
    name: string;
    code: string;
    description: string;
    image_extension: string | null;
    quantity: string[];
    buffer_stock: { unit_of_measurement: string; quantity: number };
  };
  productCategory: { _id: string; name: string };
  warehouse: { _id: string; name: string };
  /** On hand per unit. */
  quantity: QuantityEntry[];
  available: QuantityEntry[];
}

/** `data` of the inventory list routes. */
export interface InventoryPage {
  inventories: InventoryItem[];
  total_count: number;
}

/** Filters of the inventory lists (blank values are left out). */
export interface InventoryFilter {
  query?: string;
  warehouseId?: string;
  categoryId?: string;
}

/** A product of the receive picker (GET /api/products/search). */
export interface ProductOption {
  _id: string;
  name: string;
  code: string;
  quantity: string[];
  category: { _id: string; name: string };
}

/** A direct receipt (POST /api/inventory/incoming). */
export interface ReceiveBody {
  warehouse: string;
  product: string;
  quantity: QuantityEntry[];
  grn: string;
  purchasedPrice?: number;
  depreciationRate?: number;
}

/** A direct issue (POST /api/inventory/outgoing); `id` is the inventory record. */
export interface IssueBody {
  id: string;
  quantity: QuantityEntry[];
  gin: string;
  taken_by?: string;
}

type Named = { _id: string; name: string };

const pageQuery = (page: number, limit: number) => `page=${page}&limit=${limit}`;
const compact = (f: InventoryFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v));

/** The stock calls (spec 7 Inventory); each rejects with the server's message. Pages are 1-based. */
export const stockApi = {
  async search(filter: InventoryFilter, page: number, limit: number): Promise<InventoryPage> {
    return (await apiCall<InventoryPage>('POST', `/inventory/search?${pageQuery(page, limit)}`, compact(filter))).data;
  },
  async low(filter: InventoryFilter, page: number, limit: number): Promise<InventoryPage> {
    const q = new URLSearchParams({ ...compact(filter), page: String(page), limit: String(limit) });
    return (await apiCall<InventoryPage>('GET', `/inventory/stock/low?${q}`)).data;
  },
  receive: (body: ReceiveBody, idempotencyKey?: string) => apiCall('POST', '/inventory/incoming', body, { idempotencyKey }),
  issue: (body: IssueBody, idempotencyKey?: string) => apiCall('POST', '/inventory/outgoing', body, { idempotencyKey }),
  async warehouses(): Promise<Named[]> {
    return (await apiCall<Named[]>('GET', '/warehouses')).data;
  },
  async categories(): Promise<Named[]> {
    return (await apiCall<Named[]>('GET', '/productCategories')).data;
  },
  async products(query: string): Promise<ProductOption[]> {
    const q = new URLSearchParams({ query, page: '1', limit: '20' });
    return (await apiCall<{ products: ProductOption[] }>('GET', `/products/search?${q}`)).data.products;
  },
};
