/**
 * The audit trail's vocabulary, shared by the API (validation, export) and the admin UI
 * (filters, History panel): the record kinds (`entity`), what was done to them (`action`; workflow
 * steps are named after their routes) and how a change reads: `price: 120.00 -> 135.00`.
 */
export const AUDIT_ENTITIES = ['product', 'category', 'warehouse', 'customer', 'user', 'incoming_list', 'outgoing_list', 'transaction', 'adjustment', 'transfer', 'stock_count', 'import'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'remove',
  'activate',
  'reset_password',
  'change_password',
  'add_line',
  'update_line',
  'remove_line',
  'submit',
  'confirm',
  'approve',
  'deliver',
  'return',
  'cancel',
  'reject',
  'customer_return',
  'dispatch',
  'receive',
  'upload',
  'commit',
  'revert',
  'receipt',
  'issue',
  'reverse',
  'sign_in',
  'sign_in_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its dotted path (`buffer_stock.quantity`) and the values before and after (null: none). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** How a missing value (null, undefined) reads in a change. */
export const AUDIT_NONE = '—';

/** A value of a change: text and numbers as they are, lists and objects as compact JSON, {@link AUDIT_NONE} for none. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return AUDIT_NONE;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A change as one line: `price: 120.00 -> 135.00`. */
export const auditChangeText = (c: AuditChange): string => `${c.field}: ${auditValueText(c.before)} -> ${auditValueText(c.after)}`;
