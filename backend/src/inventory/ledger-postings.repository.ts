import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database/database';
import { rowsOf, uuidArray } from '../database/raw-sql';
import type { QuantityEntry } from '../database/schema';
import { inTransitSql, type InventoryLevelRow } from './level-sql';
import { NIL_UUID } from './movement-totals';

/** One ledger row to post: the id is chosen by the caller, so it can be audited before the posting. */
export interface PostedRow {
  id: string;
  inventoryId: string;
  productId: string;
  warehouseId: string;
  categoryId: string;
  quantity: QuantityEntry[];
  userId: string;
  grn?: string | null;
  gin?: string | null;
  customerId?: string | null;
  takenBy?: string | null;
  remarks?: string | null;
  source: 'direct' | 'incoming_list' | 'outgoing_list';
  sourceId?: string | null;
}

/** A receipt also creates the level row of every unit of its product (0 where not received). */
export interface ReceivedRow extends PostedRow {
  units: string[];
}

/**
 * One-round-trip postings: the levels, the ledger rows and the three statistics rollups
 * of any number of receipts or issues in ONE SQL statement (data-modifying CTEs), so a stock
 * level's row lock is held for one statement and the commit, and a 500-line list posts in one
 * statement instead of thousands. Used only by StockLedgerService.
 *
 * The statement keeps the ledger's lock order (see StockLedgerService): level rows first (an
 * ordered `FOR UPDATE`), then the rollups. The CTEs run in that order: the ledger insert reads the
 * level CTE, the main query reads the ledger insert, and the rollup CTEs nobody reads run after it
 * in the order written.
 */
@Injectable()
export class LedgerPostingsRepository {
  /**
   * Issues: takes each row's quantities from what is available (or, `fromReserved`, from on hand
   * and the reservation together) and appends the rows and their rollups, with `extras` (INSERTs,
   * e.g. the rows' audit events) in the same statement, run before the levels are locked. All or
   * nothing: when a level is short the statement fails with SQLSTATE SL001 (`stock_shortfall(levels)`,
   * migration 0021: the levels it locked, see {@link shortfallLevels}) and changes nothing, the
   * events included, so outside a transaction the posting is one round trip, commit included.
   * With `answerLevels`, answers the level rows (every unit) of the rows' records as the statement
   * left them, so a direct issue's answer needs no further read; else nothing.
   */
  async postIssues(db: DbOrTx, rows: PostedRow[], fromReserved: boolean, extras: SQL[] = [], answerLevels = false): Promise<InventoryLevelRow[]> {
    const guard = fromReserved ? sql`l.reserved >= w.v` : sql`l.on_hand - l.reserved >= w.v`;
    const ids = uuidArray(rows.map((r) => r.inventoryId));
    // `extras` run first, before any level is locked: their time is not added to the time a hot level stays locked
    const before = sql.join(extras.map((x, i) => sql`${sql.raw(`extra${i}`)} AS (${x} RETURNING 1),`));
    const afterExtra = sql.join(extras.map((_, i) => sql` AND (SELECT count(*) FROM ${sql.raw(`extra${i}`)}) >= 0`));
    // every level of the records: the changed ones as the UPDATE left them, the others as they are
    const answer = answerLevels
      ? sql`,
      lv AS (SELECT inventory_id, unit, on_hand, reserved FROM lvl
        UNION ALL SELECT o.inventory_id, o.unit, o.on_hand, o.reserved FROM stock_levels o
        WHERE o.inventory_id = ANY(${ids}) AND NOT EXISTS (SELECT 1 FROM lvl WHERE lvl.inventory_id = o.inventory_id AND lvl.unit = o.unit))
      SELECT lv.inventory_id AS "inventoryId", lv.unit, lv.on_hand::text AS "onHand", lv.reserved::text AS reserved,
        (lv.on_hand - lv.reserved)::text AS available, ${inTransitSql(sql.raw('lv'))}::text AS "inTransit"
      FROM lv WHERE (SELECT count(*) FROM led) >= 0`
      : sql`
      SELECT (SELECT count(*) FROM led) AS posted`;
    const answered = await rowsOf<InventoryLevelRow>(db, sql`
      WITH ${moves(rows)}, ${before}
      w AS (SELECT m.inventory_id, e->>'name' AS unit, sum((e->>'value')::numeric) AS v FROM m, jsonb_array_elements(m.quantity) e GROUP BY 1, 2),
      lk AS (SELECT l.inventory_id, l.unit, l.on_hand, l.reserved FROM stock_levels l JOIN w USING (inventory_id, unit) WHERE l.inventory_id = ANY(${ids}) ${afterExtra} ORDER BY l.inventory_id, l.unit COLLATE "C" FOR UPDATE OF l),
      lvl AS (
        UPDATE stock_levels l SET on_hand = l.on_hand - w.v, reserved = l.reserved - ${fromReserved ? sql`w.v` : sql`0`}
        FROM w WHERE l.inventory_id = ANY(${ids}) AND l.inventory_id = w.inventory_id AND l.unit = w.unit AND (SELECT count(*) FROM lk) >= 0 AND ${guard}
        RETURNING l.inventory_id, l.unit, l.on_hand, l.reserved),
      led AS (${insertLedger('outgoing', sql`WHERE CASE WHEN (SELECT count(*) FROM lvl) = (SELECT count(*) FROM w) THEN true ELSE stock_shortfall((SELECT jsonb_agg(lk) FROM lk)) END`)}),
      ${rollups('outgoing')}${answer}`);
    return answerLevels ? answered : [];
  }

