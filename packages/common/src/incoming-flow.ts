/**
 * The incoming list (GRN) workflow: draft → pending_import_admin_approval → pending_finance_approval
 * → approved, with returns to draft and cancellation. The API enforces it and the admin UI offers
 * only what it allows.
 */
import type { WorkflowRules } from './workflow';

/**
 * Every status of an incoming list. `pending` and `pending_approval` are legacy statuses this
 * product never produces; they are accepted as filters.
 */
export const INCOMING_STATUSES = [
  'draft',
  'pending',
  'pending_approval',
  'pending_import_admin_approval',
  'pending_finance_approval',
  'approved',
  'cancelled',
] as const;
export type IncomingStatus = (typeof INCOMING_STATUSES)[number];

/** The statuses of lists awaiting someone's approval (the Pending Approval page). */
export const PENDING_INCOMING_STATUSES: readonly IncomingStatus[] = INCOMING_STATUSES.filter((s) => s.startsWith('pending'));

/** A step of the incoming flow. */
export type IncomingStep = 'submit' | 'confirm' | 'approve';

/**
 * The incoming flow: the warehouseAdmin submits a draft, the importAdmin confirms, finance
 * approves (stock is received). The importAdmin returns at its own step and finance at its own;
 * the warehouseAdmin cancels a draft (final). Lines change in draft (warehouseAdmin) and at the
 * importAdmin's step (warehouseAdmin or importAdmin), never later.
 */
export const INCOMING_FLOW = {
  steps: {
    submit: { permission: 'incoming.submit', from: 'draft', to: 'pending_import_admin_approval' },
    confirm: { permission: 'incoming.confirm', from: 'pending_import_admin_approval', to: 'pending_finance_approval' },
    approve: { permission: 'incoming.approve', from: 'pending_finance_approval', to: 'approved' },
  },
  corrections: {
    return: { permission: 'incoming.return', to: 'draft', from: { importAdmin: 'pending_import_admin_approval', finance: 'pending_finance_approval' } },
    cancel: { permission: 'incoming.cancel', to: 'cancelled', from: { warehouseAdmin: 'draft' } },
  },
  lineEditors: {
    draft: ['warehouseAdmin'],
    pending_import_admin_approval: ['warehouseAdmin', 'importAdmin'],
  },
} as const satisfies WorkflowRules<IncomingStatus, IncomingStep>;
