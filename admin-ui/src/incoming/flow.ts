import { can } from '../../../backend/src/common/auth/permissions';
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

/** The status dropdown's groups (spec 2: Draft, Pending Approval, Approved). */
export type StatusGroup = '' | 'draft' | 'pending' | 'approved';

/** True when a list in `status` belongs to the dropdown group (empty group = all). */
export function inGroup(status: string, group: StatusGroup): boolean {
  if (!group) return true;
  if (group === 'pending') return status.startsWith('pending');
  return status === group;
}
