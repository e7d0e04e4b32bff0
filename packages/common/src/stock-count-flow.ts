/**
 * Stock counts: counting → pending_approval → posted; finance may return a count to counting, and
 * a count still counting may be cancelled. The database checks the same statuses.
 */
export const STOCK_COUNT_STATUSES = ['counting', 'pending_approval', 'posted', 'cancelled'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];
