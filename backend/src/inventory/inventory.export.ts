import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { InventorySearchDto, type InventoryItemView, type QuantityView } from './dto/inventory-query.dto';

/** Quantities as the Inventory screen writes them: `12 : kg`, one unit per line. */
const quantities = (q: QuantityView[]): string => q.map((e) => `${e.value} : ${e.name}`).join('\n');

/**
 * The inventory and low-stock columns as the Inventory screen labels them (issue 13 export):
 * product, category, code, the warehouse (the screen shows it when more than one is visible),
 * On hand / Reserved / Available / In transit (issue 15) per unit and the buffer stock; the image is
 * left out.
 */
export const INVENTORY_EXPORT_COLUMNS: ExportColumn<InventoryItemView>[] = [
  { header: 'Product Name', value: (i) => i.product.name, width: 28 },
  { header: 'Product Category', value: (i) => i.productCategory.name },
  { header: 'Product Code', value: (i) => i.product.code },
  { header: 'Warehouse', value: (i) => i.warehouse.name },
  { header: 'On hand', value: (i) => quantities(i.quantity) },
  { header: 'Reserved', value: (i) => quantities(i.reserved) },
  { header: 'Available', value: (i) => quantities(i.available) },
  { header: 'In transit', value: (i) => quantities(i.in_transit) },
  { header: 'Buffer Stock', value: (i) => `${i.product.buffer_stock.quantity} : ${i.product.buffer_stock.unit_of_measurement}` },
];

/** GET /api/inventory/export and /api/inventory/stock/low/export query: the list's filters and sort, and `format=csv|xlsx`. */
export class InventoryExportQueryDto extends Exportable(InventorySearchDto) {}