  /**
   * Receipts into records that exist (see StockLedgerService.receiveMany): adds on hand (creating
   * the level row of every unit of the product), appends the rows and the rollups. A record may
   * appear once per call.
   */
  async postReceipts(tx: Tx, rows: ReceivedRow[]): Promise<void> {
    const levels = rows.flatMap((r) => [...r.units].map((unit) => ({ inventory_id: r.inventoryId, unit, v: r.quantity.find((q) => q.name === unit)?.value ?? 0 })));
    await tx.execute(sql`
      WITH ${moves(rows)},
      lvl AS (
        INSERT INTO stock_levels (inventory_id, unit, on_hand)
        SELECT x.inventory_id, x.unit, x.v FROM jsonb_to_recordset(${JSON.stringify(levels)}::jsonb) AS x(inventory_id uuid, unit text, v numeric)
        ORDER BY x.inventory_id, x.unit COLLATE "C"
        ON CONFLICT (inventory_id, unit) DO UPDATE SET on_hand = stock_levels.on_hand + excluded.on_hand
        RETURNING 1),
      led AS (${insertLedger('incoming', sql`WHERE (SELECT count(*) FROM lvl) >= 0`)}),
      ${rollups('incoming')}
      SELECT (SELECT count(*) FROM led) AS posted`);
  }
}

/** The CTE `m`: the rows to post, as one JSON parameter. */
function moves(rows: PostedRow[]): SQL {
  const json = rows.map((r) => ({
    id: r.id,
    inventory_id: r.inventoryId,
    product_id: r.productId,
    warehouse_id: r.warehouseId,
    category_id: r.categoryId,
    quantity: r.quantity.map((q) => ({ name: q.name, value: q.value })),
    grn: r.grn ?? null,
    gin: r.gin ?? null,
    customer_id: r.customerId ?? null,
    user_id: r.userId,
    taken_by: r.takenBy ?? null,
    remarks: r.remarks ?? null,
    source: r.source,
    source_id: r.sourceId ?? null,
  }));
  return sql`m AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(json)}::jsonb) AS m(id uuid, inventory_id uuid, product_id uuid, warehouse_id uuid,
    category_id uuid, quantity jsonb, grn text, gin text, customer_id uuid, user_id uuid, taken_by text, remarks text, source text, source_id uuid))`;
}

/** The ledger rows of `m` (posted only when `when` holds), returning what the rollups need. */
function insertLedger(type: 'incoming' | 'outgoing', when: SQL): SQL {
  return sql`
    INSERT INTO stock_transactions (id, transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, gin, customer_id, user_id, taken_by, remarks, source, source_id)
    SELECT m.id, ${type}, m.inventory_id, m.product_id, m.warehouse_id, m.category_id, m.quantity, m.grn, m.gin, m.customer_id, m.user_id, m.taken_by, m.remarks, m.source, m.source_id
    FROM m ${when}
    RETURNING transaction_date, product_id, warehouse_id, customer_id, quantity`;
}

/**
 * The rollup CTEs of the rows `led` returned (one movement per row and unit, as MovementTotalsBatch
 * counts): daily totals, product totals and, for issues to a customer, customer totals, each
 * grouped and in key order.
 */
function rollups(type: 'incoming' | 'outgoing'): SQL {
  const outgoing = type === 'outgoing';
  return sql`
    mv AS (
      SELECT (led.transaction_date AT TIME ZONE 'UTC')::date AS day, led.product_id, led.warehouse_id, coalesce(led.customer_id, ${NIL_UUID}::uuid) AS customer_id,
             e->>'name' AS unit, (e->>'value')::numeric AS q
      FROM led, jsonb_array_elements(led.quantity) e),
    daily AS (
      INSERT INTO stock_daily_totals (day, transaction_type, product_id, warehouse_id, customer_id, unit, quantity, movements)
      SELECT day, ${type}, product_id, warehouse_id, customer_id, unit, sum(q), count(*) FROM mv GROUP BY 1, 3, 4, 5, 6 ORDER BY day, product_id, warehouse_id, customer_id, unit COLLATE "C"
      ON CONFLICT (day, transaction_type, product_id, warehouse_id, customer_id, unit)
      DO UPDATE SET quantity = stock_daily_totals.quantity + excluded.quantity, movements = stock_daily_totals.movements + excluded.movements),
    product AS (
      INSERT INTO stock_product_totals (warehouse_id, product_id, unit, incoming_quantity, outgoing_quantity, outgoing_movements)
      SELECT warehouse_id, product_id, unit, ${outgoing ? sql`0, sum(q), count(*)` : sql`sum(q), 0, 0`} FROM mv GROUP BY 1, 2, 3 ORDER BY warehouse_id, product_id, unit COLLATE "C"
      ON CONFLICT (warehouse_id, product_id, unit) DO UPDATE SET incoming_quantity = stock_product_totals.incoming_quantity + excluded.incoming_quantity,
        outgoing_quantity = stock_product_totals.outgoing_quantity + excluded.outgoing_quantity, outgoing_movements = stock_product_totals.outgoing_movements + excluded.outgoing_movements),
    customer AS (
      INSERT INTO stock_customer_totals (warehouse_id, customer_id, unit, quantity, movements)
      SELECT warehouse_id, customer_id, unit, sum(q), count(*) FROM mv WHERE ${outgoing} AND customer_id <> ${NIL_UUID}::uuid GROUP BY 1, 2, 3 ORDER BY warehouse_id, customer_id, unit COLLATE "C"
      ON CONFLICT (warehouse_id, customer_id, unit) DO UPDATE SET quantity = stock_customer_totals.quantity + excluded.quantity, movements = stock_customer_totals.movements + excluded.movements)`;
}

