/** The vocabulary of transfers between warehouses: the statuses (shared with the admin UI) and the sort fields. */
export { TRANSFER_STATUSES, type TransferStatus } from '@inventory/common';

/** Sort fields of the transfers page. */
export const TRANSFER_SORT_FIELDS = ['createdAt', 'trn', 'status'] as const;
export type TransferSortField = (typeof TRANSFER_SORT_FIELDS)[number];
