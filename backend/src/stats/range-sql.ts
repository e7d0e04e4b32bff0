import { sql, type SQL } from 'drizzle-orm';
import { NIL_UUID } from '../inventory/movement-totals';
import type { RangePart } from './range-plan';

/**
 * The rows of `parts` (see range-plan.ts) as one UNION ALL of signed (product_id, unit, incoming,
 * outgoing) quantities: grouped by product and unit they sum to the range's movements. In one
 * warehouse when `warehouseId` is set, else every warehouse (month-end rows of the nil UUID).
 */
export function rangeRows(parts: RangePart[], warehouseId: string | undefined, type?: 'incoming' | 'outgoing'): SQL {
  const selects = parts.map((p) => {
    const s = p.sign === 1 ? sql`` : sql`-`;
    if (p.kind === 'all-time') {
      return sql`SELECT product_id, unit, ${s}incoming_quantity AS incoming, ${s}outgoing_quantity AS outgoing FROM stock_product_totals
        WHERE ${warehouseId ? sql`warehouse_id = ${warehouseId}` : sql`true`}`;
    }
    if (p.kind === 'month-end') {
      return sql`SELECT product_id, unit, ${s}incoming_quantity, ${s}outgoing_quantity FROM stock_month_end_totals
        WHERE month = ${p.month}::date AND warehouse_id = ${warehouseId ?? NIL_UUID}`;
    }
    const where = [
      p.from ? sql`day >= ${p.from}::date` : undefined,
      p.to ? sql`day <= ${p.to}::date` : undefined,
      type ? sql`transaction_type = ${type}` : undefined,
      warehouseId ? sql`warehouse_id = ${warehouseId}` : undefined,
    ].filter((w): w is SQL => w !== undefined);
    return sql`SELECT product_id, unit, CASE WHEN transaction_type = 'incoming' THEN ${s}quantity ELSE 0 END,
        CASE WHEN transaction_type = 'outgoing' THEN ${s}quantity ELSE 0 END FROM stock_daily_totals WHERE ${sql.join(where.length ? where : [sql`true`], sql` AND `)}`;
  });
  if (!selects.length) return sql`SELECT NULL::uuid AS product_id, NULL::text AS unit, 0::numeric AS incoming, 0::numeric AS outgoing WHERE false`;
  return sql.join(selects, sql` UNION ALL `);
}
