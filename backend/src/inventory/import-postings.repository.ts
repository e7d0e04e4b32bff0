import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../database/database';
import { countOf, rowsOf } from '../database/raw-sql';
import { forgetMonthEndTotals, NIL_UUID } from './movement-totals';

/** The staged rows of one import within a range of file rows. */
export interface ImportRange {
  importId: string;
  from: number;
  to: number;
}

/**
 * Set-wise ledger postings of bulk imports, used only by StockLedgerService: a batch
 * of staged rows becomes ledger rows, levels and rollups in a few statements instead of one
 * round trip per row. Rollups are upserted grouped and in key order (the lock order of
 * MovementTotalsBatch).
 */
@Injectable()
export class ImportPostingsRepository {
  /** Opens the inventory records of the range's products in `warehouseId` (zero stock where new). */
  async openRecords(tx: Tx, r: ImportRange, warehouseId: string, productIdSql: SQL): Promise<void> {
    await tx.execute(sql`
      INSERT INTO inventories (product_id, warehouse_id, category_id)
      SELECT DISTINCT p.id, ${warehouseId}::uuid, p.category_id FROM products p
      WHERE p.id IN (${productIdSql}) ORDER BY 1
      ON CONFLICT (product_id, warehouse_id) DO NOTHING`);
  }

  /**
   * Opening stock: one incoming row per staged row (source `import`), on-hand added per record and
   * unit, the purchase price, rate and date of the last row giving each, and the rollups (receipts of today).
   */
  async receiveOpeningStock(tx: Tx, r: ImportRange, m: { warehouseId: string; userId: string; remarks: string }): Promise<number> {
    const rows = sql`import_rows s WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to}`;
    await this.openRecords(tx, r, m.warehouseId, sql`SELECT (s.data->>'product_id')::uuid FROM ${rows}`);
    await tx.execute(sql`
      WITH src AS (
        SELECT i.id AS inventory_id, coalesce(s.data->>'unit', p.units[1]) AS unit, sum((s.data->>'quantity')::numeric) AS q
        FROM import_rows s JOIN products p ON p.id = (s.data->>'product_id')::uuid
        JOIN inventories i ON i.product_id = p.id AND i.warehouse_id = ${m.warehouseId}
        WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to} GROUP BY 1, 2),
      -- every unit of each record has a level row, as a receipt leaves it
      recs AS (
        SELECT DISTINCT i.id AS inventory_id, u AS unit
        FROM import_rows s JOIN products p ON p.id = (s.data->>'product_id')::uuid
        JOIN inventories i ON i.product_id = p.id AND i.warehouse_id = ${m.warehouseId}, unnest(p.units) u
        WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to})
      INSERT INTO stock_levels (inventory_id, unit, on_hand)
      SELECT inventory_id, unit, coalesce(src.q, 0) FROM recs LEFT JOIN src USING (inventory_id, unit) ORDER BY 1, 2
      ON CONFLICT (inventory_id, unit) DO UPDATE SET on_hand = stock_levels.on_hand + excluded.on_hand`);
    await tx.execute(sql`
      UPDATE inventories i SET purchased_price = coalesce(x.price, i.purchased_price), depreciation_rate = coalesce(x.rate, i.depreciation_rate),
        purchased_date = coalesce(x.date, i.purchased_date, now()), updated_at = now()
      FROM (SELECT (s.data->>'product_id')::uuid AS product_id,
                   (array_agg((s.data->>'purchase_price')::numeric ORDER BY s.row DESC) FILTER (WHERE s.data->>'purchase_price' IS NOT NULL))[1] AS price,
                   (array_agg((s.data->>'depreciation_rate')::numeric ORDER BY s.row DESC) FILTER (WHERE s.data->>'depreciation_rate' IS NOT NULL))[1] AS rate,
                   (array_agg((s.data->>'purchase_date')::timestamptz ORDER BY s.row DESC) FILTER (WHERE s.data->>'purchase_date' IS NOT NULL))[1] AS date
            FROM import_rows s WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to} GROUP BY 1) x
      WHERE i.product_id = x.product_id AND i.warehouse_id = ${m.warehouseId}`);
    const posted = await countOf(
      tx,
      sql`
      INSERT INTO stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, user_id, remarks, source, source_id)
      SELECT 'incoming', i.id, p.id, ${m.warehouseId}, p.category_id,
             jsonb_build_array(jsonb_build_object('name', coalesce(s.data->>'unit', p.units[1]), 'value', (s.data->>'quantity')::numeric)),
             ${m.userId}, ${m.remarks}, 'import', ${r.importId}
      FROM import_rows s JOIN products p ON p.id = (s.data->>'product_id')::uuid
      JOIN inventories i ON i.product_id = p.id AND i.warehouse_id = ${m.warehouseId}
      WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to} ORDER BY s.row`,
    );
    await this.addRollups(
      tx,
      sql`SELECT (now() AT TIME ZONE 'UTC')::date AS day, 'incoming' AS type, p.id AS product_id, ${m.warehouseId}::uuid AS warehouse_id,
                 ${NIL_UUID}::uuid AS customer_id, coalesce(s.data->>'unit', p.units[1]) AS unit, (s.data->>'quantity')::numeric AS quantity, 1 AS movements
          FROM import_rows s JOIN products p ON p.id = (s.data->>'product_id')::uuid
          WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to}`,
    );
    return posted;
  }

