import { useTranslate } from 'react-admin';
import { AUDIT_NONE, auditValueText, type AuditChange } from '@inventory/common';
import { formatCalendarDay, formatDateTime, formatNumber } from '../common/format';
import { formatEtb } from '../outgoing/money';
import type { RecordNames } from './api';

/** `line <product>`, optionally followed by a money field and (a line's further unit) the unit it prices. */
const LINE_FIELD = /^line (.+?)(?: (unitPrice|purchasedPrice|depreciationRate)(?: (\S+))?)?$/;

/** Fields holding amounts of money (ETB), shown with two decimals. */
const MONEY = new Set(['unitPrice', 'purchasedPrice', 'price', 'total_price', 'unit_prices']);
/** Fields holding percentages. */
const PERCENT = new Set(['depreciationRate', 'depreciation_rate']);
/** Fields holding a role. */
const ROLE = new Set(['role', 'user_role']);

/** The last segment of a reference's path (`category._id`). */
const ID_SEGMENT = new Set(['_id', 'id']);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const STORED_WORD = /^[a-z_]+$/;

const isQuantity = (value: unknown): value is { name: string; value: number }[] =>
  Array.isArray(value) && value.length > 0 && value.every((q) => q && typeof q === 'object' && 'name' in q && typeof (q as { value?: unknown }).value === 'number');

/**
 * How a change of the audit trail reads in the UI language: `field: before -> after`,
 * with each segment of the stored field path through `audit.fields` and `line <product>` through
 * `audit.line`; ids as the names of their records (`names`, from the API's page); money in ETB with
 * two decimals, rates as percentages, quantities as "3 pcs, 1 box", days and moments in the user's
 * calendar, roles through `roles`, statuses and yes/no through `audit.values`; lists and objects
 * (the lines a step moved) item by item. Anything else as stored.
 */
export function useChangeText(names: RecordNames = {}): (change: AuditChange) => string {
  const translate = useTranslate();
  const named = (group: string, name: string) => translate(`audit.${group}.${name}`, { _: name });
  const fieldLabel = (path: string) => {
    const line = LINE_FIELD.exec(path);
    if (line) return [translate('audit.line', { name: line[1] }), ...(line[2] ? [named('fields', line[2])] : []), ...(line[3] ? [`(${line[3]})`] : [])].join(' ');
    // a reference stored as `category._id` reads as its record's kind: the value is its name
    const segments = path.split('.').filter((segment, i, all) => !(i > 0 && i === all.length - 1 && ID_SEGMENT.has(segment)));
    return segments.map((segment) => (/^\w+$/.test(segment) ? named('fields', segment) : segment)).join(' › ');
  };
  const value = (v: unknown, field: string): string => {
    if (v === null || v === undefined) return AUDIT_NONE;
    if (isQuantity(v)) return v.map((q) => `${formatNumber(q.value)} ${q.name}`).join(', ');
    if (Array.isArray(v)) return v.length ? v.map((item) => value(item, field)).join('; ') : AUDIT_NONE;
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      // a line a step moved: `Hex bolt: 10 pcs`
      if (typeof o.product === 'string' && 'quantity' in o) return `${names[o.product] ?? o.product}: ${value(o.quantity, 'quantity')}`;
      return Object.entries(o).map(([k, x]) => `${MONEY.has(field) ? k : named('fields', k)}: ${value(x, MONEY.has(field) ? field : k)}`).join(', ');
    }
    if (typeof v === 'number') {
      if (MONEY.has(field)) return `${formatEtb(v)} ${translate('audit.etb')}`;
      return PERCENT.has(field) ? `${formatNumber(v, 2)} %` : formatNumber(v);
    }
    if (typeof v === 'boolean') return named('values', String(v));
    const text = String(v);
    if (names[text.toLowerCase()]) return names[text.toLowerCase()];
    if (ROLE.has(field)) return translate(`roles.${text}`, { _: text });
    if (DAY.test(text)) return formatCalendarDay(text);
    if (MOMENT.test(text)) return /T00:00(:00(\.0+)?)?(Z|\+00:?00)$/.test(text) ? formatCalendarDay(text) : formatDateTime(text);
    if (STORED_WORD.test(text)) return named('values', text);
    return auditValueText(v);
  };
  return (c) => {
    const line = LINE_FIELD.exec(c.field);
    const last = line ? (line[2] ?? 'quantity') : (c.field.split('.').pop() ?? c.field);
    return `${fieldLabel(c.field)}: ${value(c.before, last)} → ${value(c.after, last)}`;
  };
}
