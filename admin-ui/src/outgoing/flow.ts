import { can } from '@inventory/common';
import type { Correction } from '../corrections/types';
import type { Step } from './api';

/**
 * What the signed-in role may do on an outgoing list in a status: the same rules the server
 * enforces (backend/src/outgoing/outgoing-status.ts), so buttons appear only where accepted.
 */
const STEP_FROM: Record<Step, string> = {
  submit: 'draft',
  verify: 'pending_sales_supervisor_approval',
  approve: 'pending_finance_approval',
  deliver: 'approved',
};
const STEP_PERMISSION = { submit: 'outgoing.submit', verify: 'outgoing.verify', approve: 'outgoing.approve', deliver: 'outgoing.deliver' } as const;

/** The steps in flow order. */
export const STEPS: Step[] = ['submit', 'verify', 'approve', 'deliver'];

/** True when `role` may run `step` on a list in `status` holding `lines` lines (the server refuses an empty list). */
export function canStep(role: string | undefined, step: Step, status: string, lines: number): boolean {
  return lines > 0 && can(role, STEP_PERMISSION[step]) && status === STEP_FROM[step];
}

/** True when `role` may add, edit or remove lines of a list in `status`. */
export function canEditLines(role: string | undefined, status: string): boolean {
  if (status === 'draft') return role === 'sales';
  if (status === 'pending_sales_supervisor_approval') return role === 'sales' || role === 'salesSupervisor';
  return false;
}

/**
 * True when `role` edits lines at some status but the list has moved past them (submitted on,
 * approved, delivered or cancelled): the server answers 409 to any line change now.
 */
export function linesLocked(role: string | undefined, status: string): boolean {
  return can(role, 'outgoing.editLines') && status !== 'draft' && status !== 'pending_sales_supervisor_approval';
}

/** True when `role` may download the delivery note and invoice of a list in `status`. */
export function canDownload(role: string | undefined, status: string): boolean {
  return status === 'delivered' && can(role, 'outgoing.documents');
}

/** Who may return a list in which status, and who may cancel one (backend/src/outgoing/outgoing-status.ts, issue 14). */
const CORRECTIONS: Record<Correction, Partial<Record<string, string>>> = {
  return: { salesSupervisor: 'pending_sales_supervisor_approval', finance: 'pending_finance_approval' },
  cancel: { sales: 'draft', finance: 'approved' },
};

/** The corrections `role` may make on a list in `status` (Return, Cancel List). */
export function correctionsFor(role: string | undefined, status: string): Correction[] {
  return (['return', 'cancel'] as const).filter((c) => can(role, `outgoing.${c}` as const) && !!role && CORRECTIONS[c][role] === status);
}

/** Every status an outgoing list can have (docs/api.md, Outgoing lists): the status filter's choices. */
export const OUTGOING_STATUSES = ['draft', 'pending_sales_supervisor_approval', 'pending_approval', 'pending_finance_approval', 'approved', 'delivered', 'cancelled'] as const;
