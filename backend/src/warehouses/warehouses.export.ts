import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { WarehouseListQueryDto, type WarehouseView } from './dto/warehouse.dto';

/** The warehouse list's columns as the Warehouses screen labels them. */
export const WAREHOUSE_EXPORT_COLUMNS: ExportColumn<WarehouseView>[] = [
  { header: 'Name', value: (w) => w.name, width: 28 },
  { header: 'Address', value: (w) => w.address, width: 36 },
];

/** GET /api/warehouses/export query: the list's sort, and `format=csv|xlsx`. */
export class WarehouseExportQueryDto extends Exportable(WarehouseListQueryDto) {}
