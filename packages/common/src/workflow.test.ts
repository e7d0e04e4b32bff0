import { describe, expect, it } from 'vitest';
import { INCOMING_FLOW, INCOMING_STATUSES, PENDING_INCOMING_STATUSES } from './incoming-flow';
import { OUTGOING_FLOW, OUTGOING_STATUSES, OUTGOING_STEP_ORDER } from './outgoing-flow';
import { PERMISSIONS, ROLES, type Permission, type Role } from './permissions';
import { correctionFrom, correctionsFor, linesFrozen, linesFrozenFor, mayEditLines, mayStep, WORKFLOW_CORRECTIONS, type WorkflowRules } from './workflow';

const sorted = (roles: readonly string[]) => [...roles].sort();

/** Checks every workflow table holds against the permission table and its own statuses. */
function tableIsConsistent<S extends string, Step extends string>(rules: WorkflowRules<S, Step>, statuses: readonly string[], editLines: Permission) {
  for (const [step, rule] of Object.entries(rules.steps) as [Step, WorkflowRules<S, Step>['steps'][Step]][]) {
    expect(statuses, `${step}.from`).toContain(rule.from);
    expect(statuses, `${step}.to`).toContain(rule.to);
    expect(rule.from, step).not.toBe(rule.to);
  }
  for (const c of WORKFLOW_CORRECTIONS) {
    const rule = rules.corrections[c];
    // exactly the roles holding the correction's permission have a status to take it from
    expect(sorted(Object.keys(rule.from)), c).toEqual(sorted(PERMISSIONS[rule.permission]));
    for (const from of Object.values(rule.from) as string[]) expect(statuses).toContain(from);
  }
  const editors = new Set((Object.values(rules.lineEditors) as (readonly Role[])[]).flat());
  expect(sorted([...editors])).toEqual(sorted(PERMISSIONS[editLines]));
}

describe('incoming flow table', () => {
  it('chains draft → pending_import_admin_approval → pending_finance_approval → approved', () => {
    const { submit, confirm, approve } = INCOMING_FLOW.steps;
    expect([submit.from, submit.to, confirm.to, approve.to]).toEqual(['draft', 'pending_import_admin_approval', 'pending_finance_approval', 'approved']);
    expect(confirm.from).toBe(submit.to);
    expect(approve.from).toBe(confirm.to);
  });

  it('agrees with the permission table and its statuses', () => tableIsConsistent(INCOMING_FLOW, INCOMING_STATUSES, 'incoming.editLines'));

  it('lets only the role of each step take it, and only from its status', () => {
    expect(mayStep(INCOMING_FLOW, 'warehouseAdmin', 'submit', 'draft')).toBe(true);
    expect(mayStep(INCOMING_FLOW, 'importAdmin', 'confirm', 'pending_import_admin_approval')).toBe(true);
    expect(mayStep(INCOMING_FLOW, 'finance', 'approve', 'pending_finance_approval')).toBe(true);
    expect(mayStep(INCOMING_FLOW, 'finance', 'approve', 'pending_import_admin_approval')).toBe(false);
    expect(mayStep(INCOMING_FLOW, 'importAdmin', 'approve', 'pending_finance_approval')).toBe(false);
    expect(mayStep(INCOMING_FLOW, 'admin', 'submit', 'draft')).toBe(false);
    expect(mayStep(INCOMING_FLOW, undefined, 'submit', 'draft')).toBe(false);
    expect(mayStep(INCOMING_FLOW, 'warehouseAdmin', 'submit', 'cancelled')).toBe(false);
  });

  it('opens lines to the warehouseAdmin in draft and also to the importAdmin at its step, to nobody later', () => {
    const editors = (status: string) => ROLES.filter((r) => mayEditLines(INCOMING_FLOW, r, status));
    expect(editors('draft')).toEqual(['warehouseAdmin']);
    expect(editors('pending_import_admin_approval')).toEqual(['warehouseAdmin', 'importAdmin']);
    for (const status of ['pending_finance_approval', 'approved', 'cancelled']) {
      expect(editors(status), status).toEqual([]);
      expect(linesFrozen(INCOMING_FLOW, status), status).toBe(true);
    }
    expect(linesFrozen(INCOMING_FLOW, 'draft')).toBe(false);
  });

  it('offers the importAdmin and finance a return at their own step, the warehouseAdmin a cancel in draft', () => {
    expect(correctionsFor(INCOMING_FLOW, 'importAdmin', 'pending_import_admin_approval')).toEqual(['return']);
    expect(correctionsFor(INCOMING_FLOW, 'finance', 'pending_finance_approval')).toEqual(['return']);
    expect(correctionsFor(INCOMING_FLOW, 'finance', 'pending_import_admin_approval')).toEqual([]);
    expect(correctionsFor(INCOMING_FLOW, 'warehouseAdmin', 'draft')).toEqual(['cancel']);
    expect(correctionsFor(INCOMING_FLOW, 'warehouseAdmin', 'pending_import_admin_approval')).toEqual([]);
    expect(correctionsFor(INCOMING_FLOW, 'admin', 'draft')).toEqual([]);
    expect(correctionFrom(INCOMING_FLOW, 'cancel', 'finance')).toBeUndefined();
    expect(INCOMING_FLOW.corrections.return.to).toBe('draft');
    expect(INCOMING_FLOW.corrections.cancel.to).toBe('cancelled');
  });

  it('lists every pending status for the Pending Approval page', () => {
    expect(PENDING_INCOMING_STATUSES).toEqual(['pending', 'pending_approval', 'pending_import_admin_approval', 'pending_finance_approval']);
  });
});

