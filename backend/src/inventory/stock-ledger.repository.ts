import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../database/database';
import {
  categories,
  inventories,
  products,
  stockLevels,
  stockTransactions,
  warehouses,
  type QuantityEntry,
} from '../database/schema';
import { toDecimal } from './quantity';
import type { MovementTotalsBatch } from './movement-totals';
import { uuidArray } from '../database/raw-sql';


/** A product as the ledger needs it. */
export interface LedgerProduct {
  id: string;
  name: string;
  units: string[];
  categoryId: string;
}

/** An inventory record with its product. */
export interface LedgerInventory {
  id: string;
  warehouseId: string;
  product: LedgerProduct;
}

/** One stock level row; quantities are NUMERIC texts. */
export interface LevelRow {
  unit: string;
  onHand: string;
  reserved: string;
  /** on_hand - reserved, computed in SQL. */
  available: string;
}

/**
 * The order every posting locks level rows in: record id, then unit (code-unit order, as
 * PostgreSQL compares uuids and `COLLATE "C"` texts).
 */
export const byRecordThenUnit = (a: { inventoryId: string; unit: string }, b: { inventoryId: string; unit: string }): number =>
  a.inventoryId === b.inventoryId ? (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0) : a.inventoryId < b.inventoryId ? -1 : 1;

/** A ledger row to append. */
export type NewLedgerRow = typeof stockTransactions.$inferInsert;

