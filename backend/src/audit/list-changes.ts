import type { AuditChange, QuantityEntry } from '../database/schema';

/**
 * Builders of the audit trail's `changes` for incoming and outgoing lists, made from
 * the rows a request already holds (no read just for the audit). Lines are named after their
 * product: `{field: 'line Hex bolt', before: [{name: 'pcs', value: 10}], after: [{name: 'pcs', value: 12}]}`.
 */

/** A quantity as the API shows it: `[{name, value}]` with numeric values; null for none. */
export function quantityValue(q: readonly QuantityEntry[] | null | undefined): QuantityEntry[] | null {
  return q ? q.map(({ name, value }) => ({ name, value: Number(value) })) : null;
}

/** A NUMERIC text (price, rate) as a number; null for none. */
export const decimalValue = (v: string | number | null | undefined): number | null => (v == null ? null : Number(v));

/** `{field, before, after}` (null for a side not given). */
export const change = (field: string, before: unknown, after: unknown): AuditChange => ({ field, before: before ?? null, after: after ?? null });

/** The status moved by a workflow step or correction. */
export const statusChange = (before: string, after: string): AuditChange => change('status', before, after);

/** The remark (or reason) given with a step, as a change from nothing; none without one. */
export const remarkChanges = (remark: string | null | undefined): AuditChange[] => (remark ? [change('remark', null, remark)] : []);

/** A line's state for the audit: its quantity and the money fields it carries (NUMERIC text or numbers). */
export interface LineState {
  quantity: readonly QuantityEntry[];
  [money: string]: unknown;
}

/**
 * The changes of one line edit: the quantity always (`line <product>`, so the event names the
 * line), each other field (`line <product> <field>`) only when it differs. `before` null is an
 * added line, `after` null a removed one.
 */
export function lineChanges(productName: string, before: LineState | null, after: LineState | null, moneyFields: readonly string[]): AuditChange[] {
  const label = `line ${productName}`;
  const changes = [change(label, quantityValue(before?.quantity), quantityValue(after?.quantity))];
  for (const f of moneyFields) {
    const a = decimalValue(before?.[f] as string | null | undefined);
    const b = decimalValue(after?.[f] as string | null | undefined);
    if (a !== b) changes.push(change(`${label} ${f}`, a, b));
  }
  return changes;
}

/** What a step moved for each line, e.g. `received: [{product: 'Hex bolt', quantity: [{name: 'pcs', value: 10}]}]`. */
export function movedLines(field: string, lines: { product: string; quantity: readonly QuantityEntry[] }[]): AuditChange[] {
  return lines.length ? [change(field, null, lines.map((l) => ({ product: l.product, quantity: quantityValue(l.quantity) })))] : [];
}
