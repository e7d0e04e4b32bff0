/**
 * What the audit trail records (issue 14): the record kinds (`entity`) and what was done to them
 * (`action`). Workflow steps are named after their routes.
 */
export const AUDIT_ENTITIES = [
  'product',
  'category',
  'warehouse',
  'customer',
  'user',
  'incoming_list',
  'outgoing_list',
  'transaction',
] as const;
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
  'customer_return',
  'receipt',
  'issue',
  'reverse',
  'sign_in',
  'sign_in_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
