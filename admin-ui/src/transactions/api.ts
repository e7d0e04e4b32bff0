/** One ledger row (docs/api.md, Transactions). */
export interface Transaction {
  _id: string;
  transaction_type: 'incoming' | 'outgoing';
  product: { _id: string; name: string; code: string; category: { _id: string; name: string } };
  warehouse: { _id: string; name: string };
  user: { _id: string; first_name: string; last_name: string };
  customer: { _id: string; name: string; phone_no: string[] } | null;
  grn: string | null;
  gin: string | null;
  /** A transfer's TRN on its dispatch and receipt rows. */
  trn?: string | null;
  taken_by: string | null;
  quantity: { name: string; value: number }[];
  /** True while the record is on a blind count the user counts: `quantity` is then [] (shown as "Hidden during count"). */
  quantities_hidden?: boolean;
  transaction_date: string;
  /** What the row is. */
  kind: TransactionKind;
  /** On a reversal: the movement it reverses. */
  reverses: { _id: string } | null;
  /** On a reversed movement: its reversal. */
  reversed_by: { _id: string } | null;
  /** The row's remarks: on an adjustment its reason, then its remark (`Damaged: two fell`). */
  remarks?: string | null;
  /** What posted the row: `direct`, `incoming_list`, `outgoing_list` or `adjustment`. */
  source?: string;
  /** The list or adjustment that posted the row. */
  source_id?: string | null;
}

/** The kinds of ledger rows (docs/api.md, Transactions), and approved stock adjustments, transfers and count corrections. */
export const TRANSACTION_KINDS = ['receipt', 'issue', 'list_receipt', 'delivery', 'customer_return', 'reversal', 'adjustment', 'transfer_out', 'transfer_in', 'count_correction', 'opening_stock', 'history_sale', 'history_return'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * The reason of an adjustment's row: the part of its remarks before the remark
 * (`Damaged: two fell` -> `Damaged`), or null for any other row.
 */
export function adjustmentReason(tx: Pick<Transaction, 'kind' | 'remarks'>): string | null {
  if (tx.kind !== 'adjustment') return null;
  return (tx.remarks ?? '').split(': ')[0].trim() || null;
}

/** True for a direct receipt or issue not reversed yet: the rows a warehouseAdmin may reverse. */
export const reversible = (tx: Transaction): boolean => (tx.kind === 'receipt' || tx.kind === 'issue') && !tx.reversed_by;

/** A ledger row as react-admin lists it (the dataProvider adds `id` = `_id`). */
export type TransactionRecord = Transaction & { id: string };

/** The filters of the Transaction Range screen sent as they are (react-admin filter sources = body fields). */
const FILTERS = ['warehouseId', 'categoryId', 'transactionType', 'specificDate', 'grnSearchQuery', 'ginSearchQuery', 'customerSearchQuery', 'productSearchQuery'];

/**
 * The POST /api/transactions/search (and export) body of react-admin's filter values: blank filters
 * left out, `startDate` + `endDate` (YYYY-MM-DD) as `dateRange` only when both days are set, `kind`
 * (one or several) as a list (the dataProvider adds the sort).
 */
export function searchBody(filter: Record<string, unknown>): Record<string, unknown> {
  const text = (key: string): string => (typeof filter[key] === 'string' ? (filter[key] as string).trim() : '');
  const body: Record<string, unknown> = Object.fromEntries(FILTERS.map((key) => [key, text(key)]).filter(([, v]) => v));
  if (text('startDate') && text('endDate')) body.dateRange = [text('startDate'), text('endDate')];
  const kinds = Array.isArray(filter.kind) ? filter.kind.filter((k) => typeof k === 'string' && k) : text('kind') ? [text('kind')] : [];
  if (kinds.length) body.kind = kinds;
  return body;
}
