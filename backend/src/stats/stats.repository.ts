import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { rowsOf } from '../database/raw-sql';
import { customers, products, stockCustomerTotals as c, stockProductTotals as pt } from '../database/schema';
import type { CountsView, InOutView, TopCustomerView, TopProductView } from './dto/stats.dto';
import { utcDay, type Period } from './periods';
import { rangeParts, type RangePart } from './range-plan';
import { rangeRows } from './range-sql';

/** Which daily totals a statistic reads: warehouse (all when undefined) and inclusive UTC day range. */
export interface StatsScope {
  warehouseId?: string;
  from?: string;
  to?: string;
}

/** One product-unit of the interval chart: its outgoing total per period with movements (period start days ascending). */
export interface PeriodicRow {
  productId: string;
  productName: string;
  unit: string;
  buckets: string[];
  quantities: number[];
}

const TRUNC: Record<Period, string> = { daily: 'day', weekly: 'week', monthly: 'month' };

/**
 * Every statistics query. They aggregate the rollups written with each ledger row, never the
 * ledger itself, and never add different units: all-time rankings read `stock_product_totals` and
 * `stock_customer_totals` (a row per warehouse, product or customer, and unit); date-ranged ones
 * add month-end totals (`stock_month_end_totals`, a row per sealed month, warehouse, product and
 * unit) and the `stock_daily_totals` (a row per day, type, product, warehouse, customer and unit)
 * of the days at the range's edges (range-plan.ts).
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

  /**
   * The `limit` product-units with the most outgoing quantity, all time. Summed per product-unit
   * first, named after: the join then reads a row per product-unit, not one per warehouse.
   */
  async topOutgoingProducts(warehouseId: string | undefined, limit: number): Promise<TopProductView[]> {
    const rows = await rowsOf<{ productId: string; productName: string; unit: string; totalQuantity: string; frequency: string }>(
      this.db,
      sql`SELECT g.product_id AS "productId", p.name AS "productName", g.unit, g.quantity::text AS "totalQuantity", g.movements::text AS frequency
        FROM (SELECT product_id, unit, sum(outgoing_quantity) AS quantity, sum(outgoing_movements) AS movements FROM ${pt}
          WHERE outgoing_movements > 0 ${warehouseId ? sql`AND warehouse_id = ${warehouseId}` : sql``} GROUP BY 1, 2) g
        JOIN ${products} p ON p.id = g.product_id
        ORDER BY g.quantity DESC, p.name, g.unit LIMIT ${limit}`,
    );
    return rows.map((r) => ({ ...r, totalQuantity: Number(r.totalQuantity), frequency: Number(r.frequency) }));
  }

  /** The `limit` customer-units with the most outgoing quantity, all time (summed, then named, as {@link topOutgoingProducts}). */
  async topCustomers(warehouseId: string | undefined, limit: number): Promise<TopCustomerView[]> {
    const rows = await rowsOf<{ customerId: string; customerName: string; unit: string; totalTransactions: string; totalQuantity: string }>(
      this.db,
      sql`SELECT g.customer_id AS "customerId", cu.name AS "customerName", g.unit, g.movements::text AS "totalTransactions", g.quantity::text AS "totalQuantity"
        FROM (SELECT customer_id, unit, sum(movements) AS movements, sum(quantity) AS quantity FROM ${c}
          ${warehouseId ? sql`WHERE warehouse_id = ${warehouseId}` : sql``} GROUP BY 1, 2) g
        JOIN ${customers} cu ON cu.id = g.customer_id
        ORDER BY g.quantity DESC, cu.name, g.unit LIMIT ${limit}`,
    );
    return rows.map((r) => ({ ...r, totalTransactions: Number(r.totalTransactions), totalQuantity: Number(r.totalQuantity) }));
  }

  /**
   * Incoming and outgoing quantity per product-unit over the scope's days (all time without
   * dates), the `limit` busiest first; product-units whose quantities in the range are both zero
   * are left out. Read from the month-end and all-time totals and the days at the range's edges
   * (range-plan.ts), never from every day of the range; summed per product-unit before the names
   * are joined.
   */
  async inVsOut(scope: StatsScope, limit: number): Promise<InOutView[]> {
    const rows = await this.inRange(scope, (db, parts) =>
      rowsOf<{ productId: string; productName: string; unit: string; incoming: string; outgoing: string }>(
        db,
        sql`SELECT g.product_id AS "productId", p.name AS "productName", g.unit, g.incoming::text AS incoming, g.outgoing::text AS outgoing
          FROM (SELECT product_id, unit, sum(incoming) AS incoming, sum(outgoing) AS outgoing
            FROM (${rangeRows(parts, scope.warehouseId)}) r(product_id, unit, incoming, outgoing)
            GROUP BY 1, 2 HAVING sum(incoming) <> 0 OR sum(outgoing) <> 0) g
          JOIN products p ON p.id = g.product_id
          ORDER BY g.incoming + g.outgoing DESC, p.name, g.unit LIMIT ${limit}`,
      ),
    );
    return rows.map(({ incoming, outgoing, ...r }) => ({ ...r, incomingQuantity: Number(incoming), outgoingQuantity: Number(outgoing) }));
  }

  /**
   * Outgoing quantity per period for the `limit` product-units with most outgoing in the range,
   * a row per product-unit: first those product-units (from the month-end totals, as
   * {@link inVsOut}), then the periods of just their daily totals, read from the product-day index.
   */
  async periodicOutgoing(scope: StatsScope, period: Period, limit: number): Promise<PeriodicRow[]> {
    return this.inRange(scope, (db, parts) =>
      rowsOf<PeriodicRow>(
        db,
        sql`
        WITH top AS (
          SELECT product_id, unit, row_number() OVER (ORDER BY outgoing DESC, product_id, unit) AS rank FROM (
            SELECT product_id, unit, sum(outgoing) AS outgoing FROM (${rangeRows(parts, scope.warehouseId, 'outgoing')}) r(product_id, unit, incoming, outgoing)
            GROUP BY 1, 2 HAVING sum(outgoing) <> 0 ORDER BY 3 DESC, 1, 2 LIMIT ${limit}) t),
        cells AS (
          SELECT top.rank, date_trunc(${TRUNC[period]}, d.day::timestamp) AS bucket, sum(d.quantity) AS quantity
          FROM top JOIN LATERAL (
            SELECT day, quantity FROM stock_daily_totals d
            WHERE d.product_id = top.product_id AND d.unit = top.unit AND d.transaction_type = 'outgoing'
              AND d.day >= ${scope.from}::date AND d.day <= ${scope.to}::date ${scope.warehouseId ? sql`AND d.warehouse_id = ${scope.warehouseId}` : sql``}) d ON true
          GROUP BY 1, 2),
        series AS (
          SELECT rank, array_agg(to_char(bucket, 'YYYY-MM-DD') ORDER BY bucket) AS buckets, array_agg(quantity::float8 ORDER BY bucket) AS quantities
          FROM cells GROUP BY rank)
        SELECT top.product_id AS "productId", p.name AS "productName", top.unit, s.buckets, s.quantities
        FROM top JOIN series s USING (rank) JOIN products p ON p.id = top.product_id`,
      ),
    );
  }

  /**
   * Runs `query` with the parts of the scope's range: without dates the all-time totals; with
   * them, in one read-only snapshot with the list of sealed months it plans from (a month without
   * movements reads the rows of the month it points to), so an import forgetting month-end totals
   * meanwhile cannot leave the plan pointing at missing rows.
   */
  private async inRange<T>(scope: StatsScope, query: (db: DbOrTx, parts: RangePart[]) => Promise<T>): Promise<T> {
    if (!scope.from && !scope.to) return query(this.db, [{ kind: 'all-time', sign: 1 }]);
    return this.db.transaction(
      async (tx) => {
        const sealed = await rowsOf<{ month: string; totals: string }>(
          tx,
          sql`SELECT to_char(month, 'YYYY-MM-DD') AS month, to_char(totals_month, 'YYYY-MM-DD') AS totals FROM stock_sealed_months ORDER BY month`,
        );
        const totalsOf = new Map(sealed.map((r) => [r.month, r.totals]));
        const parts = rangeParts(
          scope.from,
          scope.to,
          sealed.map((r) => r.month),
          utcDay(new Date()),
        );
        return query(
          tx,
          parts.map((p) => (p.kind === 'month-end' ? { ...p, month: totalsOf.get(p.month)! } : p)),
        );
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
