/**
 * The vocabulary of stock adjustments: the reasons and statuses (shared with the admin UI) and how
 * a reason reads in the ledger and exports.
 */
import type { AdjustmentReason } from '@inventory/common';

export { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES, ALL_ADJUSTMENT_REASONS, type AdjustmentReason, type AdjustmentStatus } from '@inventory/common';

/** How a reason reads (the ledger rows' remarks, the export's Ref). */
export const REASON_LABELS: Record<AdjustmentReason, string> = {
  damaged: 'Damaged',
  expired: 'Expired',
  lost: 'Lost',
  found: 'Found',
  other: 'Other',
  transit_loss: 'Transit loss',
};

/** The remarks of an adjustment's ledger rows: the reason and the remark, `Damaged: Pallet dropped by the forklift`. */
export const ledgerRemarks = (reason: AdjustmentReason, remark: string): string => `${REASON_LABELS[reason]}: ${remark}`;
