import type { AuditAction, AuditEntity } from '@inventory/common';

/** The field names the audit log stores (a dotted path names each segment), shown as they are in English (issue 18). */
const STORED_FIELDS = [
  'name', 'code', 'description', 'address', 'email', 'phone', 'phone_no', 'first_name', 'last_name', 'role', 'warehouse',
  'warehouse_name', 'status', 'remark', 'remarks', 'removed', 'quantity', 'product', 'inventory', 'grn', 'gin', 'trn', 'fs_number',
  'customer', 'company', 'tin', 'reason', 'kind', 'file', 'rows', 'taken_by', 'reversed_by', 'returned', 'reserved', 'released',
  'received', 'issued', 'dispatched', 'image', 'purchasedPrice', 'purchasedDate', 'depreciationRate', 'unitPrice', 'category',
  'specifications', 'quantity_measurement', 'buffer_stock', 'unit_of_measurement', 'transactions', 'customer_return',
  'merged_into_line', 'blind', 'counted', 'to_warehouse', 'from_warehouse', 'calendar',
] as const;

/** The stored values (statuses, yes/no) the audit log shows, as they are in English (issue 18). */
const STORED_VALUES = [
  'true', 'false', 'draft', 'submitted', 'pending_sales_supervisor_approval', 'pending_import_admin_approval', 'pending_finance_approval',
  'pending_approval', 'approved', 'delivered', 'cancelled', 'in_transit', 'received', 'counting', 'posted', 'rejected', 'previewed',
  'committing', 'committed', 'reverted', 'failed', 'gregorian', 'ethiopian',
] as const;

const asStored = <T extends string>(names: readonly T[]) => Object.fromEntries(names.map((n) => [n, n as string])) as Record<T, string>;

/** Strings of the Audit Log screen and the History panels (issue 14), merged into src/i18n/en.ts. */
export const auditMessages = {
  title: 'Audit Log',
  menu: 'Audit Log',
  time: 'Time',
  user: 'User',
  action: 'Action',
  record: 'Record',
  changes: 'Changes',
  record_kind: 'Record kind',
  record_id: 'Record id',
  record_id_invalid: 'Enter a complete record id',
  from: 'From',
  to: 'To',
  all: 'All',
  reset: 'Reset Filters',
  no_rows: 'No events found',
  capped: 'More than %{count} events match: the count stops there. Narrow the filters to count them.',
  no_changes: 'No field changes',
  open_record: 'Open this record',
  more_changes: 'Show %{count} more',
  fewer_changes: 'Show fewer',
  by: 'By',
  /** A change of a list's line: `line <product>` as stored. */
  line: 'line %{name}',
  fields: asStored(STORED_FIELDS),
  values: asStored(STORED_VALUES),
  history: {
    title: 'Change history',
    empty: 'No changes recorded',
    show_more: 'Show more',
    loading: 'Loading the change history',
    failed: 'The change history could not be loaded',
  },
  entities: {
    product: 'Product',
    category: 'Category',
    warehouse: 'Warehouse',
    customer: 'Customer',
    user: 'Staff member',
    incoming_list: 'Incoming list',
    outgoing_list: 'Outgoing list',
    transaction: 'Transaction',
    adjustment: 'Adjustment',
    transfer: 'Transfer',
    stock_count: 'Stock count',
    import: 'Import',
  } satisfies Record<AuditEntity, string>,
  actions: {
    create: 'Created',
    update: 'Updated',
    remove: 'Removed',
    activate: 'Restored',
    reset_password: 'Password reset',
    change_password: 'Password changed',
    add_line: 'Line added',
    update_line: 'Line updated',
    remove_line: 'Line removed',
    submit: 'Submitted',
    confirm: 'Confirmed',
    approve: 'Approved',
    deliver: 'Delivered',
    return: 'Returned',
    cancel: 'Cancelled',
    reject: 'Rejected',
    customer_return: 'Customer return',
    dispatch: 'Dispatched',
    receive: 'Received',
    upload: 'Sheet uploaded',
    receipt: 'Receipt',
    issue: 'Issue',
    reverse: 'Reversed',
    commit: 'Committed',
    revert: 'Reverted',
    sign_in: 'Signed in',
    sign_in_failed: 'Sign-in failed',
  } satisfies Record<AuditAction, string>,
};
