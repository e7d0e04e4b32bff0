import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { latestRemarkText } from '../incoming/incoming.export';
import { ListQueryDto } from './dto/outgoing.dto';
import type { OutgoingListSummary } from './dto/outgoing-view';

/** Status names as the Outgoing screens show them. */
const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  pending_sales_supervisor_approval: 'Pending Sales Supervisor Approval',
  pending_approval: 'Pending Approval',
  pending_finance_approval: 'Pending Finance Approval',
  approved: 'Approved',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The outgoing list table's columns and labels: Created At as a date-time (UTC),
 * then FS No., the number of lines and the list's total as the screen shows it (`total_price`: every
 * priced unit of every line, ETB with VAT), a number with two decimals.
 */
export const OUTGOING_EXPORT_COLUMNS: ExportColumn<OutgoingListSummary>[] = [
  { header: 'GIN', value: (l) => l.gin },
  { header: 'Status', value: (l) => STATUS_LABELS[l.status] ?? l.status, width: 28 },
  { header: 'Customer', value: (l) => l.customer.name, width: 24 },
  { header: 'Created By', value: (l) => (l.created_by ? `${l.created_by.first_name} ${l.created_by.last_name}` : null) },
  { header: 'Created At', value: (l) => new Date(l.createdAt), numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Remarks', value: (l) => latestRemarkText(l.latest_remark), width: 40 },
  { header: 'Warehouse', value: (l) => l.warehouse.name },
  { header: 'FS No.', value: (l) => l.fs_number },
  { header: 'Lines', value: (l) => l.line_count, numFmt: '0', width: 8 },
  { header: 'Total (ETB)', value: (l) => Number(l.total_price), numFmt: '#,##0.00', width: 16 },
];

/** GET /api/outgoingLists/export query: the list's filters, and `format=csv|xlsx`. */
export class OutgoingExportQueryDto extends Exportable(ListQueryDto) {}
