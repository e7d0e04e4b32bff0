import type { AuditChange } from '../database/schema';

/** Field names never written to the audit trail, at any depth: secrets and their hashes. */
const SECRET = /password|hash|token|secret/i;
/** Fields that change with every write and say nothing about it. */
const NOISE = new Set(['_id', 'id', 'createdAt', 'updatedAt', 'created_at', 'updated_at']);

type Flat = Record<string, unknown>;

/** `{a: {b: 1}, c: [1]}` → `{'a.b': 1, c: [1]}`: nested objects by dotted path; arrays stay whole values. */
function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (value === null || value === undefined) return out;
  for (const [key, v] of Object.entries(value as Flat)) {
    if (SECRET.test(key) || (!prefix && NOISE.has(key)) || v === undefined) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) flatten(v, path, out);
    else out[path] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/**
 * The fields that differ between two views of a record, as `{field, before, after}` with dotted
 * paths for nested fields (`buffer_stock.quantity`); a field missing on one side is null there.
 * `before` null is a creation (every field), `after` null a deletion. Keys matching
 * password/hash/token/secret are left out at every depth, as are ids and timestamps.
 */
export function diffRecords(before: object | null | undefined, after: object | null | undefined): AuditChange[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null))
    .map((f) => ({ field: f, before: a[f] ?? null, after: b[f] ?? null }));
}
