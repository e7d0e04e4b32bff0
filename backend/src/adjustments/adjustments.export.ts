import { Exportable, type ExportColumn } from '../common/export/export-stream';
import { DATE_TIME_FORMAT, dateCell, personName } from '../common/export/export-values';
import { unitColumns } from '../common/export/unit-columns';
import { AdjustmentListQueryDto } from './dto/adjustment.dto';
import type { AdjustmentView } from './dto/adjustment-view';

/** Reasons as the Adjustments screen names them. */
const REASON_LABELS: Record<string, string> = {
  damaged: 'Damaged',
  expired: 'Expired',
  lost: 'Lost',
  found: 'Found',
  other: 'Other',
  transit_loss: 'Lost in transit',
};

/** Statuses as the Adjustments screen names them. */
const STATUS_LABELS: Record<string, string> = { pending_approval: 'Pending Approval', approved: 'Approved', rejected: 'Rejected' };

/**
 * The adjustment list's columns: Created At (UTC), the product, its code, the
 * warehouse, the signed quantity as one numeric column per unit of `units` (`Quantity (pcs)`:
 * positive adds, negative removes), reason, remark, status, who asked and who decided, when.
 */
export function adjustmentExportColumns(units: readonly string[]): ExportColumn<AdjustmentView>[] {
  return [
    { header: 'Created At', value: (a) => dateCell(a.createdAt), numFmt: DATE_TIME_FORMAT },
    { header: 'Product', value: (a) => a.product.name, width: 28 },
    { header: 'Code', value: (a) => a.product.code },
    { header: 'Warehouse', value: (a) => a.warehouse.name },
    ...unitColumns<AdjustmentView>('Quantity', units, (a) => a.quantity),
    { header: 'Reason', value: (a) => REASON_LABELS[a.reason] ?? a.reason },
    { header: 'Remarks', value: (a) => a.remark, width: 40 },
    { header: 'Status', value: (a) => STATUS_LABELS[a.status] ?? a.status },
    { header: 'Created By', value: (a) => personName(a.created_by) },
    { header: 'Decided By', value: (a) => personName(a.decided_by) },
    { header: 'Decided At', value: (a) => dateCell(a.decidedAt), numFmt: DATE_TIME_FORMAT },
  ];
}

/** GET /api/adjustments/export query: the list's filters and sort, and `format=csv|xlsx`. */
export class AdjustmentExportQueryDto extends Exportable(AdjustmentListQueryDto) {}