describe('outgoing flow table', () => {
  it('chains draft → supervisor → finance → approved → delivered in step order', () => {
    const chain = OUTGOING_STEP_ORDER.map((s) => OUTGOING_FLOW.steps[s]);
    expect(chain[0].from).toBe('draft');
    for (let i = 1; i < chain.length; i++) expect(chain[i].from).toBe(chain[i - 1].to);
    expect(chain.map((s) => s.to)).toEqual(['pending_sales_supervisor_approval', 'pending_finance_approval', 'approved', 'delivered']);
    expect(sorted(OUTGOING_STEP_ORDER)).toEqual(sorted(Object.keys(OUTGOING_FLOW.steps)));
  });

  it('agrees with the permission table and its statuses', () => tableIsConsistent(OUTGOING_FLOW, OUTGOING_STATUSES, 'outgoing.editLines'));

  it('lets only the role of each step take it, and only from its status', () => {
    const takers = (step: (typeof OUTGOING_STEP_ORDER)[number]) => ROLES.filter((r) => mayStep(OUTGOING_FLOW, r, step, OUTGOING_FLOW.steps[step].from));
    expect(OUTGOING_STEP_ORDER.map(takers)).toEqual([['sales'], ['salesSupervisor'], ['finance'], ['warehouseAdmin']]);
    expect(mayStep(OUTGOING_FLOW, 'warehouseAdmin', 'deliver', 'pending_finance_approval')).toBe(false);
    expect(mayStep(OUTGOING_FLOW, 'sales', 'submit', 'pending_sales_supervisor_approval')).toBe(false);
  });

  it('opens lines to sales in draft and also to the salesSupervisor at its step; frozen after', () => {
    const editors = (status: string) => ROLES.filter((r) => mayEditLines(OUTGOING_FLOW, r, status));
    expect(editors('draft')).toEqual(['sales']);
    expect(editors('pending_sales_supervisor_approval')).toEqual(['salesSupervisor', 'sales']);
    expect(editors('approved')).toEqual([]);
    // "frozen for" a role: it edits somewhere, but the list has moved past every editable status
    expect(linesFrozenFor(OUTGOING_FLOW, 'sales', 'approved')).toBe(true);
    expect(linesFrozenFor(OUTGOING_FLOW, 'salesSupervisor', 'pending_finance_approval')).toBe(true);
    expect(linesFrozenFor(OUTGOING_FLOW, 'salesSupervisor', 'draft')).toBe(false);
    expect(linesFrozenFor(OUTGOING_FLOW, 'finance', 'approved')).toBe(false);
    expect(linesFrozenFor(OUTGOING_FLOW, undefined, 'approved')).toBe(false);
  });

  it('lets finance return at its step and cancel an approved list; sales cancels a draft', () => {
    expect(correctionsFor(OUTGOING_FLOW, 'finance', 'pending_finance_approval')).toEqual(['return']);
    expect(correctionsFor(OUTGOING_FLOW, 'finance', 'approved')).toEqual(['cancel']);
    expect(correctionsFor(OUTGOING_FLOW, 'finance', 'delivered')).toEqual([]);
    expect(correctionsFor(OUTGOING_FLOW, 'salesSupervisor', 'pending_sales_supervisor_approval')).toEqual(['return']);
    expect(correctionsFor(OUTGOING_FLOW, 'sales', 'draft')).toEqual(['cancel']);
    expect(correctionsFor(OUTGOING_FLOW, 'warehouseAdmin', 'approved')).toEqual([]);
  });
});
