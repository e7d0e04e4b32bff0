/**
 * The outgoing list (GIN) workflow: draft → pending_sales_supervisor_approval →
 * pending_finance_approval → approved (stock reserved) → delivered (stock issued), with returns to
 * draft and cancellation. The API enforces it and the admin UI offers only what it allows.
 */
import type { WorkflowRules } from './workflow';

/** Every status of an outgoing list. `pending_approval` is a legacy status this product never produces. */
export const OUTGOING_STATUSES = [
  'draft',
  'pending_sales_supervisor_approval',
  'pending_approval',
  'pending_finance_approval',
  'approved',
  'delivered',
  'cancelled',
] as const;
export type OutgoingStatus = (typeof OUTGOING_STATUSES)[number];

/** A step of the outgoing flow. */
export type OutgoingStepName = 'submit' | 'verify' | 'approve' | 'deliver';

/** The steps in flow order. */
export const OUTGOING_STEP_ORDER: readonly OutgoingStepName[] = ['submit', 'verify', 'approve', 'deliver'];

/**
 * The outgoing flow: sales submits a draft, the salesSupervisor verifies, finance approves
 * (reserving the stock), the warehouseAdmin confirms the delivery (issuing it). The salesSupervisor
 * and finance return at their own step; sales cancels a draft, finance an approved list not yet
 * delivered (releasing the reservation). Lines change in draft (sales) and at the supervisor's step
 * (sales or salesSupervisor), never later.
 */
export const OUTGOING_FLOW = {
  steps: {
    submit: { permission: 'outgoing.submit', from: 'draft', to: 'pending_sales_supervisor_approval' },
    verify: { permission: 'outgoing.verify', from: 'pending_sales_supervisor_approval', to: 'pending_finance_approval' },
    approve: { permission: 'outgoing.approve', from: 'pending_finance_approval', to: 'approved' },
    deliver: { permission: 'outgoing.deliver', from: 'approved', to: 'delivered' },
  },
  corrections: {
    return: { permission: 'outgoing.return', to: 'draft', from: { salesSupervisor: 'pending_sales_supervisor_approval', finance: 'pending_finance_approval' } },
    cancel: { permission: 'outgoing.cancel', to: 'cancelled', from: { sales: 'draft', finance: 'approved' } },
  },
  lineEditors: {
    draft: ['sales'],
    pending_sales_supervisor_approval: ['sales', 'salesSupervisor'],
  },
} as const satisfies WorkflowRules<OutgoingStatus, OutgoingStepName>;

