import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { customers, products, stockDailyTotals as d } from '../database/schema';
import type { CountsView, InOutView, TopCustomerView, TopProductView } from './dto/stats.dto';
import type { Period } from './periods';

/** The customer id of daily totals that have no customer. */
export const NO_CUSTOMER = '00000000-0000-0000-0000-000000000000';

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

const sumQuantity = () => sql<number>`sum(${d.quantity})`.mapWith(Number);
const sumMovements = () => sql<number>`sum(${d.movements})`.mapWith(Number);

function scopeWhere(scope: StatsScope, type?: 'incoming' | 'outgoing'): SQL | undefined {
  return and(
    type ? eq(d.transactionType, type) : undefined,
    scope.warehouseId ? eq(d.warehouseId, scope.warehouseId) : undefined,
    scope.from ? gte(d.day, scope.from) : undefined,
    scope.to ? lte(d.day, scope.to) : undefined,
  );
}

/**
 * Every statistics query. They aggregate `stock_daily_totals` (one row per day, type, product,
 * warehouse, customer and unit) and never the ledger itself, and never add different units.
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
   * read from an index): it changes whenever a movement is recorded.
   */
  async ledgerVersion(): Promise<string> {
    const result = await this.db.execute(sql`SELECT
      (SELECT max(transaction_date) FROM stock_transactions)::text AS moved,
      (SELECT max(day) FROM stock_daily_totals)::text AS day`);
    const [row] = (result as unknown as { rows: { moved: string | null; day: string | null }[] }).rows;
    return `${row.moved}|${row.day}`;
  }

  /** The `limit` product-units with the most outgoing quantity. */
  async topOutgoingProducts(scope: StatsScope, limit: number): Promise<TopProductView[]> {
    const top = this.db
      .select({
        productId: d.productId,
        unit: d.unit,
        totalQuantity: sumQuantity().as('total_quantity'),
        frequency: sumMovements().as('frequency'),
      })
      .from(d)
      .where(scopeWhere(scope, 'outgoing'))
      .groupBy(d.productId, d.unit)
      .orderBy(desc(sql`total_quantity`), asc(d.productId), asc(d.unit))
      .limit(limit)
      .as('top');
    return this.db
      .select({ productId: top.productId, productName: products.name, unit: top.unit, totalQuantity: top.totalQuantity, frequency: top.frequency })
      .from(top)
      .innerJoin(products, eq(products.id, top.productId))
      .orderBy(desc(top.totalQuantity), asc(products.name), asc(top.unit));
  }

  /** The `limit` customer-units with the most outgoing quantity. */
  async topCustomers(scope: StatsScope, limit: number): Promise<TopCustomerView[]> {
    const top = this.db
      .select({
        customerId: d.customerId,
        unit: d.unit,
        totalQuantity: sumQuantity().as('total_quantity'),
        totalTransactions: sumMovements().as('total_transactions'),
      })
      .from(d)
      .where(and(scopeWhere(scope, 'outgoing'), ne(d.customerId, NO_CUSTOMER)))
      .groupBy(d.customerId, d.unit)
      .orderBy(desc(sql`total_quantity`), asc(d.customerId), asc(d.unit))
      .limit(limit)
      .as('top');
    return this.db
      .select({
        customerId: top.customerId,
        customerName: customers.name,
        unit: top.unit,
        totalTransactions: top.totalTransactions,
        totalQuantity: top.totalQuantity,
      })
      .from(top)
      .innerJoin(customers, eq(customers.id, top.customerId))
      .orderBy(desc(top.totalQuantity), asc(customers.name), asc(top.unit));
  }

  /** Incoming and outgoing quantity per product-unit, the `limit` busiest first. */
  async inVsOut(scope: StatsScope, limit: number): Promise<InOutView[]> {
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
