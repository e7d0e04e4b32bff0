/**
 * The shape of a list workflow's rule table (incoming and outgoing lists) and the questions both
 * the API and the admin UI ask of it. The API turns a "no" into 403 or 409; the UI shows only the
 * buttons and fields a "yes" allows.
 */
import { can, type Permission, type Role } from './permissions';

/** A correction of a list: back to draft with a reason (`return`), or cancelled for good (`cancel`). */
export type WorkflowCorrection = 'return' | 'cancel';

/** The corrections in the order the UI offers them. */
export const WORKFLOW_CORRECTIONS: readonly WorkflowCorrection[] = ['return', 'cancel'];

/** One step: the permission that runs it, the status it starts from and the status it leads to. */
export interface StepRule<S extends string> {
  permission: Permission;
  from: S;
  to: S;
}

/** One correction: its permission, the status it leads to and, per role that may take it, the status it starts from. */
export interface CorrectionRule<S extends string> {
  permission: Permission;
  to: S;
  from: Partial<Record<Role, S>>;
}

/** A list workflow: its steps in flow order, its corrections and who may change lines in which status. */
export interface WorkflowRules<S extends string, Step extends string> {
  steps: Readonly<Record<Step, StepRule<S>>>;
  corrections: Readonly<Record<WorkflowCorrection, CorrectionRule<S>>>;
  /** The roles that may add, change or remove lines, per status; a status not named freezes the lines. */
  lineEditors: Readonly<Partial<Record<S, readonly Role[]>>>;
}

/** True when `role` holds the step's permission and the list is in the status the step starts from. */
export function mayStep<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, role: string | undefined, step: Step, status: string): boolean {
  const rule = rules.steps[step];
  return can(role, rule.permission) && status === rule.from;
}

/** True when `role` may add, change or remove lines of a list in `status`. */
export function mayEditLines<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, role: string | undefined, status: string): boolean {
  return !!role && !!rules.lineEditors[status as S]?.includes(role as Role);
}

/** True when no one may change lines of a list in `status` any more (it has moved past the editable statuses). */
export function linesFrozen<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, status: string): boolean {
  return !rules.lineEditors[status as S];
}

/** True when `role` edits lines at some status but the list is past them all: the server answers 409 to any line change now. */
export function linesFrozenFor<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, role: string | undefined, status: string): boolean {
  const editors = Object.values(rules.lineEditors) as (readonly Role[])[];
  return !!role && editors.some((roles) => roles.includes(role as Role)) && linesFrozen(rules, status);
}

/** The status `role` may take `correction` from; undefined when the role never takes it. */
export function correctionFrom<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, correction: WorkflowCorrection, role: string | undefined): S | undefined {
  const rule = rules.corrections[correction];
  return role && can(role, rule.permission) ? rule.from[role as Role] : undefined;
}

/** The corrections `role` may make on a list in `status`, in the order of {@link WORKFLOW_CORRECTIONS}. */
export function correctionsFor<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, role: string | undefined, status: string): WorkflowCorrection[] {
  return WORKFLOW_CORRECTIONS.filter((c) => correctionFrom(rules, c, role) === status);
}
