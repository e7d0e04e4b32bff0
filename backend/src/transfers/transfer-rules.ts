/**
 * The vocabulary of transfers between warehouses (issue 15). The database checks the same
 * statuses (stock_transfers_status_ck).
 */

/** draft -> in_transit (dispatched) -> received; draft -> cancelled. */
export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Sort fields of the transfers page. */
export const TRANSFER_SORT_FIELDS = ['createdAt', 'trn', 'status'] as const;
export type TransferSortField = (typeof TRANSFER_SORT_FIELDS)[number];
