/**
 * The vocabulary of stock adjustments (issue 15): why stock is adjusted and where a request stands.
 * The database checks the same values (stock_adjustments_reason_ck, stock_adjustments_status_ck).
 */

/** Why stock is added or removed: the reasons a warehouseAdmin may give. */
export const ADJUSTMENT_REASONS = ['damaged', 'expired', 'lost', 'found', 'other'] as const;
/** Every reason an adjustment may have: also `transit_loss`, posted by a transfer's receipt (issue 15), never requested. */
export const ALL_ADJUSTMENT_REASONS = [...ADJUSTMENT_REASONS, 'transit_loss'] as const;
export type AdjustmentReason = (typeof ALL_ADJUSTMENT_REASONS)[number];

/** `pending_approval` until finance approves (posted) or rejects it; both are final. */
export const ADJUSTMENT_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

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
