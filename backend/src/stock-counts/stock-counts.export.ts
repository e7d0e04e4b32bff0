import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { DATE_TIME_FORMAT, dateCell, personName } from '../common/export/export-values';
import { StockCountListQueryDto } from './dto/stock-count.dto';
import type { StockCountRowView } from './dto/stock-count-view';
import { countName } from './stock-count-rules';

/** Statuses as the Stock counts screen names them. */
const STATUS_LABELS: Record<string, string> = { counting: 'Counting', pending_approval: 'Pending Approval', posted: 'Posted', cancelled: 'Cancelled' };

/** The stock count list's columns: SC-n, status, warehouse, category, blind, lines and lines counted (numbers), who and when (UTC). */
export const STOCK_COUNT_EXPORT_COLUMNS: ExportColumn<StockCountRowView>[] = [
  { header: 'Count', value: (c) => countName(c.number) },
  { header: 'Status', value: (c) => STATUS_LABELS[c.status] ?? c.status },
  { header: 'Warehouse', value: (c) => c.warehouse.name },
  { header: 'Category', value: (c) => c.category?.name ?? null },
  { header: 'Blind', value: (c) => (c.blind ? 'Yes' : 'No'), width: 8 },
  { header: 'Lines', value: (c) => c.line_count, numFmt: '0', width: 8 },
  { header: 'Counted', value: (c) => c.counted_count, numFmt: '0', width: 10 },
  { header: 'Created By', value: (c) => personName(c.created_by) },
  { header: 'Created At', value: (c) => dateCell(c.createdAt), numFmt: DATE_TIME_FORMAT },
  { header: 'Approved At', value: (c) => dateCell(c.approvedAt), numFmt: DATE_TIME_FORMAT },
];

/** GET /api/stockCounts/export query: the list's filters and sort, and `format=csv|xlsx`. */
export class StockCountExportQueryDto extends Exportable(StockCountListQueryDto) {}
