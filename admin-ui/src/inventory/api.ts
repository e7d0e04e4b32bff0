import { apiCall } from '../providers/httpClient';

/** A quantity entry `{name, value}`. */
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
  /** On hand per unit (the spec's name; `on_hand` is the same). */
  quantity: QuantityEntry[];
  /** On hand per unit. */
  on_hand: QuantityEntry[];
  /** Reserved per unit by approved outgoing lists not yet delivered. */
  reserved: QuantityEntry[];
  /** On hand - reserved, per unit. */
  available: QuantityEntry[];
  /** Dispatched to this record by transfers not yet received, per unit; [] when none. */
  in_transit?: QuantityEntry[];
  /** True while the record is on a blind count the user counts: every quantity above is then [] (shown as "Hidden during count"). */
  quantities_hidden?: boolean;
}

/** Quantities as a person reads them: "10 pcs, 2 box" (empty for none). */
export const quantityText = (q: QuantityEntry[] | null | undefined): string => (q ?? []).map((e) => `${e.value} ${e.name}`).join(', ');

/** An inventory row as react-admin lists it (the dataProvider adds `id` = `_id`). */
export type InventoryRecord = InventoryItem & { id: string };

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

/**
 * The stock moves; each rejects with the server's message. The lists are
 * react-admin resources (resource.ts).
 */
export const stockApi = {
  receive: (body: ReceiveBody, idempotencyKey?: string) => apiCall('POST', '/inventory/incoming', body, { idempotencyKey }),
  issue: (body: IssueBody, idempotencyKey?: string) => apiCall('POST', '/inventory/outgoing', body, { idempotencyKey }),
};