/** Every query on stock_levels, stock_transactions and the statistics rollups (used only by StockLedgerService). */
@Injectable()
export class StockLedgerRepository {
  /**
   * An active product, share-locked until commit: its removal or a change of its units
   * (StockUseService) waits for the receipt and then sees the stock.
   */
  async findProduct(tx: DbOrTx, productId: string): Promise<LedgerProduct | undefined> {
    const [row] = await tx
      .select({ id: products.id, name: products.name, units: products.units, categoryId: products.categoryId })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.id, productId), eq(products.removed, false)))
      .for('share', { of: products });
    return row;
  }

  async warehouseExists(tx: DbOrTx, warehouseId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, warehouseId), eq(warehouses.removed, false)));
    return rows.length > 0;
  }

  /** An inventory record and its product (no lock: level rows are locked by the conditional UPDATEs). */
  async findInventory(tx: Tx, inventoryId: string): Promise<LedgerInventory | undefined> {
    const [row] = await tx
      .select({
        id: inventories.id,
        warehouseId: inventories.warehouseId,
        product: { id: products.id, name: products.name, units: products.units, categoryId: products.categoryId },
      })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .where(eq(inventories.id, inventoryId));
    return row;
  }

  async levels(tx: DbOrTx, inventoryId: string): Promise<LevelRow[]> {
    return tx
      .select({
        unit: stockLevels.unit,
        onHand: stockLevels.onHand,
        reserved: stockLevels.reserved,
        available: sql<string>`${stockLevels.onHand} - ${stockLevels.reserved}`,
      })
      .from(stockLevels)
      .where(eq(stockLevels.inventoryId, inventoryId))
      .orderBy(asc(stockLevels.unit));
  }

  /**
   * Adds on-hand per unit; creates missing level rows (every unit in `allUnits`, 0 when not
   * received). Rows go in unit name order, the order every movement locks levels in.
   */
  async addOnHand(tx: Tx, inventoryId: string, allUnits: string[], quantity: QuantityEntry[]): Promise<void> {
    const byUnit = new Map(quantity.map((q) => [q.name, toDecimal(q.value)]));
    await tx
      .insert(stockLevels)
      .values([...allUnits].sort().map((unit) => ({ inventoryId, unit, onHand: byUnit.get(unit) ?? '0' })))
      .onConflictDoUpdate({
        target: [stockLevels.inventoryId, stockLevels.unit],
        set: { onHand: sql`${stockLevels.onHand} + excluded.on_hand` },
      });
  }

  /**
   * Conditional change of one level: adds `onHandDelta` and `reservedDelta` (decimal texts) only
   * when `guard` holds on the current row. Returns false (nothing changed) otherwise.
   */
  async changeLevel(
    tx: Tx,
    inventoryId: string,
    unit: string,
    d: { onHand: string; reserved: string; guard: 'available' | 'reserved'; amount: string },
  ): Promise<boolean> {
    const guard =
      d.guard === 'available'
        ? sql`${stockLevels.onHand} - ${stockLevels.reserved} >= ${d.amount}::numeric`
        : sql`${stockLevels.reserved} >= ${d.amount}::numeric`;
    const rows = await tx
      .update(stockLevels)
      .set({
        onHand: sql`${stockLevels.onHand} + ${d.onHand}::numeric`,
        reserved: sql`${stockLevels.reserved} + ${d.reserved}::numeric`,
      })
      .where(and(eq(stockLevels.inventoryId, inventoryId), eq(stockLevels.unit, unit), guard))
      .returning({ unit: stockLevels.unit });
    return rows.length === 1;
  }

  /**
   * A ledger row, locked FOR UPDATE until commit (no trigger fires: nothing is changed), so two
   * reversals of one movement run one after the other; `reversedBy` is the id of its reversal.
   */
  async lockLedgerRow(tx: Tx, id: string): Promise<(typeof stockTransactions.$inferSelect & { reversedBy: string | null }) | undefined> {
    const [row] = await tx.select().from(stockTransactions).where(eq(stockTransactions.id, id)).for('update');
    if (!row) return undefined;
    // a statement of its own, after the lock: it sees a reversal committed while we waited
    const [rev] = await tx.select({ id: stockTransactions.id }).from(stockTransactions).where(eq(stockTransactions.reversesId, id));
    return { ...row, reversedBy: rev?.id ?? null };
  }

  async insertLedger(tx: Tx, row: NewLedgerRow): Promise<{ id: string; transactionDate: Date }> {
    const [r] = await tx
      .insert(stockTransactions)
      .values(row)
      .returning({ id: stockTransactions.id, transactionDate: stockTransactions.transactionDate });
    return r;
  }

  /** Inventory records with their products, by id (no lock). */
  async findInventories(tx: DbOrTx, ids: string[]): Promise<LedgerInventory[]> {
    if (!ids.length) return [];
    return tx
      .select({
        id: inventories.id,
        warehouseId: inventories.warehouseId,
        product: { id: products.id, name: products.name, units: products.units, categoryId: products.categoryId },
      })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .where(inArray(inventories.id, ids));
  }

  /** The active products of `ids` with what the ledger needs, share-locked until commit in id order (as {@link findProduct}). */
  async lockProducts(tx: Tx, ids: string[]): Promise<LedgerProduct[]> {
    if (!ids.length) return [];
    return tx
      .select({ id: products.id, name: products.name, units: products.units, categoryId: products.categoryId })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.removed, false)))
      .orderBy(asc(products.id))
      .for('share');
  }

  /**
   * Receipt price, rate and date of many records at once (each once): purchasedPrice becomes the
   * moving average weighted by the on-hand of each entry's `unit` before the receipt (exact NUMERIC
   * arithmetic, rounded to cents); rate and date replaced where given.
   */
  async updatePurchaseMany(tx: Tx, entries: { inventoryId: string; unit: string; quantity: number; price?: string; rate?: string; date?: Date }[]): Promise<void> {
    if (!entries.length) return;
    const ids = uuidArray(entries.map((e) => e.inventoryId));
    const json = entries.map((e) => ({ inventory_id: e.inventoryId, unit: e.unit, q: toDecimal(e.quantity), price: e.price ?? null, rate: e.rate ?? null, date: e.date?.toISOString() ?? null }));
    await tx.execute(sql`
      UPDATE inventories i SET
        purchased_price = CASE WHEN v.price IS NULL THEN i.purchased_price
          WHEN i.purchased_price IS NULL OR coalesce(l.on_hand, 0) <= 0 THEN v.price
          ELSE round((i.purchased_price * l.on_hand + v.price * v.q) / (l.on_hand + v.q), 2) END,
        depreciation_rate = coalesce(v.rate, i.depreciation_rate),
        purchased_date = coalesce(v.date, i.purchased_date),
        updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(json)}::jsonb) AS v(inventory_id uuid, unit text, q numeric, price numeric, rate numeric, date timestamptz)
      LEFT JOIN stock_levels l ON l.inventory_id = v.inventory_id AND l.unit = v.unit AND l.inventory_id = ANY(${ids})
      WHERE i.id = ANY(${ids}) AND i.id = v.inventory_id`);
  }

  /** The active ones of `ids`, share-locked until commit (as {@link findProduct} does for one). */
  async lockActiveProducts(tx: Tx, ids: string[]): Promise<Set<string>> {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.removed, false)))
      .orderBy(asc(products.id))
      .for('share');
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Locks the level rows of `keys` FOR UPDATE in (inventory id, unit) order — the order every
   * movement locks levels in — and returns what is available of each (missing rows are absent).
   */
  async lockLevels(tx: Tx, keys: { inventoryId: string; unit: string }[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const pairs = sql.join(keys.map((k) => sql`(${k.inventoryId}::uuid, ${k.unit}::text)`), sql`, `);
    const res = await tx.execute(sql`
      SELECT inventory_id, unit, (on_hand - reserved)::text AS available FROM stock_levels
      WHERE (inventory_id, unit) IN (${pairs})
      ORDER BY inventory_id, unit COLLATE "C" FOR UPDATE`);
    const rows = (res as unknown as { rows: { inventory_id: string; unit: string; available: string }[] }).rows;
    return new Map(rows.map((r) => [`${r.inventory_id}|${r.unit}`, r.available]));
  }

  /** Subtracts on-hand of locked level rows (decimal texts); returns how many rows changed. */
  async subtractOnHand(tx: Tx, entries: { inventoryId: string; unit: string; amount: string }[]): Promise<number> {
    if (!entries.length) return 0;
    const values = sql.join(entries.map((e) => sql`(${e.inventoryId}::uuid, ${e.unit}::text, ${e.amount}::numeric)`), sql`, `);
    const res = await tx.execute(sql`
      UPDATE stock_levels l SET on_hand = l.on_hand - v.q
      FROM (VALUES ${values}) AS v(inventory_id, unit, q)
      WHERE l.inventory_id = v.inventory_id AND l.unit = v.unit AND l.on_hand - l.reserved >= v.q`);
    return (res as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as unknown as { rowCount: number }).rowCount;
  }

  /**
   * Adds on-hand to many records at once (missing level rows are created for every unit in each
   * record's `units`, 0 when not given), the rows written in (inventory id, unit) order.
   */
  async addOnHandMany(tx: Tx, records: { inventoryId: string; units: string[]; quantity: QuantityEntry[] }[]): Promise<void> {
    const rows = records
      .flatMap((r) => [...r.units].sort().map((unit) => ({ inventoryId: r.inventoryId, unit, onHand: toDecimal(r.quantity.find((q) => q.name === unit)?.value ?? 0) })))
      .sort(byRecordThenUnit);
    if (!rows.length) return;
    await tx
      .insert(stockLevels)
      .values(rows)
      .onConflictDoUpdate({ target: [stockLevels.inventoryId, stockLevels.unit], set: { onHand: sql`${stockLevels.onHand} + excluded.on_hand` } });
  }

  /** Creates the missing records of `products` in `warehouseId` (product id order); returns each product's record id. */
  async upsertInventories(tx: Tx, list: LedgerProduct[], warehouseId: string): Promise<Map<string, string>> {
    const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    const rows = await tx
      .insert(inventories)
      .values(sorted.map((p) => ({ productId: p.id, warehouseId, categoryId: p.categoryId })))
      .onConflictDoUpdate({ target: [inventories.productId, inventories.warehouseId], set: { updatedAt: sql`now()` } })
      .returning({ id: inventories.id, productId: inventories.productId });
    return new Map(rows.map((r) => [r.productId, r.id]));
  }

  /**
   * A transfer's destination records take their source records' purchase price,
   * depreciation rate and purchase date where they have none, so the valuation follows the stock.
   */
  async inheritPurchaseMany(tx: Tx, pairs: { inventoryId: string; fromInventoryId: string }[]): Promise<void> {
    if (!pairs.length) return;
    const values = sql.join(pairs.map((p) => sql`(${p.inventoryId}::uuid, ${p.fromInventoryId}::uuid)`), sql`, `);
    await tx.execute(sql`
      UPDATE inventories d SET
        purchased_price = coalesce(d.purchased_price, s.purchased_price),
        depreciation_rate = coalesce(d.depreciation_rate, s.depreciation_rate),
        purchased_date = coalesce(d.purchased_date, s.purchased_date),
        updated_at = now()
      FROM (VALUES ${values}) AS v(d_id, s_id), inventories s
      WHERE d.id = v.d_id AND s.id = v.s_id`);
  }

  /** Appends many ledger rows; returns their ids in the order given. */
  async insertLedgerMany(tx: Tx, rows: NewLedgerRow[]): Promise<string[]> {
    if (!rows.length) return [];
    const inserted = await tx.insert(stockTransactions).values(rows).returning({ id: stockTransactions.id, inventoryId: stockTransactions.inventoryId, type: stockTransactions.transactionType });
    // RETURNING order is not promised: match each row by its (record, type), unique within one call
    const byKey = new Map(inserted.map((r) => [`${r.inventoryId}|${r.type}`, r.id]));
    return rows.map((r) => byKey.get(`${r.inventoryId}|${r.transactionType}`)!);
  }

  /** Writes a transaction's statistics rollups, in the fixed lock order of {@link MovementTotalsBatch}. */
  async writeMovementTotals(tx: Tx, batch: MovementTotalsBatch): Promise<void> {
    await batch.write(tx);
  }
}
