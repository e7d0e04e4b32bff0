/** The vocabulary of stock counts: the statuses (shared with the admin UI), the sort fields and a count's name. */
export { STOCK_COUNT_STATUSES, type StockCountStatus } from '@inventory/common';

/** Sort fields of the stock counts page. */
export const STOCK_COUNT_SORT_FIELDS = ['createdAt', 'number', 'status'] as const;
export type StockCountSortField = (typeof STOCK_COUNT_SORT_FIELDS)[number];

/** How a count is named on screens, sheets and ledger remarks: SC-12. */
export const countName = (n: number) => `SC-${n}`;
