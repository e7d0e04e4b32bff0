/**
 * The demo seed: master data plus M stock movements simulated in time order so that no issue
 * exceeds the stock on hand; then levels and the statistics rollups written from the same simulation,
 * so levels equal the ledger sums and the rollups equal the ledger grouped their way.
 * Ledger rows are written with batched multi-row INSERTs (a million load in minutes on PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/database/database';
import { inventories, stockLevels, stockTransactions } from '../src/database/schema';
import { NIL_UUID } from '../src/inventory/movement-totals';
import { rng, seedMaster, type DemoMaster, type DemoProduct } from './demo-master';

const BATCH = 5000;
const DAY_MS = 86_400_000;
const TAKERS = ['Abebe', 'Almaz', 'Bekele', 'Chaltu', 'Dawit', 'Eleni', 'Hana', 'Yonas'];

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  products: number;
  transactions: number;
  warehouses: number;
  customers: number;
  /** Movements are spread over this many days before now (default 730). */
  days?: number;
  log?: (message: string) => void;
}

interface Stock {
  id: string;
  product: DemoProduct;
  warehouseIndex: number;
  /** Whole units on hand per unit name. */
  onHand: Record<string, number>;
}

type LedgerRow = typeof stockTransactions.$inferInsert;

/** Every product stocked in 1 to 3 warehouses. */
function stockRecords(m: DemoMaster, rand: () => number): Stock[] {
  return m.products.flatMap((product, p) => {
    const n = 1 + Math.floor(rand() * Math.min(3, m.warehouses.length));
    return Array.from({ length: n }, (_, k) => ({
      id: randomUUID(),
      product,
      warehouseIndex: (p + k) % m.warehouses.length,
      onHand: Object.fromEntries(product.units.map((u) => [u, 0])),
    }));
  });
}

/**
 * One movement on `s` at `date`: a receipt when stock is nearly out (or by a 12% chance), else an
 * issue. Receipts are large and issues small, so stock hovers: at the end about 4-7% of the stock
 * records sit at or under their buffer stock, which fills the low-stock list and the bell.
 */
function movement(s: Stock, m: DemoMaster, date: Date, seq: number, rand: () => number): LedgerRow {
  const receipt = s.onHand.pcs < 5 || rand() < 0.12;
  const quantity = s.product.units
    .filter((u, i) => i === 0 || rand() < 0.5)
    .map((name) => {
      const have = s.onHand[name];
      const value = receipt ? 20 + Math.floor(rand() * 180) : Math.max(1, Math.min(have, 1 + Math.floor(rand() * 30)));
      return { name, value };
    })
    .filter((q) => receipt || q.value <= s.onHand[q.name]);
  for (const q of quantity) s.onHand[q.name] += receipt ? q.value : -q.value;
  const toCustomer = !receipt && rand() < 0.6;
  return {
    transactionType: receipt ? 'incoming' : 'outgoing',
    inventoryId: s.id,
    productId: s.product.id,
    warehouseId: m.warehouses[s.warehouseIndex],
    categoryId: s.product.categoryId,
    quantity,
    grn: receipt ? `GRN-${String(seq).padStart(7, '0')}` : null,
    gin: receipt ? null : `SIV-${String(seq).padStart(7, '0')}`,
    customerId: toCustomer ? m.customers[Math.floor(rand() * m.customers.length)] : null,
    userId: m.keepers[s.warehouseIndex],
    takenBy: receipt ? null : TAKERS[seq % TAKERS.length],
    source: toCustomer ? 'outgoing_list' : 'direct',
    transactionDate: date,
  };
}

/** Adds a ledger row to the in-memory daily totals. */
function addTotals(totals: Map<string, { quantity: number; movements: number }>, r: LedgerRow): void {
  const day = (r.transactionDate as Date).toISOString().slice(0, 10);
  for (const q of r.quantity) {
    const key = [day, r.transactionType, r.productId, r.warehouseId, r.customerId ?? NIL_UUID, q.name].join('|');
    const t = totals.get(key) ?? { quantity: 0, movements: 0 };
    t.quantity += q.value;
    t.movements += 1;
    totals.set(key, t);
  }
}

/**
 * Appends ledger rows with one JSON parameter per batch (jsonb_to_recordset): far fewer
 * parameters to bind than a multi-row VALUES list, on PostgreSQL and PGlite alike.
 */
