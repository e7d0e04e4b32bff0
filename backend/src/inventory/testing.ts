/**
 * Test factory for stock tests: categories and products inserted directly with Drizzle
 * (the catalog API is another module), plus small API helpers for receipts and issues.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { categories, products, stockLevels, stockTransactions } from '../database/schema';
import { bearer, uniq, type TestApp } from '../../test/test-app';
import type { QuantityEntry } from '../database/schema';

/** A product created by {@link createProduct}. */
export interface TestProduct {
  id: string;
  name: string;
  code: string;
  categoryId: string;
  units: string[];
}

/** Inserts a category and a product with `units` (buffer stock `bufferQuantity` of the first unit). */
export async function createProduct(
  db: Database,
  opts: { units?: string[]; bufferQuantity?: string; name?: string; categoryId?: string } = {},
): Promise<TestProduct> {
  const units = opts.units ?? ['pcs'];
  let categoryId = opts.categoryId;
  if (!categoryId) {
    const [c] = await db
      .insert(categories)
      .values({ name: `Category ${uniq()}`, description: 'Test', quantityMeasurement: units })
      .returning({ id: categories.id });
    categoryId = c.id;
  }
  const code = `P-${uniq()}`;
  const name = opts.name ?? `Product ${code}`;
  const [p] = await db
    .insert(products)
    .values({ categoryId, name, code, description: `${name} description`, units, bufferUnit: units[0], bufferQuantity: opts.bufferQuantity ?? '0' })
    .returning({ id: products.id });
  return { id: p.id, name, code, categoryId, units };
}

/** POST /api/inventory/incoming as `token`; returns the response. */
export function receive(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.http.post('/api/inventory/incoming').set(bearer(token)).send({ grn: `GRN-${uniq()}`, ...body });
}

/** POST /api/inventory/outgoing as `token`; returns the response. */
export function issue(t: TestApp, token: string, id: string, quantity: QuantityEntry[], extra: Record<string, unknown> = {}) {
  return t.http.post('/api/inventory/outgoing').set(bearer(token)).send({ id, quantity, gin: `GIN-${uniq()}`, taken_by: 'Abebe', ...extra });
}

/** Levels of a record as `{unit: "on_hand/reserved"}` exact texts. */
export async function levelsOf(db: Database, inventoryId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ unit: stockLevels.unit, onHand: stockLevels.onHand, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(eq(stockLevels.inventoryId, inventoryId));
  return Object.fromEntries(rows.map((r) => [r.unit, `${Number(r.onHand)}/${Number(r.reserved)}`]));
}

/** Number of ledger rows (optionally of one record). */
export async function ledgerCount(db: Database, inventoryId?: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockTransactions)
    .where(inventoryId ? eq(stockTransactions.inventoryId, inventoryId) : undefined);
  return n;
}

/**
 * Per record and unit, on_hand minus the signed ledger sum (exact, in SQL): every row is 0
 * when levels equal the ledger. Returns the rows that differ.
 */
export async function ledgerMismatches(db: Database): Promise<unknown[]> {
  const res = await db.execute(sql`
    WITH moves AS (
      SELECT t.inventory_id, q->>'name' AS unit,
             sum(CASE WHEN t.transaction_type = 'incoming' THEN 1 ELSE -1 END * (q->>'value')::numeric) AS total
      FROM stock_transactions t, jsonb_array_elements(t.quantity) q
      WHERE t.source <> 'import_history' -- sales history (issue 16) leaves levels as they are
      GROUP BY 1, 2)
    SELECT l.inventory_id, l.unit, l.on_hand, coalesce(m.total, 0) AS ledger
    FROM stock_levels l FULL JOIN moves m ON m.inventory_id = l.inventory_id AND m.unit = l.unit
    WHERE coalesce(l.on_hand, 0) <> coalesce(m.total, 0)`);
  return (res as unknown as { rows: unknown[] }).rows;
}

/**
 * Rollup rows (daily, all-time product and customer totals, sealed month-end totals) that differ
 * from the ledger grouped the same way; empty when consistent.
 */
