import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { customers, products, stockCustomerTotals as c, stockDailyTotals as d, stockProductTotals as pt } from '../database/schema';
import type { CountsView, InOutView, TopCustomerView, TopProductView } from './dto/stats.dto';
import type { Period } from './periods';

/** Which daily totals a statistic reads: warehouse (all when undefined) and inclusive UTC day range. */
export interface StatsScope {
  warehouseId?: string;
  from?: string;
  to?: string;
}

/** One (period, product, unit) outgoing total of the interval chart. */
export interface PeriodicRow {
  bucket: string;
  productId: string;
  productName: string;
  unit: string;
  quantity: number;
}

const TRUNC: Record<Period, string> = { daily: 'day', weekly: 'week', monthly: 'month' };


function scopeWhere(scope: StatsScope, type?: 'incoming' | 'outgoing'): SQL | undefined {
  return and(
    type ? eq(d.transactionType, type) : undefined,
    scope.warehouseId ? eq(d.warehouseId, scope.warehouseId) : undefined,
    scope.from ? gte(d.day, scope.from) : undefined,
    scope.to ? lte(d.day, scope.to) : undefined,
  );
}

/**
 * Every statistics query. They aggregate the rollups written with each ledger row, never the
 * ledger itself, and never add different units: all-time rankings read `stock_product_totals` and
 * `stock_customer_totals` (a row per warehouse, product or customer, and unit), date-ranged ones
 * `stock_daily_totals` (a row per day, type, product, warehouse, customer and unit).
 */
