import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { ListCount } from '../../common/http/envelope';
import { OptionalPageDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';
import { trim } from '../../common/http/transforms';

/**
 * Sort fields of the inventory and low-stock lists: product name and code, category and
 * warehouse names, `available` (on hand - reserved in the product's buffer unit), the purchase
 * fields and the record's timestamps.
 */
export const INVENTORY_SORT_FIELDS = [
  'product_name',
  'product_code',
  'category',
  'warehouse',
  'available',
  'purchasedPrice',
  'purchasedDate',
  'createdAt',
  'updatedAt',
] as const;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[number];

/**
 * Inventory filters (POST api/inventory/search, body or query parameters):
 * `query` or `productQuery` match product name, code or description; page (1-based, default 1)
 * and limit (default 10, at most 100); `sort`/`order` ({@link INVENTORY_SORT_FIELDS}).
 * No class defaults, so body fields can override query ones.
 */
export class InventorySearchDto extends Sortable(INVENTORY_SORT_FIELDS, OptionalPageDto) {
  /** Text matched against product name, code and description. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  query?: string;

  /** Same as `query` (the original client's name). */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  productQuery?: string;

  /** Only this warehouse; users tied to a warehouse may only ask for theirs (403). */
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsUUID('all', { message: 'warehouseId must be a valid id' })
  warehouseId?: string;

  /** Only this product category. */
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsUUID('all', { message: 'categoryId must be a valid id' })
  categoryId?: string;
}

/** A quantity entry as the API returns it. */
export interface QuantityView {
  name: string;
  value: number;
}

/** One inventory record as the API lists it (Inventory list item + Inventory record). */
export interface InventoryItemView {
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
  /**
   * True while the record is on a blind stock count the reading user counts (a warehouseAdmin of
   * the count's warehouse, until the count is submitted): quantity, on_hand, reserved, available
   * and in_transit are then [].
   */
  quantities_hidden: boolean;
  /** On hand per unit (the spec's name; `on_hand` is the same). */
  quantity: QuantityView[];
  /** On hand per unit, from stock_levels. */
  on_hand: QuantityView[];
  /** Reserved per unit by approved outgoing lists not yet delivered. */
  reserved: QuantityView[];
  /** on hand - reserved per unit. */
  available: QuantityView[];
  /** Dispatched to this record by transfers not yet received, per unit; [] when none. */
  in_transit: QuantityView[];
  purchasedPrice: number | null;
  depreciationRate: number | null;
  purchasedDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `data` of the inventory list routes. */
export interface InventoryPage extends ListCount {
  inventories: InventoryItemView[];
}
