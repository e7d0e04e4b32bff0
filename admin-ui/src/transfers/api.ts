import type { TransferStatus } from '@inventory/common';
import type { PersonRef } from '../incoming/api';
import { apiCall, saveDownload } from '../providers/httpClient';
import type { QuantityEntry } from '../inventory/api';

/** The list's path; a transfer's page is `${TRANSFERS_PATH}/${id}`. */
export const TRANSFERS_PATH = '/transfers';

/** The statuses of a transfer (@inventory/common): draft → in_transit → received, or cancelled as a draft. */
export { TRANSFER_STATUSES, type TransferStatus } from '@inventory/common';

/** A transfer's line: a stock record of the source warehouse and what moves (docs/api.md, Transfers). */
export interface TransferLine {
  _id: string;
  inventory: { _id: string };
  destination_inventory: { _id: string } | null;
  product: { _id: string; name: string; code: string; units: string[] };
  quantity: QuantityEntry[];
  received: QuantityEntry[] | null;
  shortfall: QuantityEntry[];
  /** The source record's available stock now, while draft. */
  available: QuantityEntry[] | null;
  /** True while draft when the user counts the source record on a blind count: `available` is then [] (shown as "Hidden during count"). */
  available_hidden?: boolean;
}

/** A transfer as GET /api/transfers/one/{id} returns it; the list rows have no lines or remarks. */
export interface Transfer {
  _id: string;
  trn: string;
  status: TransferStatus;
  from_warehouse: { _id: string; name: string };
  to_warehouse: { _id: string; name: string };
  created_by: PersonRef;
  createdAt: string;
  dispatched_by: PersonRef | null;
  dispatchedAt: string | null;
  received_by: PersonRef | null;
  receivedAt: string | null;
  cancelled_by: PersonRef | null;
  cancelledAt: string | null;
  line_count: number;
  latest_remark: string | null;
  lines: TransferLine[];
  remarks: { content: string; remark_by: PersonRef; createdAt: string }[];
  transit_loss_adjustment: { _id: string } | null;
}

export type TransferRecord = Transfer & { id: string };

export { quantityText } from '../inventory/api';

type One = { transfer: Transfer };
const transfer = async (p: Promise<{ data: One }>) => (await p).data.transfer;
const remarkOf = (remark: string) => (remark.trim() ? { remark: remark.trim() } : {});

/** The transfer calls; each rejects with the server's message. Steps take an idempotency key. */
export const transfersApi = {
  one: (id: string) => transfer(apiCall<One>('GET', `/transfers/one/${encodeURIComponent(id)}`)),
  create: (body: { from_warehouse: string; to_warehouse: string; trn: string; remark?: string }, idempotencyKey?: string) =>
    transfer(apiCall<One>('POST', '/transfers/create', body, { idempotencyKey })),
  addLine: (transfer_id: string, inventory: string, quantity: QuantityEntry[]) => transfer(apiCall<One>('POST', '/transfers/product/add', { transfer_id, inventory, quantity })),
  removeLine: (transfer_id: string, line_id: string) => transfer(apiCall<One>('POST', '/transfers/product/remove', { transfer_id, line_id })),
  dispatch: (transfer_id: string, remark: string, idempotencyKey?: string) => transfer(apiCall<One>('POST', '/transfers/dispatch', { transfer_id, ...remarkOf(remark) }, { idempotencyKey })),
  cancel: (transfer_id: string, remark: string) => transfer(apiCall<One>('POST', '/transfers/cancel', { transfer_id, ...remarkOf(remark) })),
  receive: (transfer_id: string, lines: { line_id: string; quantity: QuantityEntry[] }[], remark: string, idempotencyKey?: string) =>
    transfer(apiCall<One>('POST', '/transfers/receive', { transfer_id, lines, ...remarkOf(remark) }, { idempotencyKey })),
  /** Saves the transfer note PDF. */
  note: (t: Transfer) => saveDownload(`/transfers/${t._id}/document`, `transfer_${t.trn}.pdf`),

};
