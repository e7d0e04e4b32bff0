import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';

/** Which inventory records the report holds (undefined = all). */
export interface ReportFilter {
  categoryId?: string;
  warehouseId?: string;
}

/** One inventory record as the report query returns it: NUMERIC values as strings. */
export interface ReportRow {
  id: string;
  productId: string;
  productName: string;
  productCode: string;
  categoryId: string;
  categoryName: string;
  warehouseId: string;
  warehouseName: string;
  /** The product's first unit. */
  unit: string;
  /** On-hand quantity in the first unit ('0' without a stock level). */
  quantity: string;
  purchasedPrice: string | null;
  depreciationRate: string | null;
  /** ISO 8601 UTC, or null. */
  purchasedDate: string | null;
}

type Rows<T> = { rows: T[] };

/** Where a keyset page starts: the sort key of the last row already read. */
export interface ReportCursor {
  warehouseName: string;
  categoryName: string;
  productName: string;
  id: string;
}

/**
 * The report query: inventory records with product, category, warehouse and first-unit stock,
 * ordered by warehouse, category and product name, then record id (unique, so the order is
 * total). With `page`, only the `limit` rows after `after` (keyset pagination on that order).
 */
function reportQuery(f: ReportFilter, page?: { after?: ReportCursor; limit: number }): SQL {
  const where = [sql`TRUE`];
  if (f.categoryId) where.push(sql`i.category_id = ${f.categoryId}`);
  if (f.warehouseId) where.push(sql`i.warehouse_id = ${f.warehouseId}`);
  const a = page?.after;
  if (a) where.push(sql`(w.name, c.name, p.name, i.id) > (${a.warehouseName}, ${a.categoryName}, ${a.productName}, ${a.id}::uuid)`);
  return sql`SELECT i.id, p.id AS "productId", p.name AS "productName", p.code AS "productCode",
      c.id AS "categoryId", c.name AS "categoryName", w.id AS "warehouseId", w.name AS "warehouseName",
      p.units[1] AS unit, coalesce(sl.on_hand, 0)::text AS quantity,
      i.purchased_price::text AS "purchasedPrice", i.depreciation_rate::text AS "depreciationRate",
      to_char(i.purchased_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "purchasedDate"
    FROM inventories i
    JOIN products p ON p.id = i.product_id
    JOIN categories c ON c.id = i.category_id
    JOIN warehouses w ON w.id = i.warehouse_id
    LEFT JOIN stock_levels sl ON sl.inventory_id = i.id AND sl.unit = p.units[1]
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY w.name, c.name, p.name, i.id${page ? sql` LIMIT ${Math.trunc(page.limit)}` : sql``}`;
}

/** Every query of the asset valuation report (spec 2 Asset valuation report, 7 Reports). */
@Injectable()
export class ReportsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** All matching rows at once (the JSON report). */
  async list(filter: ReportFilter): Promise<ReportRow[]> {
    return ((await this.db.execute(reportQuery(filter))) as unknown as Rows<ReportRow>).rows;
  }

  /**
   * Streams the matching rows in batches of `batchSize` by keyset pagination: each batch is its
   * own short query starting after the last row of the previous one, and no transaction or
   * cursor stays open while `onBatch` waits (for a slow download), so other requests go on,
   * also on PGlite whose transactions are serialised. Memory holds one batch. Rows changed
   * during the download are read as they are when their batch is read.
   */
  async stream(filter: ReportFilter, batchSize: number, onBatch: (rows: ReportRow[]) => Promise<void>): Promise<void> {
    let after: ReportCursor | undefined;
    for (;;) {
      const { rows } = (await this.db.execute(reportQuery(filter, { after, limit: batchSize }))) as unknown as Rows<ReportRow>;
      if (rows.length === 0) break;
      await onBatch(rows);
      if (rows.length < batchSize) break;
      const last = rows[rows.length - 1];
      after = { warehouseName: last.warehouseName, categoryName: last.categoryName, productName: last.productName, id: last.id };
    }
  }
}
