/**
 * The vocabulary of stock counts (issue 15). The database checks the same statuses
 * (stock_counts_status_ck).
 */

/** counting -> pending_approval -> posted; pending_approval -> counting (returned); counting -> cancelled. */
export const STOCK_COUNT_STATUSES = ['counting', 'pending_approval', 'posted', 'cancelled'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

/** Sort fields of the stock counts page. */
export const STOCK_COUNT_SORT_FIELDS = ['createdAt', 'number', 'status'] as const;
export type StockCountSortField = (typeof STOCK_COUNT_SORT_FIELDS)[number];

/** How a count is named on screens, sheets and ledger remarks: SC-12. */
export const countName = (n: number) => `SC-${n}`;