export async function dailyTotalMismatches(db: Database): Promise<unknown[]> {
  const res = await db.execute(sql`
    WITH l AS (
      -- as the statistics count a row (issue 14): a reversal takes its original back (negative, -1
      -- movement, the original's type); a customer return takes back part of a sale (negative outgoing, 0);
      -- an adjustment, a transfer's rows and a count correction (issue 15) are in no rollup
      -- sales history (issue 16) counts as sales: a sale +1, a return (incoming) -1 with no movement,
      -- and the reversal of each (revert, dated as the original) the exact opposite
      SELECT t.*,
             CASE WHEN t.source = 'import_history' THEN 'outgoing'
                  WHEN t.reverses_id IS NOT NULL THEN CASE t.transaction_type WHEN 'incoming' THEN 'outgoing' ELSE 'incoming' END
                  WHEN t.source = 'outgoing_list' AND t.transaction_type = 'incoming' THEN 'outgoing'
                  ELSE t.transaction_type END AS counted_type,
             CASE WHEN t.source = 'import_history' THEN CASE t.transaction_type WHEN 'outgoing' THEN 1 ELSE -1 END
                  WHEN t.reverses_id IS NOT NULL OR (t.source = 'outgoing_list' AND t.transaction_type = 'incoming') THEN -1 ELSE 1 END AS sign,
             CASE WHEN t.source = 'import_history' THEN CASE WHEN t.transaction_type = 'outgoing' AND t.reverses_id IS NULL THEN 1
                                                              WHEN t.transaction_type = 'incoming' AND t.reverses_id IS NOT NULL THEN -1 ELSE 0 END
                  WHEN t.reverses_id IS NOT NULL THEN -1 WHEN t.source = 'outgoing_list' AND t.transaction_type = 'incoming' THEN 0 ELSE 1 END AS weight
      FROM stock_transactions t WHERE t.source NOT IN ('adjustment', 'transfer', 'stock_count')),
    g AS (
      SELECT (t.transaction_date AT TIME ZONE 'UTC')::date AS day, t.counted_type AS transaction_type, t.product_id, t.warehouse_id,
             coalesce(t.customer_id, '00000000-0000-0000-0000-000000000000') AS customer_id, q->>'name' AS unit,
             sum(t.sign * (q->>'value')::numeric) AS quantity, sum(t.weight)::int AS movements
      FROM l t, jsonb_array_elements(t.quantity) q GROUP BY 1, 2, 3, 4, 5, 6),
    p AS (
      SELECT warehouse_id, product_id, unit,
             coalesce(sum(quantity) FILTER (WHERE transaction_type = 'incoming'), 0) AS incoming_quantity,
             coalesce(sum(quantity) FILTER (WHERE transaction_type = 'outgoing'), 0) AS outgoing_quantity,
             coalesce(sum(movements) FILTER (WHERE transaction_type = 'outgoing'), 0)::int AS outgoing_movements
      FROM g GROUP BY 1, 2, 3),
    c AS (
      SELECT warehouse_id, customer_id, unit, sum(quantity) AS quantity, sum(movements)::int AS movements
      FROM g WHERE transaction_type = 'outgoing' AND customer_id <> '00000000-0000-0000-0000-000000000000' GROUP BY 1, 2, 3),
    -- month-end totals (issue 17): per sealed month, everything through its end, per warehouse and for all (nil)
    me AS (
      SELECT s.month, w.warehouse_id, g.product_id, g.unit,
             coalesce(sum(g.quantity) FILTER (WHERE g.transaction_type = 'incoming'), 0) AS incoming_quantity,
             coalesce(sum(g.quantity) FILTER (WHERE g.transaction_type = 'outgoing'), 0) AS outgoing_quantity
      FROM stock_sealed_months s JOIN g ON g.day < s.month + interval '1 month'
      CROSS JOIN LATERAL (VALUES (g.warehouse_id), ('00000000-0000-0000-0000-000000000000'::uuid)) w(warehouse_id)
      GROUP BY 1, 2, 3, 4),
    stored_me AS (
      SELECT s.month, m.warehouse_id, m.product_id, m.unit, m.incoming_quantity, m.outgoing_quantity
      FROM stock_sealed_months s JOIN stock_month_end_totals m ON m.month = s.totals_month)
    SELECT 'daily' AS rollup, g.day::text, g.unit, g.quantity::text, d.quantity::text AS stored FROM g
      FULL JOIN stock_daily_totals d USING (day, transaction_type, product_id, warehouse_id, customer_id, unit)
      WHERE g.quantity IS DISTINCT FROM d.quantity OR g.movements IS DISTINCT FROM d.movements
    UNION ALL
    SELECT 'product', NULL, p.unit, p.outgoing_quantity::text, s.outgoing_quantity::text FROM p
      FULL JOIN stock_product_totals s USING (warehouse_id, product_id, unit)
      WHERE p.incoming_quantity IS DISTINCT FROM s.incoming_quantity OR p.outgoing_quantity IS DISTINCT FROM s.outgoing_quantity
         OR p.outgoing_movements IS DISTINCT FROM s.outgoing_movements
    UNION ALL
    SELECT 'customer', NULL, c.unit, c.quantity::text, s.quantity::text FROM c
      FULL JOIN stock_customer_totals s USING (warehouse_id, customer_id, unit)
      WHERE c.quantity IS DISTINCT FROM s.quantity OR c.movements IS DISTINCT FROM s.movements
    UNION ALL
    SELECT 'month-end', me.month::text, me.unit, me.outgoing_quantity::text, s.outgoing_quantity::text FROM me
      FULL JOIN stored_me s USING (month, warehouse_id, product_id, unit)
      WHERE me.incoming_quantity IS DISTINCT FROM s.incoming_quantity OR me.outgoing_quantity IS DISTINCT FROM s.outgoing_quantity`);
  return (res as unknown as { rows: unknown[] }).rows;
}
