import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { DATE_TIME_FORMAT, dateCell, personName } from '../common/export/export-values';
import { TransferListQueryDto } from './dto/transfer.dto';
import type { TransferRowView } from './dto/transfer-view';

/** Statuses as the Transfers screen names them. */
const STATUS_LABELS: Record<string, string> = { draft: 'Draft', in_transit: 'In transit', received: 'Received', cancelled: 'Cancelled' };

/** The transfer list's columns: TRN, status, both warehouses, lines, who and when (UTC) of each step, the latest remark. */
export const TRANSFER_EXPORT_COLUMNS: ExportColumn<TransferRowView>[] = [
  { header: 'TRN', value: (t) => t.trn },
  { header: 'Status', value: (t) => STATUS_LABELS[t.status] ?? t.status },
  { header: 'From', value: (t) => t.from_warehouse.name },
  { header: 'To', value: (t) => t.to_warehouse.name },
  { header: 'Lines', value: (t) => t.line_count, numFmt: '0', width: 8 },
  { header: 'Created By', value: (t) => personName(t.created_by) },
  { header: 'Created At', value: (t) => dateCell(t.createdAt), numFmt: DATE_TIME_FORMAT },
  { header: 'Dispatched At', value: (t) => dateCell(t.dispatchedAt), numFmt: DATE_TIME_FORMAT },
  { header: 'Received At', value: (t) => dateCell(t.receivedAt), numFmt: DATE_TIME_FORMAT },
  { header: 'Remarks', value: (t) => t.latest_remark, width: 40 },
];

/** GET /api/transfers/export query: the list's filters and sort, and `format=csv|xlsx`. */
export class TransferExportQueryDto extends Exportable(TransferListQueryDto) {}
