import { ConflictException, ForbiddenException } from '@nestjs/common';
import { correctionFrom, linesFrozen, mayEditLines, OUTGOING_FLOW, type OutgoingStatus, type OutgoingStepName, type Role, type WorkflowCorrection } from '@inventory/common';

/**
 * The server's side of the outgoing flow (@inventory/common OUTGOING_FLOW): each step and
 * correction named as its 409 says it, and the answers to what the table does not allow.
 */

/** A workflow step as the server runs it: the status it starts from, the one it leads to and its name in messages. */
export interface OutgoingStep {
  name: string;
  from: OutgoingStatus;
  to: OutgoingStatus;
}

const STEP_NAMES: Record<OutgoingStepName, string> = {
  submit: 'Submitting for sales supervisor approval',
  verify: 'Supervisor confirmation',
  approve: 'Finance approval',
  deliver: 'Delivery confirmation',
};

/** The step `name` of the flow, named for messages. */
const step = (name: OutgoingStepName): OutgoingStep => ({ name: STEP_NAMES[name], from: OUTGOING_FLOW.steps[name].from, to: OUTGOING_FLOW.steps[name].to });

/** The four steps: submit, verify, approve, deliver. */
export const STEPS: Record<OutgoingStepName, OutgoingStep> = { submit: step('submit'), verify: step('verify'), approve: step('approve'), deliver: step('deliver') };

const CORRECTION_NAMES: Record<WorkflowCorrection, string> = { return: 'Return', cancel: 'Cancellation' };

/** The return or cancel `role` may take, as a step (409 naming the status otherwise); 403 for a role that never does it. */
export function correctionStep(action: WorkflowCorrection, role: Role): OutgoingStep {
  const start = correctionFrom(OUTGOING_FLOW, action, role);
  if (!start) throw new ForbiddenException(`A ${role} cannot ${action} outgoing lists`);
  return { name: `${CORRECTION_NAMES[action]} by a ${role}`, from: start, to: OUTGOING_FLOW.corrections[action].to };
}

/** 409 naming the current status, for a step that is not allowed now. */
export function stepConflict(step: OutgoingStep, current: string): ConflictException {
  return new ConflictException(`${step.name} is not allowed: the list is ${current} (needs ${step.from})`);
}

/**
 * Throws unless `role` may change lines of a list in `status`: 409 naming the status when
 * lines are frozen, 403 when only another role may edit at this status.
 */
export function assertLinesEditable(status: string, role: Role): void {
  if (linesFrozen(OUTGOING_FLOW, status)) throw new ConflictException(`Lines cannot change: the list is ${status}`);
  if (!mayEditLines(OUTGOING_FLOW, role, status)) {
    throw new ForbiddenException(`A ${role} cannot change lines: the list is ${status}`);
  }
}
