import { can } from '@inventory/common';
import type { Correction } from '../corrections/types';
import type { Step } from './api';

/**
 * What the signed-in role may do on a list in a status: the same rules the server enforces
 * (backend/src/incoming/incoming-flow.ts), so buttons appear only where the step is accepted.
 */
const STEP_FROM: Record<Step, string> = {
  submit: 'draft',
  confirm: 'pending_import_admin_approval',
  approve: 'pending_finance_approval',
};
const STEP_PERMISSION = { submit: 'incoming.submit', confirm: 'incoming.confirm', approve: 'incoming.approve' } as const;

/** True when `role` may run `step` on a list in `status` with `lines` lines (the server answers 409 for an empty list). */
export function canStep(role: string | undefined, step: Step, status: string, lines: number): boolean {
  return can(role, STEP_PERMISSION[step]) && status === STEP_FROM[step] && lines > 0;
}

/** True when `role` may add, edit or remove lines of a list in `status`. */
export function canEditLines(role: string | undefined, status: string): boolean {
  if (status === 'draft') return role === 'warehouseAdmin';
  if (status === 'pending_import_admin_approval') return role === 'warehouseAdmin' || role === 'importAdmin';
  return false;
}

/** Who may return a list in which status, and who may cancel one (backend/src/incoming/incoming-flow.ts, issue 14). */
const CORRECTIONS: Record<Correction, Partial<Record<string, string>>> = {
  return: { importAdmin: 'pending_import_admin_approval', finance: 'pending_finance_approval' },
  cancel: { warehouseAdmin: 'draft' },
};

/** The corrections `role` may make on a list in `status` (Return, Cancel List). */
export function correctionsFor(role: string | undefined, status: string): Correction[] {
  return (['return', 'cancel'] as const).filter((c) => can(role, `incoming.${c}` as const) && !!role && CORRECTIONS[c][role] === status);
}

/** Every status an incoming list can have (docs/api.md, Incoming lists): the status filter's choices. */
export const INCOMING_STATUSES = ['draft', 'pending', 'pending_approval', 'pending_import_admin_approval', 'pending_finance_approval', 'approved', 'cancelled'] as const;

/** The statuses /pendingIncoming shows by default: every pending one (spec 2 'Pending Approval'). */
export const PENDING_STATUSES = INCOMING_STATUSES.filter((s) => s.startsWith('pending'));
