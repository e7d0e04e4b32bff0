import { ConflictException, ForbiddenException } from '@nestjs/common';
import type { Role } from '@inventory/common';

/**
 * Statuses of an incoming list (spec 4). The spec also names the legacy statuses `pending` and
 * `pending_approval`; this product never produces them, but they are accepted as filters.
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

/** A workflow step and the status it moves a list from and to. */
export type IncomingStep = 'submit' | 'confirm' | 'approve';

/** The column pair recording who did a step and when. */
export type StepStamp = 'submitted' | 'confirmed' | 'approved';

export interface StepRule {
  from: IncomingStatus;
  to: IncomingStatus;
  stamp: StepStamp;
}

/** The only transitions the server accepts (issue 5): draft → import admin → finance → approved. */
export const STEPS: Record<IncomingStep, StepRule> = {
  submit: { from: 'draft', to: 'pending_import_admin_approval', stamp: 'submitted' },
  confirm: { from: 'pending_import_admin_approval', to: 'pending_finance_approval', stamp: 'confirmed' },
  approve: { from: 'pending_finance_approval', to: 'approved', stamp: 'approved' },
};

/** Throws 409 naming the current status when `step` is not allowed from it. */
export function assertStepAllowed(step: IncomingStep, status: string): StepRule {
  const rule = STEPS[step];
  if (status !== rule.from) throw stepConflict(step, status);
  return rule;
}

/** The 409 for a step tried at the wrong status. */
export function stepConflict(step: IncomingStep, status: string): ConflictException {
  return new ConflictException(`Cannot ${step} this list: its status is ${status} (${step} needs ${STEPS[step].from})`);
}

/** A correction of issue 14: send a list back to draft with a reason, or cancel it for good. */
export type IncomingCorrection = 'return' | 'cancel';

/**
 * The status each role may return or cancel a list from (issue 14): importAdmin returns at its
 * own step, finance at its own; the warehouseAdmin cancels a draft. Return leads to draft,
 * cancel to cancelled (final: no step or line edit is allowed afterwards).
 */
export const CORRECTIONS: Record<IncomingCorrection, { to: IncomingStatus; from: Partial<Record<Role, IncomingStatus>> }> = {
  return: { to: 'draft', from: { importAdmin: 'pending_import_admin_approval', finance: 'pending_finance_approval' } },
  cancel: { to: 'cancelled', from: { warehouseAdmin: 'draft' } },
};

/**
 * The status `role` may take `action` from, when the list is in it: 403 for a role that never
 * does it, 409 naming the current status otherwise (also when a parallel step moved it first).
 */
export function assertCorrectionAllowed(action: IncomingCorrection, role: Role, status: string): IncomingStatus {
  const from = CORRECTIONS[action].from[role];
  if (!from) throw new ForbiddenException(`A ${role} cannot ${action} incoming lists`);
  if (status !== from) throw correctionConflict(action, role, status);
  return from;
}

/** The 409 for a return or cancel tried at the wrong status. */
export function correctionConflict(action: IncomingCorrection, role: Role, status: string): ConflictException {
  return new ConflictException(`Cannot ${action} this list: its status is ${status} (a ${role} can ${action} it at ${CORRECTIONS[action].from[role]})`);
}

/**
 * Who may add, change or remove lines in each status (issue 5): the list's warehouseAdmin in
 * draft; that warehouseAdmin or the importAdmin in pending_import_admin_approval; nobody later.
 */
const LINE_EDITORS: Partial<Record<IncomingStatus, readonly Role[]>> = {
  draft: ['warehouseAdmin'],
  pending_import_admin_approval: ['warehouseAdmin', 'importAdmin'],
};

/** Throws 409 (frozen status) or 403 (role not an editor in this status) for a line change. */
export function assertLinesEditable(status: string, role: Role): void {
  const editors = LINE_EDITORS[status as IncomingStatus];
  if (!editors) throw new ConflictException(`Lines of this list cannot change: its status is ${status}`);
  if (!editors.includes(role)) {
    throw new ForbiddenException(`A ${role} cannot change lines of a list in status ${status}`);
  }
}
