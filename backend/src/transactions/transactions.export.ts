import type { ExportColumn } from '../common/export/export-stream';
import type { TransactionView } from './dto/transaction-search.dto';

/**
 * The Transaction Range table's columns (issue 13 export): the screen's Product and Transaction
 * Details cells split into their labelled parts (Product, Code, Category; Date, By, To, Taken by,
 * Warehouse), then Type, Ref and Quantity as shown. Date as a date-time (UTC).
 */
export const TRANSACTION_EXPORT_COLUMNS: ExportColumn<TransactionView>[] = [
  { header: 'Product', value: (t) => t.product.name, width: 28 },
  { header: 'Code', value: (t) => t.product.code },
  { header: 'Category', value: (t) => t.product.category.name },
  { header: 'Date', value: (t) => new Date(t.transaction_date), numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'By', value: (t) => `${t.user.first_name} ${t.user.last_name}` },
  { header: 'To', value: (t) => (t.customer ? `${t.customer.name} (${t.customer.phone_no.map((p) => `+251 ${p}`).join(', ')})` : null), width: 28 },
  { header: 'Taken by', value: (t) => t.taken_by },
  { header: 'Warehouse', value: (t) => t.warehouse.name },
  { header: 'Transaction Type', value: (t) => (t.transaction_type === 'incoming' ? 'Incoming' : 'Outgoing') },
  { header: 'Ref', value: (t) => (t.transaction_type === 'incoming' ? `GRN: ${t.grn ?? ''}` : `GIN: ${t.gin ?? ''}`) },
  { header: 'Quantity', value: (t) => t.quantity.map((q) => `${q.value} : ${q.name}`).join('\n') },
];