  /**
   * Sales history: one ledger row per staged row at its own date (source `import_history`, GIN the
   * invoice): a sale is outgoing, a negative quantity an incoming customer return. Levels do not
   * change. Rollups as for delivered lists: a sale adds to outgoing, a return subtracts from it
   * (no movement counted).
   */
  async recordSalesHistory(tx: Tx, r: ImportRange, m: { warehouseId: string; userId: string; remarks: string }): Promise<number> {
    const src = sql`
      SELECT s.row, s.data, (s.data->>'quantity')::numeric AS q, (s.data->>'date')::timestamptz AS at, i.id AS inventory_id, p.id AS product_id,
             p.category_id, coalesce(s.data->>'unit', p.units[1]) AS unit, c.ref_id AS customer_id
      FROM import_rows s
      JOIN import_refs pr ON pr.import_id = s.import_id AND pr.key_type = 'product' AND pr.key = s.data->>'product_code'
      JOIN products p ON p.id = pr.ref_id
      JOIN inventories i ON i.product_id = p.id AND i.warehouse_id = ${m.warehouseId}
      JOIN import_refs c ON c.import_id = s.import_id AND c.key_type = 'customer' AND c.key = coalesce(s.data->>'customer', '')
      WHERE s.import_id = ${r.importId} AND s.errors IS NULL AND s.row BETWEEN ${r.from} AND ${r.to}`;
    const recorded = await countOf(
      tx,
      sql`
      INSERT INTO stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, gin, customer_id, user_id, remarks, source, source_id, transaction_date)
      SELECT CASE WHEN x.q < 0 THEN 'incoming' ELSE 'outgoing' END, x.inventory_id, x.product_id, ${m.warehouseId}, x.category_id,
             jsonb_build_array(jsonb_build_object('name', x.unit, 'value', abs(x.q))), x.data->>'invoice', x.customer_id, ${m.userId},
             ${m.remarks} || coalesce(', unit price ' || (x.data->>'unit_price'), ''), 'import_history', ${r.importId}, x.at
      FROM (${src}) x ORDER BY x.row`,
    );
    await this.addRollups(
      tx,
      sql`SELECT (x.at AT TIME ZONE 'UTC')::date AS day, 'outgoing' AS type, x.product_id, ${m.warehouseId}::uuid AS warehouse_id, x.customer_id,
                 x.unit, x.q AS quantity, CASE WHEN x.q < 0 THEN 0 ELSE 1 END AS movements FROM (${src}) x`,
    );
    return recorded;
  }

  /**
   * Reverses every movement of an import not yet reversed: the opposite type, the same quantity,
   * `reverses_id` the original, source and source_id kept. Opening stock (`import`): on-hand is
   * taken back first (the caller checked it is available) and the reversal is dated now, counted as
   * a reversal (the original's type, negative, -1 movement). Sales history (`import_history`):
   * dated as the original, so each day's statistics lose exactly what the import added.
   */
  async reverseImport(tx: Tx, importId: string, m: { source: 'import' | 'import_history'; userId: string; remarks: string }): Promise<number> {
    const originals = sql`SELECT t.* FROM stock_transactions t WHERE t.source = ${m.source} AND t.source_id = ${importId} AND t.reverses_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM stock_transactions x WHERE x.reverses_id = t.id)`;
    const history = m.source === 'import_history';
    if (!history) {
      await tx.execute(sql`
        WITH q AS (SELECT o.inventory_id, e->>'name' AS unit, sum((e->>'value')::numeric) AS v FROM (${originals}) o, jsonb_array_elements(o.quantity) e GROUP BY 1, 2)
        UPDATE stock_levels l SET on_hand = l.on_hand - q.v FROM q WHERE l.inventory_id = q.inventory_id AND l.unit = q.unit`);
    }
    await this.addRollups(
      tx,
      history
        ? sql`SELECT (o.transaction_date AT TIME ZONE 'UTC')::date AS day, 'outgoing' AS type, o.product_id, o.warehouse_id, o.customer_id, e->>'name' AS unit,
                     CASE o.transaction_type WHEN 'outgoing' THEN -1 ELSE 1 END * (e->>'value')::numeric AS quantity,
                     CASE o.transaction_type WHEN 'outgoing' THEN -1 ELSE 0 END AS movements
              FROM (${originals}) o, jsonb_array_elements(o.quantity) e`
        : sql`SELECT (now() AT TIME ZONE 'UTC')::date AS day, o.transaction_type AS type, o.product_id, o.warehouse_id, ${NIL_UUID}::uuid AS customer_id,
                     e->>'name' AS unit, -(e->>'value')::numeric AS quantity, -1 AS movements
              FROM (${originals}) o, jsonb_array_elements(o.quantity) e`,
    );
    return countOf(
      tx,
      sql`
      INSERT INTO stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, gin, customer_id, user_id, remarks, source, source_id, reverses_id, transaction_date)
      SELECT CASE o.transaction_type WHEN 'incoming' THEN 'outgoing' ELSE 'incoming' END, o.inventory_id, o.product_id, o.warehouse_id, o.category_id, o.quantity,
             o.grn, o.gin, o.customer_id, ${m.userId}, ${m.remarks}, o.source, o.source_id, o.id, ${history ? sql`o.transaction_date` : sql`now()`}
      FROM (${originals}) o ORDER BY o.transaction_date, o.id`,
    );
  }

