import { ConflictException, ForbiddenException } from '@nestjs/common';
import type { Role } from '@inventory/common';

/**
 * Outgoing list statuses (spec 4). The flow is linear:
 * draft → pending_sales_supervisor_approval → pending_finance_approval → approved → delivered.
 * `pending_approval` is a legacy status of the spec that this product never produces.
 */
export const OUTGOING_STATUSES = [
  'draft',
  'pending_sales_supervisor_approval',
  'pending_approval',
  'pending_finance_approval',
  'approved',
  'delivered',
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
