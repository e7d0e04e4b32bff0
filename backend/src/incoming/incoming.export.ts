import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { IncomingListQueryDto, type IncomingListSummary, type PersonRef, type RemarkView } from './dto/incoming-list.dto';

/** Status names as the Incoming screens show them. */
const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  pending: 'Pending',
  pending_approval: 'Pending Approval',
  pending_import_admin_approval: 'Pending Import Admin Approval',
  pending_finance_approval: 'Pending Finance Approval',
  approved: 'Approved',
  cancelled: 'Cancelled',
};

const name = (p: PersonRef | null) => (p ? `${p.first_name} ${p.last_name}` : null);

/** The latest remark as the list tables show it: `First Last: text`; empty when none. */
export const latestRemarkText = (remark: RemarkView | null): string | null => (remark ? `${name(remark.remark_by)}: ${remark.content}` : null);

/** The incoming list table's columns and labels (issue 13 export); Created At as a date-time (UTC). */
export const INCOMING_EXPORT_COLUMNS: ExportColumn<IncomingListSummary>[] = [
  { header: 'GRN', value: (l) => l.grn },
  { header: 'Status', value: (l) => STATUS_LABELS[l.status] ?? l.status, width: 28 },
  { header: 'Created By', value: (l) => name(l.created_by) },
  { header: 'Created At', value: (l) => new Date(l.createdAt), numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'Remarks', value: (l) => latestRemarkText(l.latest_remark), width: 40 },
  { header: 'Warehouse', value: (l) => l.warehouse.name },
];

/** GET /api/incomingLists/export query: the list's filters, and `format=csv|xlsx`. */
export class IncomingExportQueryDto extends Exportable(IncomingListQueryDto) {}
