import { formatPhone } from '@inventory/common';
import type { ExportColumn } from '../common/export/export-stream';
import { IsoDateTime } from '../common/export/iso-date-time';
import { unitColumns } from '../common/export/unit-columns';
import type { TransactionView } from './dto/transaction-search.dto';
import { KIND_LABELS, kindOf } from './transaction-kind';
import { isoDate, type ExportedLedgerRow } from './transactions.rows';

/**
 * What the export's columns read of a transaction: a part of {@link TransactionView}, so a list
 * row fits it as it is (the export equals the list row for row).
 */
export interface ExportedTransaction {
  transaction_type: TransactionView['transaction_type'];
  kind: TransactionView['kind'];
  product: { name: string; code: string; category: { name: string } };
  warehouse: { name: string };
  user: { first_name: string; last_name: string };
  customer: { name: string; phone_no: string[] } | null;
  grn: string | null;
  gin: string | null;
  trn: string | null;
  taken_by: string | null;
  quantity: { name: string; value: number }[];
  transaction_date: string;
  remarks: string | null;
}

/** An exported ledger row in the shape the columns read. */
export function toExportedTransaction(r: ExportedLedgerRow): ExportedTransaction {
  return {
    transaction_type: r.type as TransactionView['transaction_type'],
    kind: kindOf(r),
    product: { name: r.productName, code: r.productCode, category: { name: r.categoryName } },
    warehouse: { name: r.warehouseName },
    user: { first_name: r.userFirstName, last_name: r.userLastName },
    customer: r.customerName === null ? null : { name: r.customerName, phone_no: r.customerPhoneNo ?? [] },
    grn: r.grn,
    gin: r.gin,
    trn: r.trn,
    taken_by: r.takenBy,
    quantity: r.quantity,
    transaction_date: isoDate(r.utcDate),
    remarks: r.remarks,
  };
}

/**
 * The Transaction Range table's columns (issue 13 export): the screen's Product and Transaction
 * Details cells split into their labelled parts (Product, Code, Category; Date, By, To, Taken by,
 * Warehouse), then Type, Kind, Ref and the quantity as one numeric column per unit of
 * `units` (`Quantity (pcs)`). Date as a date-time (UTC). A reversal's Ref is the
 * reference of the movement it reverses (a GRN on a receipt's reversal).
 */
export function transactionExportColumns(units: readonly string[]): ExportColumn<ExportedTransaction>[] {
  return [
    { header: 'Product', value: (t) => t.product.name, width: 28 },
    { header: 'Code', value: (t) => t.product.code },
    { header: 'Category', value: (t) => t.product.category.name },
    { header: 'Date', value: (t) => new IsoDateTime(t.transaction_date), numFmt: 'yyyy-mm-dd hh:mm' },
    { header: 'By', value: (t) => `${t.user.first_name} ${t.user.last_name}` },
    { header: 'To', value: (t) => (t.customer ? `${t.customer.name} (${t.customer.phone_no.map(formatPhone).join(', ')})` : null), width: 28 },
    { header: 'Taken by', value: (t) => t.taken_by },
    { header: 'Warehouse', value: (t) => t.warehouse.name },
    { header: 'Transaction Type', value: (t) => (t.transaction_type === 'incoming' ? 'Incoming' : 'Outgoing') },
    { header: 'Kind', value: (t) => KIND_LABELS[t.kind] },
    { header: 'Ref', value: ref },
    ...unitColumns<ExportedTransaction>('Quantity', units, (t) => t.quantity),
  ];
}

/**
 * `GRN: …` of a receipt, `GIN: …` of an issue; a reversal keeps its original's reference, a
 * customer return its list's GIN; an adjustment has none and names its reason
 * (`Reason: Damaged`, the part of its remarks before the remark); a transfer's rows their TRN;
 * a count correction its count (its remarks, `Count correction SC-12`).
 */
function ref(t: ExportedTransaction): string {
  if (t.kind === 'adjustment') return `Reason: ${(t.remarks ?? '').split(': ')[0]}`;
  if (t.kind === 'transfer_out' || t.kind === 'transfer_in') return `TRN: ${t.trn ?? ''}`;
  if (t.kind === 'count_correction') return t.remarks ?? '';
  const grn = t.kind === 'reversal' ? t.grn !== null : t.kind !== 'customer_return' && t.transaction_type === 'incoming';
  return grn ? `GRN: ${t.grn ?? ''}` : `GIN: ${t.gin ?? ''}`;
}
