/**
 * Stock adjustments: why stock is adjusted and where a request stands. The database checks the
 * same values.
 */

/** The reasons a warehouseAdmin may give when asking for an adjustment. */
export const ADJUSTMENT_REASONS = ['damaged', 'expired', 'lost', 'found', 'other'] as const;
export type RequestedAdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** Every reason an adjustment may have: also `transit_loss`, posted by a transfer's receipt, never requested. */
export const ALL_ADJUSTMENT_REASONS = [...ADJUSTMENT_REASONS, 'transit_loss'] as const;
export type AdjustmentReason = (typeof ALL_ADJUSTMENT_REASONS)[number];

/** `pending_approval` until finance approves (posted to the ledger) or rejects it; both are final. */
export const ADJUSTMENT_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
