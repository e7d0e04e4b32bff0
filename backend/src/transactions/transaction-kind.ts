import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { stockTransactions as t } from '../database/schema';

/**
 * What a ledger row is, derived from what the row records: its source, its type and
 * the movement it reverses. A new kind (e.g. `customer_return`) adds its value here, its
 * condition in {@link KIND_CONDITIONS}, its case in {@link kindOf} and its export label.
 */
export const TRANSACTION_KINDS = ['receipt', 'issue', 'list_receipt', 'delivery', 'customer_return', 'reversal', 'adjustment', 'transfer_out', 'transfer_in', 'count_correction', 'opening_stock', 'history_sale', 'history_return'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** The export's labels of the kinds. */
export const KIND_LABELS: Record<TransactionKind, string> = {
  receipt: 'Receipt',
  issue: 'Issue',
  list_receipt: 'List receipt',
  delivery: 'Delivery',
  customer_return: 'Customer return',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  count_correction: 'Count correction',
  opening_stock: 'Opening stock',
  history_sale: 'Sale (history)',
  history_return: 'Customer return (history)',
};

/** The kind of a row from its type, source and reverses_id. */
export function kindOf(r: { type: string; source: string; reversesId: string | null }): TransactionKind {
  if (r.reversesId) return 'reversal';
  if (r.source === 'incoming_list') return 'list_receipt';
  // an approved stock adjustment: incoming adds, outgoing removes; remarks carry the reason
  if (r.source === 'adjustment') return 'adjustment';
  // A transfer's dispatch (outgoing) and receipt (incoming); a stock count's correction
  if (r.source === 'transfer') return r.type === 'incoming' ? 'transfer_in' : 'transfer_out';
  if (r.source === 'stock_count') return 'count_correction';
  // Opening stock received by an import; sales history (a sale, or a negative line: a return)
  if (r.source === 'import') return 'opening_stock';
  if (r.source === 'import_history') return r.type === 'incoming' ? 'history_return' : 'history_sale';
  // goods a customer sent back: an incoming row linked to the outgoing list
  if (r.source === 'outgoing_list') return r.type === 'incoming' ? 'customer_return' : 'delivery';
  return r.type === 'incoming' ? 'receipt' : 'issue';
}

const direct = and(eq(t.source, 'direct'), isNull(t.reversesId));

/** The ledger rows of each kind, the exact inverse of {@link kindOf}. */
export const KIND_CONDITIONS: Record<TransactionKind, SQL> = {
  receipt: and(direct, eq(t.transactionType, 'incoming'))!,
  issue: and(direct, eq(t.transactionType, 'outgoing'))!,
  list_receipt: eq(t.source, 'incoming_list'),
  delivery: and(eq(t.source, 'outgoing_list'), eq(t.transactionType, 'outgoing'))!,
  customer_return: and(eq(t.source, 'outgoing_list'), eq(t.transactionType, 'incoming'))!,
  reversal: isNotNull(t.reversesId),
  adjustment: and(eq(t.source, 'adjustment'), isNull(t.reversesId))!,
  transfer_out: and(eq(t.source, 'transfer'), eq(t.transactionType, 'outgoing'))!,
  transfer_in: and(eq(t.source, 'transfer'), eq(t.transactionType, 'incoming'))!,
  count_correction: eq(t.source, 'stock_count'),
  opening_stock: and(eq(t.source, 'import'), isNull(t.reversesId))!,
  history_sale: and(eq(t.source, 'import_history'), eq(t.transactionType, 'outgoing'), isNull(t.reversesId))!,
  history_return: and(eq(t.source, 'import_history'), eq(t.transactionType, 'incoming'), isNull(t.reversesId))!,
};

/** Rows of any of `kinds`. */
export function kindCondition(kinds: readonly TransactionKind[]): SQL | undefined {
  return or(...kinds.map((k) => KIND_CONDITIONS[k]));
}
