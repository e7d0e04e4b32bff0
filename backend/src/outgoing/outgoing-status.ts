import { ConflictException, ForbiddenException } from '@nestjs/common';
import type { Role } from '@inventory/common';

/**
 * Outgoing list statuses (spec 4). The flow is linear:
 * draft → pending_sales_supervisor_approval → pending_finance_approval → approved → delivered.
 * Issue 14: a list can be returned to draft from either approval, or cancelled (final).
 * `pending_approval` is a legacy status of the spec that this product never produces.
 */
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

/** A workflow step: the status it starts from, the one it leads to and its success message. */
export interface OutgoingStep {
  name: string;
  from: OutgoingStatus;
  to: OutgoingStatus;
}

export const STEPS = {
  submit: { name: 'Submitting for sales supervisor approval', from: 'draft', to: 'pending_sales_supervisor_approval' },
  verify: { name: 'Supervisor confirmation', from: 'pending_sales_supervisor_approval', to: 'pending_finance_approval' },
  approve: { name: 'Finance approval', from: 'pending_finance_approval', to: 'approved' },
  deliver: { name: 'Delivery confirmation', from: 'approved', to: 'delivered' },
} as const satisfies Record<string, OutgoingStep>;

/** A correction of issue 14: send a list back to draft with a reason, or cancel it for good. */
export type OutgoingCorrection = 'return' | 'cancel';

/**
 * The status each role may return or cancel a list from (issue 14): salesSupervisor and finance
 * return at their own step; sales cancels a draft, finance an approved list (not yet delivered),
 * releasing its reservation. Return leads to draft, cancel to cancelled.
 */
export const CORRECTIONS: Record<OutgoingCorrection, { name: string; to: OutgoingStatus; from: Partial<Record<Role, OutgoingStatus>> }> = {
  return: { name: 'Return', to: 'draft', from: { salesSupervisor: 'pending_sales_supervisor_approval', finance: 'pending_finance_approval' } },
  cancel: { name: 'Cancellation', to: 'cancelled', from: { sales: 'draft', finance: 'approved' } },
};

/** The return or cancel `role` may take, as a step (409 naming the status otherwise); 403 for a role that never does it. */
export function correctionStep(action: OutgoingCorrection, role: Role): OutgoingStep {
  const { name, to, from } = CORRECTIONS[action];
  const start = from[role];
  if (!start) throw new ForbiddenException(`A ${role} cannot ${action} outgoing lists`);
  return { name: `${name} by a ${role}`, from: start, to };
}

/** Roles that may change lines in each editable status (spec 4: draft and the supervisor's review). */
const LINE_EDITORS: Partial<Record<OutgoingStatus, readonly Role[]>> = {
  draft: ['sales'],
  pending_sales_supervisor_approval: ['sales', 'salesSupervisor'],
};

/** 409 naming the current status, for a step that is not allowed now. */
export function stepConflict(step: OutgoingStep, current: string): ConflictException {
  return new ConflictException(`${step.name} is not allowed: the list is ${current} (needs ${step.from})`);
}

/**
 * Throws unless `role` may change lines of a list in `status`: 409 naming the status when
 * lines are frozen, 403 when only another role may edit at this status.
 */
export function assertLinesEditable(status: string, role: Role): void {
  const editors = LINE_EDITORS[status as OutgoingStatus];
  if (!editors) throw new ConflictException(`Lines cannot change: the list is ${status}`);
  if (!editors.includes(role)) {
    throw new ForbiddenException(`A ${role} cannot change lines: the list is ${status}`);
  }
}