  /**
   * What opening stock an import received that is no longer available (on hand - reserved), per
   * product and unit: empty when the import can be reverted.
   */
  async unavailableOpeningStock(tx: Tx, importId: string): Promise<{ inventoryId: string; code: string; unit: string; received: string; available: string }[]> {
    // the levels are locked first (in key order), so nothing takes the stock between check and reversal
    await tx.execute(sql`SELECT 1 FROM stock_levels l WHERE l.inventory_id IN (
      SELECT t.inventory_id FROM stock_transactions t WHERE t.source = 'import' AND t.source_id = ${importId}) ORDER BY l.inventory_id, l.unit FOR UPDATE`);
    return rowsOf<{ inventoryId: string; code: string; unit: string; received: string; available: string }>(
      tx,
      sql`
      WITH q AS (
        SELECT t.inventory_id, e->>'name' AS unit, sum((e->>'value')::numeric) AS v FROM stock_transactions t, jsonb_array_elements(t.quantity) e
        WHERE t.source = 'import' AND t.source_id = ${importId} AND t.reverses_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM stock_transactions x WHERE x.reverses_id = t.id) GROUP BY 1, 2)
      SELECT q.inventory_id AS "inventoryId", p.code, q.unit, q.v::text AS received, coalesce(l.on_hand - l.reserved, 0)::text AS available
      FROM q JOIN inventories i ON i.id = q.inventory_id JOIN products p ON p.id = i.product_id
      LEFT JOIN stock_levels l ON l.inventory_id = q.inventory_id AND l.unit = q.unit
      WHERE coalesce(l.on_hand - l.reserved, 0) < q.v ORDER BY p.code, q.unit`,
    );
  }

  /**
   * Adds movements to the three rollups (daily, product, customer), grouped by key and in key
   * order, and forgets the month-end totals from the earliest movement's month on (history is dated
   * in the past). `movements` yields day, type, product_id, warehouse_id, customer_id, unit, quantity, movements.
   */
  private async addRollups(tx: Tx, movements: SQL): Promise<void> {
    await forgetMonthEndTotals(tx, sql`(SELECT min(day) FROM (${movements}) m)`);
    await tx.execute(sql`
      INSERT INTO stock_daily_totals (day, transaction_type, product_id, warehouse_id, customer_id, unit, quantity, movements)
      SELECT day, type, product_id, warehouse_id, customer_id, unit, sum(quantity), sum(movements) FROM (${movements}) m
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (day, transaction_type, product_id, warehouse_id, customer_id, unit)
      DO UPDATE SET quantity = stock_daily_totals.quantity + excluded.quantity, movements = stock_daily_totals.movements + excluded.movements`);
    await tx.execute(sql`
      INSERT INTO stock_product_totals (warehouse_id, product_id, unit, incoming_quantity, outgoing_quantity, outgoing_movements)
      SELECT warehouse_id, product_id, unit, coalesce(sum(quantity) FILTER (WHERE type = 'incoming'), 0), coalesce(sum(quantity) FILTER (WHERE type = 'outgoing'), 0),
             coalesce(sum(movements) FILTER (WHERE type = 'outgoing'), 0) FROM (${movements}) m
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (warehouse_id, product_id, unit) DO UPDATE SET incoming_quantity = stock_product_totals.incoming_quantity + excluded.incoming_quantity,
        outgoing_quantity = stock_product_totals.outgoing_quantity + excluded.outgoing_quantity, outgoing_movements = stock_product_totals.outgoing_movements + excluded.outgoing_movements`);
    await tx.execute(sql`
      INSERT INTO stock_customer_totals (warehouse_id, customer_id, unit, quantity, movements)
      SELECT warehouse_id, customer_id, unit, sum(quantity), sum(movements) FROM (${movements}) m
      WHERE type = 'outgoing' AND customer_id <> ${NIL_UUID}::uuid GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (warehouse_id, customer_id, unit) DO UPDATE SET quantity = stock_customer_totals.quantity + excluded.quantity, movements = stock_customer_totals.movements + excluded.movements`);
  }
}