@Injectable()
export class StatsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Active users, products, customers, warehouses, categories; inventory records in scope. */
  async counts(warehouseId?: string): Promise<CountsView> {
    const inWarehouse = warehouseId ? sql`AND i.warehouse_id = ${warehouseId}` : sql``;
    const result = await this.db.execute(sql`SELECT
      (SELECT count(*) FROM users WHERE NOT removed)::int AS "userCount",
      (SELECT count(*) FROM products WHERE NOT removed)::int AS "productCount",
      (SELECT count(*) FROM inventories i JOIN products p ON p.id = i.product_id
         JOIN warehouses w ON w.id = i.warehouse_id
         WHERE NOT p.removed AND NOT w.removed ${inWarehouse})::int AS "inventoryCount",
      (SELECT count(*) FROM customers WHERE NOT removed)::int AS "customerCount",
      (SELECT count(*) FROM warehouses WHERE NOT removed)::int AS "warehouseCount",
      (SELECT count(*) FROM categories WHERE NOT removed)::int AS "categoryCount"`);
    return (result as unknown as { rows: CountsView[] }).rows[0];
  }

  /**
   * A cheap fingerprint of the movement data (latest ledger movement and latest rollup day, both
   * read from an index, and the latest change of an import, whose history is dated in the past:
   * issue 16): it changes whenever a movement is recorded.
   */
  async ledgerVersion(): Promise<string> {
    const result = await this.db.execute(sql`SELECT
      (SELECT max(transaction_date) FROM stock_transactions)::text AS moved,
      (SELECT max(day) FROM stock_daily_totals)::text AS day,
      (SELECT max(updated_at) FROM imports)::text AS imported`);
    const [row] = (result as unknown as { rows: { moved: string | null; day: string | null; imported: string | null }[] }).rows;
    return `${row.moved}|${row.day}|${row.imported}`;
  }

  /** The `limit` product-units with the most outgoing quantity, all time. */
  async topOutgoingProducts(warehouseId: string | undefined, limit: number): Promise<TopProductView[]> {
    const totalQuantity = sql<number>`sum(${pt.outgoingQuantity})`.mapWith(Number);
    return this.db
      .select({ productId: pt.productId, productName: products.name, unit: pt.unit, totalQuantity, frequency: sql<number>`sum(${pt.outgoingMovements})`.mapWith(Number) })
      .from(pt)
      .innerJoin(products, eq(products.id, pt.productId))
      .where(and(sql`${pt.outgoingMovements} > 0`, warehouseId ? eq(pt.warehouseId, warehouseId) : undefined))
      .groupBy(pt.productId, products.name, pt.unit)
      .orderBy(desc(totalQuantity), asc(products.name), asc(pt.unit))
      .limit(limit);
  }

  /** The `limit` customer-units with the most outgoing quantity, all time. */
  async topCustomers(warehouseId: string | undefined, limit: number): Promise<TopCustomerView[]> {
    const totalQuantity = sql<number>`sum(${c.quantity})`.mapWith(Number);
    return this.db
      .select({ customerId: c.customerId, customerName: customers.name, unit: c.unit, totalTransactions: sql<number>`sum(${c.movements})`.mapWith(Number), totalQuantity })
      .from(c)
      .innerJoin(customers, eq(customers.id, c.customerId))
      .where(warehouseId ? eq(c.warehouseId, warehouseId) : undefined)
      .groupBy(c.customerId, customers.name, c.unit)
      .orderBy(desc(totalQuantity), asc(customers.name), asc(c.unit))
      .limit(limit);
  }

  /** Incoming and outgoing quantity per product-unit, the `limit` busiest first. */
  async inVsOut(scope: StatsScope, limit: number): Promise<InOutView[]> {
    if (!scope.from && !scope.to) return this.inVsOutAllTime(scope.warehouseId, limit);
    const incoming = sql<number>`coalesce(sum(${d.quantity}) FILTER (WHERE ${d.transactionType} = 'incoming'), 0)`;
    const outgoing = sql<number>`coalesce(sum(${d.quantity}) FILTER (WHERE ${d.transactionType} = 'outgoing'), 0)`;
    const top = this.db
      .select({
        productId: d.productId,
        unit: d.unit,
        incomingQuantity: incoming.mapWith(Number).as('incoming_quantity'),
        outgoingQuantity: outgoing.mapWith(Number).as('outgoing_quantity'),
      })
      .from(d)
      .where(scopeWhere(scope))
      .groupBy(d.productId, d.unit)
      .orderBy(desc(sql`sum(${d.quantity})`), asc(d.productId), asc(d.unit))
      .limit(limit)
      .as('top');
    return this.db
      .select({
        productId: top.productId,
        productName: products.name,
        unit: top.unit,
        incomingQuantity: top.incomingQuantity,
        outgoingQuantity: top.outgoingQuantity,
      })
      .from(top)
      .innerJoin(products, eq(products.id, top.productId))
      .orderBy(desc(sql`${top.incomingQuantity} + ${top.outgoingQuantity}`), asc(products.name), asc(top.unit));
  }

  /** {@link inVsOut} over all time, from the product totals. */
  private async inVsOutAllTime(warehouseId: string | undefined, limit: number): Promise<InOutView[]> {
    const incomingQuantity = sql<number>`sum(${pt.incomingQuantity})`.mapWith(Number);
    const outgoingQuantity = sql<number>`sum(${pt.outgoingQuantity})`.mapWith(Number);
    return this.db
      .select({ productId: pt.productId, productName: products.name, unit: pt.unit, incomingQuantity, outgoingQuantity })
      .from(pt)
      .innerJoin(products, eq(products.id, pt.productId))
      .where(warehouseId ? eq(pt.warehouseId, warehouseId) : undefined)
      .groupBy(pt.productId, products.name, pt.unit)
      .orderBy(desc(sql`${incomingQuantity} + ${outgoingQuantity}`), asc(products.name), asc(pt.unit))
      .limit(limit);
  }

  /**
   * Outgoing quantity per period for the `limit` product-units with most outgoing in the range:
   * first those product-units (one aggregate over the range), then the periods of just their
   * rows. Bucketing every row of the range first cost three times as much (docs/performance.md).
   */
  async periodicOutgoing(scope: StatsScope, period: Period, limit: number): Promise<PeriodicRow[]> {
    const inScope = scopeWhere(scope, 'outgoing');
    const result = await this.db.execute(sql`
      WITH top AS (
        SELECT ${d.productId} AS product_id, ${d.unit} AS unit FROM ${d} WHERE ${inScope}
        GROUP BY 1, 2 ORDER BY sum(${d.quantity}) DESC, 1, 2 LIMIT ${limit})
      SELECT to_char(date_trunc(${TRUNC[period]}, ${d.day}::timestamp), 'YYYY-MM-DD') AS bucket,
        ${d.productId} AS "productId", p.name AS "productName", ${d.unit} AS unit, sum(${d.quantity})::text AS quantity
      FROM ${d}
      JOIN top ON top.product_id = ${d.productId} AND top.unit = ${d.unit}
      JOIN ${products} p ON p.id = ${d.productId}
      WHERE ${inScope}
      GROUP BY 1, 2, 3, 4`);
    const rows = (result as unknown as { rows: (Omit<PeriodicRow, 'quantity'> & { quantity: string })[] }).rows;
    return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  }
}
