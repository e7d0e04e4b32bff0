import { ConflictException, ForbiddenException } from '@nestjs/common';
import { correctionFrom, INCOMING_FLOW, linesFrozen, mayEditLines, type IncomingStatus, type IncomingStep, type Role, type WorkflowCorrection } from '@inventory/common';

/**
 * The server's side of the incoming flow (@inventory/common INCOMING_FLOW): the answers to a step,
 * correction or line change the table does not allow, and the columns recording who did a step.
 */

/** The column pair recording who did a step and when. */
export type StepStamp = 'submitted' | 'confirmed' | 'approved';

/** A step's rule with the columns it stamps. */
export interface StepRule {
  from: IncomingStatus;
  to: IncomingStatus;
  stamp: StepStamp;
}

/** Each step's from and to status and the columns it stamps. */
export const STEPS: Record<IncomingStep, StepRule> = {
  submit: { ...INCOMING_FLOW.steps.submit, stamp: 'submitted' },
  confirm: { ...INCOMING_FLOW.steps.confirm, stamp: 'confirmed' },
  approve: { ...INCOMING_FLOW.steps.approve, stamp: 'approved' },
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

/**
 * The status `role` may take `action` from, when the list is in it: 403 for a role that never
 * does it, 409 naming the current status otherwise (also when a parallel step moved it first).
 */
export function assertCorrectionAllowed(action: WorkflowCorrection, role: Role, status: string): IncomingStatus {
  const from = correctionFrom(INCOMING_FLOW, action, role);
  if (!from) throw new ForbiddenException(`A ${role} cannot ${action} incoming lists`);
  if (status !== from) throw correctionConflict(action, role, status);
  return from;
}

/** The 409 for a return or cancel tried at the wrong status. */
export function correctionConflict(action: WorkflowCorrection, role: Role, status: string): ConflictException {
  return new ConflictException(`Cannot ${action} this list: its status is ${status} (a ${role} can ${action} it at ${correctionFrom(INCOMING_FLOW, action, role)})`);
}

/** Throws 409 (lines frozen in this status) or 403 (role not an editor in this status) for a line change. */
export function assertLinesEditable(status: string, role: Role): void {
  if (linesFrozen(INCOMING_FLOW, status)) {
    throw new ConflictException(`Lines of this list cannot change: its status is ${status}`);
  }
  if (!mayEditLines(INCOMING_FLOW, role, status)) {
    throw new ForbiddenException(`A ${role} cannot change lines of a list in status ${status}`);
  }
}
