import type { ImportView } from '@inventory/common';
import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { DATE_TIME_FORMAT, dateCell, personName } from '../common/export/export-values';
import { ImportListQueryDto } from './dto/import.dto';

/** Kinds and statuses as the Import history names them. */
const KIND_LABELS: Record<string, string> = {
  categories: 'Categories',
  products: 'Products',
  customers: 'Customers',
  opening_stock: 'Opening stock',
  sales_history: 'Sales history',
};
const STATUS_LABELS: Record<string, string> = { previewed: 'Previewed', committing: 'Committing', committed: 'Committed', failed: 'Failed', reverted: 'Reverted' };

/** The import history's columns: number, kind, status, file, warehouse, row counts as numbers, who and when (UTC). */
export const IMPORT_EXPORT_COLUMNS: ExportColumn<ImportView>[] = [
  { header: 'Number', value: (i) => i.number },
  { header: 'Kind', value: (i) => KIND_LABELS[i.kind] ?? i.kind },
  { header: 'Status', value: (i) => STATUS_LABELS[i.status] ?? i.status },
  { header: 'File', value: (i) => i.file_name, width: 28 },
  { header: 'Warehouse', value: (i) => i.warehouse?.name ?? null },
  { header: 'Rows', value: (i) => i.rows, numFmt: '0', width: 10 },
  { header: 'To create', value: (i) => i.to_create, numFmt: '0', width: 10 },
  { header: 'To update', value: (i) => i.to_update, numFmt: '0', width: 10 },
  { header: 'Errors', value: (i) => i.error_count, numFmt: '0', width: 10 },
  { header: 'Created By', value: (i) => personName(i.created_by) },
  { header: 'Created At', value: (i) => dateCell(i.createdAt), numFmt: DATE_TIME_FORMAT },
  { header: 'Committed At', value: (i) => dateCell(i.committedAt), numFmt: DATE_TIME_FORMAT },
];

/** GET /api/imports/export query: the history's filters, and `format=csv|xlsx`. */
export class ImportExportQueryDto extends Exportable(ImportListQueryDto) {}
