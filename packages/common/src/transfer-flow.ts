/** Transfers between warehouses: draft → in_transit (dispatched) → received; a draft may be cancelled. The database checks the same statuses. */
export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
