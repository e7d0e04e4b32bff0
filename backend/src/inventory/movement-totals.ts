import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../database/database';
import { stockCustomerTotals, stockDailyTotals, stockProductTotals } from '../database/schema';

/** The customer id of daily totals without a customer. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Movements of one product in one warehouse on one UTC day, one quantity (decimal text) per unit. */
export interface MovementTotals {
  day: string;
  type: 'incoming' | 'outgoing';
  productId: string;
  warehouseId: string;
  customerId?: string | null;
  quantity: { unit: string; value: string }[];
  /** How many movements these quantities sum (1 for a ledger row). */
  movements?: number;
}

type DailyRow = typeof stockDailyTotals.$inferInsert;
type ProductRow = typeof stockProductTotals.$inferInsert;
type CustomerRow = typeof stockCustomerTotals.$inferInsert;

/**
 * The statistics rollups of one transaction's movements: the daily totals (the interval chart
 * and date-ranged rankings), the all-time product totals (top-selling, in-vs-out) and, for
 * outgoing movements to a customer, the all-time customer totals (top customers). Collected
 * with every ledger row and written at the end of the transaction, so the rollups always equal
 * the ledger.
 *
 * {@link write} upserts the rollups table by table (daily, product, customer), each table's rows in
 * key order, after the posting's stock levels: the last step of the ledger's lock order (see
 * StockLedgerService; two deliveries for one customer deadlocked on levels vs customer totals
 * before).
 */
export class MovementTotalsBatch {
  private readonly daily: DailyRow[] = [];
  private readonly products: ProductRow[] = [];
  private readonly customers: CustomerRow[] = [];

  /** Adds one movement (or `movements` of them) to the batch. */
  add(m: MovementTotals): void {
    const movements = m.movements ?? 1;
    const customerId = m.customerId ?? NIL_UUID;
    const outgoing = m.type === 'outgoing';
    for (const q of m.quantity) {
      this.daily.push({ ...key(m), transactionType: m.type, customerId, day: m.day, unit: q.unit, quantity: q.value, movements });
      this.products.push({
        ...key(m),
        unit: q.unit,
        incomingQuantity: outgoing ? '0' : q.value,
        outgoingQuantity: outgoing ? q.value : '0',
        outgoingMovements: outgoing ? movements : 0,
      });
      if (outgoing && customerId !== NIL_UUID) this.customers.push({ warehouseId: m.warehouseId, customerId, unit: q.unit, quantity: q.value, movements });
    }
  }

  /** Upserts the collected rows in the fixed order described above, in the caller's transaction. */
  async write(db: DbOrTx): Promise<void> {
    for (const rows of waves(this.daily, (r) => [r.day, r.transactionType, r.productId, r.warehouseId, r.customerId, r.unit])) {
      await db
        .insert(stockDailyTotals)
        .values(rows)
        .onConflictDoUpdate({
          target: [stockDailyTotals.day, stockDailyTotals.transactionType, stockDailyTotals.productId, stockDailyTotals.warehouseId, stockDailyTotals.customerId, stockDailyTotals.unit],
          set: { quantity: sql`${stockDailyTotals.quantity} + excluded.quantity`, movements: sql`${stockDailyTotals.movements} + excluded.movements` },
        });
    }
    for (const rows of waves(this.products, (r) => [r.warehouseId, r.productId, r.unit])) {
      await db
        .insert(stockProductTotals)
        .values(rows)
        .onConflictDoUpdate({
          target: [stockProductTotals.warehouseId, stockProductTotals.productId, stockProductTotals.unit],
          set: {
            incomingQuantity: sql`${stockProductTotals.incomingQuantity} + excluded.incoming_quantity`,
            outgoingQuantity: sql`${stockProductTotals.outgoingQuantity} + excluded.outgoing_quantity`,
            outgoingMovements: sql`${stockProductTotals.outgoingMovements} + excluded.outgoing_movements`,
          },
        });
    }
    for (const rows of waves(this.customers, (r) => [r.warehouseId, r.customerId, r.unit])) {
      await db
        .insert(stockCustomerTotals)
        .values(rows)
        .onConflictDoUpdate({
          target: [stockCustomerTotals.warehouseId, stockCustomerTotals.customerId, stockCustomerTotals.unit],
          set: { quantity: sql`${stockCustomerTotals.quantity} + excluded.quantity`, movements: sql`${stockCustomerTotals.movements} + excluded.movements` },
        });
    }
  }
}

/** Adds movements to the statistics rollups at once, in the caller's transaction (see {@link MovementTotalsBatch}). */
export async function addMovementTotals(db: DbOrTx, m: MovementTotals): Promise<void> {
  const batch = new MovementTotalsBatch();
  batch.add(m);
  await batch.write(db);
}

/**
 * The advisory lock key serialising the month-end totals: the statistics take it to
 * seal a month, and whatever writes movements dated in a past month takes it to forget the
 * month-end totals from that month on ({@link forgetMonthEndTotals}).
 */
export const MONTH_END_LOCK = 7_170_017;

/**
 * Forgets the month-end totals (and their sealed months) from the month of `fromDay` on, for
 * movements dated in a past month (imported history and its reversal), in the caller's
 * transaction. For a past month it holds {@link MONTH_END_LOCK} until that transaction ends, so
 * no month is sealed again before these movements are committed. Movements of the current month
 * change nothing: no month is sealed before it is over. `fromDay` is an SQL expression of a
 * YYYY-MM-DD day; null (no movements) forgets nothing.
 */
export async function forgetMonthEndTotals(db: DbOrTx, fromDay: SQL): Promise<void> {
  const result = await db.execute(sql`SELECT to_char(month, 'YYYY-MM-DD') AS month FROM (SELECT date_trunc('month', (${fromDay})::date)::date AS month) m
    WHERE month < date_trunc('month', now() AT TIME ZONE 'UTC')::date`);
  const [past] = (result as unknown as { rows: { month: string }[] }).rows;
  if (!past) return;
  await db.execute(sql`SELECT pg_advisory_xact_lock(${MONTH_END_LOCK})`);
  await db.execute(sql`WITH gone AS (DELETE FROM stock_sealed_months WHERE month >= ${past.month}::date)
    DELETE FROM stock_month_end_totals WHERE month >= ${past.month}::date`);
}

const key = (m: MovementTotals) => ({ warehouseId: m.warehouseId, productId: m.productId });

/**
 * `rows` sorted by `keyOf` and split into statements: one upsert may not touch a row twice, so
 * the n-th row of a key goes into the n-th statement (the rows a later statement touches are
 * already locked by the first one, so the lock order holds).
 */
function waves<T>(rows: T[], keyOf: (row: T) => unknown[]): T[][] {
  const keyed = rows.map((row) => ({ row, key: JSON.stringify(keyOf(row)) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const result: T[][] = [];
  const seen = new Map<string, number>();
  for (const { row, key } of keyed) {
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    (result[n] ??= []).push(row);
  }
  return result;
}
