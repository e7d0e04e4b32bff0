/**
 * Test factories for statistics and reports: insert catalogue, stock and rollup rows
 * straight into the database, so these tests do not depend on the stock ledger service.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../database/database';
import {
  categories,
  customers,
  inventories,
  products,
  stockLevels,
  warehouses,
} from '../database/schema';
import { sql } from 'drizzle-orm';
import { addMovementTotals, forgetMonthEndTotals } from '../inventory/movement-totals';

const short = () => randomUUID().slice(0, 8);

/** A category allowing `units`; returns its id. */
export async function seedCategory(db: Database, name = `Category ${short()}`, units = ['kg', 'pcs']): Promise<string> {
  const [row] = await db.insert(categories).values({ name, description: 'test', quantityMeasurement: units }).returning();
  return row.id;
}

/** A warehouse; returns its id. */
export async function seedWarehouse(db: Database, name = `Warehouse ${short()}`): Promise<string> {
  const [row] = await db.insert(warehouses).values({ name, address: 'Addis Ababa' }).returning();
  return row.id;
}

/** A product of `categoryId` with `units` (the first is the report's unit); returns its id. */
export async function seedProduct(
  db: Database,
  categoryId: string,
  opts: { name?: string; code?: string; units?: string[]; removed?: boolean } = {},
): Promise<string> {
  const units = opts.units ?? ['kg'];
  const [row] = await db
    .insert(products)
    .values({ categoryId, name: opts.name ?? `Product ${short()}`, code: opts.code ?? `P-${short()}`, units, bufferUnit: units[0], removed: opts.removed ?? false })
    .returning();
  return row.id;
}

/** A customer; returns its id. */
export async function seedCustomer(db: Database, name = `Customer ${short()}`): Promise<string> {
  const [row] = await db.insert(customers).values({ name, company: 'ACME', phoneNo: ['911223344'], email: 'c@test.local' }).returning();
  return row.id;
}

/** Fields of an inventory record with its stock levels per unit. */
export interface InventorySeed {
  productId: string;
  warehouseId: string;
  categoryId: string;
  purchasedPrice?: string | null;
  depreciationRate?: string | null;
  purchasedDate?: Date | null;
  /** on-hand quantity per unit, e.g. `{kg: '12.5'}` */
  levels?: Record<string, string>;
}

/** An inventory record and its stock levels; returns its id. */
export async function seedInventory(db: Database, s: InventorySeed): Promise<string> {
  const [row] = await db
    .insert(inventories)
    .values({
      productId: s.productId,
      warehouseId: s.warehouseId,
      categoryId: s.categoryId,
      purchasedPrice: s.purchasedPrice ?? null,
      depreciationRate: s.depreciationRate ?? null,
      purchasedDate: s.purchasedDate ?? null,
    })
    .returning();
  const levels = Object.entries(s.levels ?? {});
  // the record's buffer-unit row exists from its creation (migration 0026)
  if (levels.length) {
    await db
      .insert(stockLevels)
      .values(levels.map(([unit, onHand]) => ({ inventoryId: row.id, unit, onHand })))
      .onConflictDoUpdate({ target: [stockLevels.inventoryId, stockLevels.unit], set: { onHand: sql`excluded.on_hand` } });
  }
  return row.id;
}

/** One day's total of movements as the stock ledger writes it. */
export interface DailySeed {
  day: string;
  type: 'incoming' | 'outgoing';
  productId: string;
  warehouseId: string;
  customerId?: string;
  unit: string;
  quantity: number;
  movements?: number;
}

/**
 * Adds movements to the statistics rollups exactly as the stock ledger does, and, as imported
 * history does, forgets the month-end totals from the earliest seeded day's month on.
 */
export async function seedDaily(db: Database, rows: DailySeed[]): Promise<void> {
  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await forgetMonthEndTotals(tx, sql`${rows.map((r) => r.day).sort()[0]}::date`);
    for (const r of rows) {
      await addMovementTotals(tx, {
        day: r.day,
        type: r.type,
        productId: r.productId,
        warehouseId: r.warehouseId,
        customerId: r.customerId,
        quantity: [{ unit: r.unit, value: String(r.quantity) }],
        movements: r.movements ?? 1,
      });
    }
  });
}