async function insertLedger(db: Database, rows: LedgerRow[]): Promise<void> {
  const json = JSON.stringify(
    rows.map((r) => ({
      transaction_type: r.transactionType,
      inventory_id: r.inventoryId,
      product_id: r.productId,
      warehouse_id: r.warehouseId,
      category_id: r.categoryId,
      quantity: r.quantity,
      grn: r.grn,
      gin: r.gin,
      customer_id: r.customerId,
      user_id: r.userId,
      taken_by: r.takenBy,
      source: r.source,
      transaction_date: (r.transactionDate as Date).toISOString(),
    })),
  );
  await db.execute(sql`
    INSERT INTO stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, gin,
      customer_id, user_id, taken_by, source, transaction_date)
    SELECT transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, gin,
      customer_id, user_id, taken_by, source, transaction_date
    FROM jsonb_to_recordset(${json}::jsonb) AS x(transaction_type text, inventory_id uuid, product_id uuid, warehouse_id uuid,
      category_id uuid, quantity jsonb, grn text, gin text, customer_id uuid, user_id uuid, taken_by text, source text,
      transaction_date timestamptz)`);
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Seeds master data and `transactions` movements; returns what was created. */
export async function seedDemo(db: Database, opts: SeedOptions) {
  const log = opts.log ?? (() => undefined);
  const rand = rng(42);
  const started = Date.now();
  const master = await seedMaster(db, opts, rand);
  const stocks = stockRecords(master, rand);
  const span = (opts.days ?? 730) * DAY_MS;
  const start = Date.now() - span;
  await insertInBatches(stocks, (b) =>
    db.insert(inventories).values(
      b.map((s) => ({ id: s.id, productId: s.product.id, warehouseId: master.warehouses[s.warehouseIndex], categoryId: s.product.categoryId, purchasedPrice: s.product.price.toFixed(2), depreciationRate: '10', purchasedDate: new Date(start) })),
    ),
  );
  log(`master data: ${master.warehouses.length} warehouses, ${master.products.length} products, ${master.customers.length} customers, ${stocks.length} stock records`);

  const totals = new Map<string, { quantity: number; movements: number }>();
  let batch: LedgerRow[] = [];
  for (let i = 0; i < opts.transactions; i++) {
    // popular records move more often (skewed pick)
    const s = stocks[Math.floor(stocks.length * Math.pow(rand(), 1.6))];
    const row = movement(s, master, new Date(start + Math.floor(((i + rand()) * span) / opts.transactions)), i, rand);
    addTotals(totals, row);
    batch.push(row);
    if (batch.length === BATCH || i === opts.transactions - 1) {
      await insertLedger(db, batch);
      batch = [];
      if ((i + 1) % 100_000 === 0) log(`${i + 1} movements (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  }

  await insertInBatches(
    stocks.flatMap((s) => Object.entries(s.onHand).map(([unit, v]) => ({ inventoryId: s.id, unit, onHand: String(v) }))),
    // a record's buffer-unit row exists from its creation (migration 0026)
    (b) => db.insert(stockLevels).values(b).onConflictDoUpdate({ target: [stockLevels.inventoryId, stockLevels.unit], set: { onHand: sql`excluded.on_hand` } }),
  );
  await insertInBatches([...totals.entries()], (b) => {
    const json = JSON.stringify(
      b.map(([key, t]) => {
        const [day, transaction_type, product_id, warehouse_id, customer_id, unit] = key.split('|');
        return { day, transaction_type, product_id, warehouse_id, customer_id, unit, quantity: t.quantity, movements: t.movements };
      }),
    );
    return db.execute(sql`
      INSERT INTO stock_daily_totals (day, transaction_type, product_id, warehouse_id, customer_id, unit, quantity, movements)
      SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(day date, transaction_type text, product_id uuid, warehouse_id uuid,
        customer_id uuid, unit text, quantity numeric, movements int)`);
  });
  // the all-time rollups of this seed's (new) products and customers, from their daily totals
  const pgArray = (ids: string[]) => `{${ids.join(',')}}`;
  await db.execute(sql`
    INSERT INTO stock_product_totals (warehouse_id, product_id, unit, incoming_quantity, outgoing_quantity, outgoing_movements)
    SELECT warehouse_id, product_id, unit,
      coalesce(sum(quantity) FILTER (WHERE transaction_type = 'incoming'), 0),
      coalesce(sum(quantity) FILTER (WHERE transaction_type = 'outgoing'), 0),
      coalesce(sum(movements) FILTER (WHERE transaction_type = 'outgoing'), 0)
    FROM stock_daily_totals WHERE product_id = ANY(${pgArray(master.products.map((p) => p.id))}::uuid[]) GROUP BY 1, 2, 3`);
  await db.execute(sql`
    INSERT INTO stock_customer_totals (warehouse_id, customer_id, unit, quantity, movements)
    SELECT warehouse_id, customer_id, unit, sum(quantity), sum(movements)
    FROM stock_daily_totals WHERE transaction_type = 'outgoing' AND customer_id = ANY(${pgArray(master.customers)}::uuid[]) GROUP BY 1, 2, 3`);
  return {
    warehouses: master.warehouses.length,
    products: master.products.length,
    customers: master.customers.length,
    stockRecords: stocks.length,
    transactions: opts.transactions,
    dailyTotals: totals.size,
    seconds: Math.round((Date.now() - started) / 1000),
    staffEmails: master.emails,
    staffPassword: 'Demo@Pass1',
  };
}
