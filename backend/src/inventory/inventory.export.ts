import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { QUANTITY_FORMAT, unitColumns } from '../common/export/unit-columns';
import { InventorySearchDto, type InventoryItemView } from './dto/inventory-query.dto';

/**
 * The inventory and low-stock columns as the Inventory screen labels them (issue 13 export):
 * product, category, code, the warehouse (the screen shows it when more than one is visible), then
 * On hand / Reserved / Available / In transit as one numeric column per unit of `units`
 * (`On hand (pcs)`), and the buffer stock as its quantity and its unit; the image is left
 * out.
 */
export function inventoryExportColumns(units: readonly string[]): ExportColumn<InventoryItemView>[] {
  return [
    { header: 'Product Name', value: (i) => i.product.name, width: 28 },
    { header: 'Product Category', value: (i) => i.productCategory.name },
    { header: 'Product Code', value: (i) => i.product.code },
    { header: 'Warehouse', value: (i) => i.warehouse.name },
    ...unitColumns<InventoryItemView>('On hand', units, (i) => i.quantity),
    ...unitColumns<InventoryItemView>('Reserved', units, (i) => i.reserved),
    ...unitColumns<InventoryItemView>('Available', units, (i) => i.available),
    ...unitColumns<InventoryItemView>('In transit', units, (i) => i.in_transit),
    { header: 'Buffer Stock', value: (i) => Number(i.product.buffer_stock.quantity), numFmt: QUANTITY_FORMAT },
    { header: 'Buffer Stock Unit', value: (i) => i.product.buffer_stock.unit_of_measurement },
  ];
}

/** GET /api/inventory/export and /api/inventory/stock/low/export query: the list's filters and sort, and `format=csv|xlsx`. */
export class InventoryExportQueryDto extends Exportable(InventorySearchDto) {}
