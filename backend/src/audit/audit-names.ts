import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database/database';
import { rowsOf, uuidArray } from '../database/raw-sql';
import type { AuditEventView } from './dto/audit.dto';

/** Any UUID, as the audit trail stores record ids (the record's own and those its fields refer to). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Most ids one page may ask names for: a page of 100 events naming a few records each. */
const MAX_IDS = 2000;

/** Every UUID an event holds: its record's id and the ids in its changes' values, at any depth. */
function collectIds(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const v of value) collectIds(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collectIds(v, into);
  }
}

/** The ids of a page of events whose names the page carries (at most {@link MAX_IDS}). */
export function referencedIds(events: AuditEventView[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    collectIds(e.entity_id, ids);
    for (const c of e.changes) collectIds([c.before, c.after], ids);
  }
  return [...ids].slice(0, MAX_IDS);
}

/**
 * The names people know the records of `ids` by, `{id: name}`, in one statement: a warehouse,
 * category or customer by its name, a product as `name (code)`, a staff member as `first last`, a
 * stock record as `product (code) · warehouse`, lists by their GRN, GIN or TRN, a stock count as
 * `SC-n`, an import by its file name. Removed records keep their names; an id of no such record
 * is left out.
 */
export async function recordNames(db: DbOrTx, ids: string[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const any = uuidArray(ids);
  const rows = await rowsOf<{ id: string; name: string }>(
    db,
    sql`SELECT id::text, name FROM warehouses WHERE id = ANY(${any})
      UNION ALL SELECT id::text, name FROM categories WHERE id = ANY(${any})
      UNION ALL SELECT id::text, name || ' (' || code || ')' FROM products WHERE id = ANY(${any})
      UNION ALL SELECT id::text, name FROM customers WHERE id = ANY(${any})
      UNION ALL SELECT id::text, first_name || ' ' || last_name FROM users WHERE id = ANY(${any})
      UNION ALL SELECT i.id::text, p.name || ' (' || p.code || ') · ' || w.name
        FROM inventories i JOIN products p ON p.id = i.product_id JOIN warehouses w ON w.id = i.warehouse_id WHERE i.id = ANY(${any})
      UNION ALL SELECT id::text, 'GRN ' || grn FROM incoming_lists WHERE id = ANY(${any})
      UNION ALL SELECT id::text, 'GIN ' || gin FROM outgoing_lists WHERE id = ANY(${any})
      UNION ALL SELECT id::text, 'TRN ' || trn FROM stock_transfers WHERE id = ANY(${any})
      UNION ALL SELECT id::text, 'SC-' || number FROM stock_counts WHERE id = ANY(${any})
      UNION ALL SELECT id::text, file_name FROM imports WHERE id = ANY(${any})`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

/** `value` with every id of {@link recordNames}'s answer replaced by its name, at any depth (export). */
export function namedValue(value: unknown, names: Record<string, string>): unknown {
  if (typeof value === 'string') return names[value.toLowerCase()] ?? value;
  if (Array.isArray(value)) return value.map((v) => namedValue(v, names));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, namedValue(v, names)]));
  return value;
}
