import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { sortOrder, type SortQuery } from '../common/http/sort';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import type { ValuationSortField } from '@inventory/common';
import type { ValuationTotals } from './dto/report.dto';
import { currentValueSql, valuationSql, yearsSql } from './valuation-sql';

/** Which inventory records the report holds (undefined = all). */
export interface ReportFilter {
  categoryId?: string;
  warehouseId?: string;
}

/** One valued inventory record as the report query returns it: NUMERIC values as strings. */
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
  /** Whole years since purchase, and the money of spec 9 with two places (valuation-sql.ts). */
  years: number;
  currentValue: string;
  valuation: string;
}

/** Where a keyset batch starts: the sort key of the last row already read. */
export interface ReportCursor {
  warehouseName: string;
  categoryName: string;
  productName: string;
  id: string;
}

/** Rows `offset`.. of the report, at most `limit`. */
export interface ReportWindow {
  limit: number;
  offset: number;
}

type Rows<T> = { rows: T[] };

/**
 * The report's records and what they are shown with. Categories and warehouses are LEFT JOINed on
 * not-null foreign keys (the same rows as inner joins), so PostgreSQL drops them from a query that
 * reads none of their columns (the count and the totals).
 */
const RECORDS_FROM = sql`inventories i
    JOIN products p ON p.id = i.product_id
    LEFT JOIN categories c ON c.id = i.category_id
    LEFT JOIN warehouses w ON w.id = i.warehouse_id`;

/** {@link RECORDS_FROM} with each record's stock level in its product's first unit (`sl`). */
const REPORT_FROM = sql`${RECORDS_FROM}
    LEFT JOIN stock_levels sl ON sl.inventory_id = i.id AND sl.unit = p.units[1]`;

/** On-hand quantity in the first unit, 0 without a stock level. */
const QUANTITY = sql`coalesce(sl.on_hand, 0)`;

/** The filter's conditions on `i`. */
function matching(f: ReportFilter): SQL {
  const where = [sql`TRUE`];
  if (f.categoryId) where.push(sql`i.category_id = ${f.categoryId}`);
  if (f.warehouseId) where.push(sql`i.warehouse_id = ${f.warehouseId}`);
  return sql.join(where, sql` AND `);
}

/** The columns of a record that sort without its stock level or value (names as in {@link ReportRow}). */
const LISTED_COLUMNS = sql`i.id, p.name AS "productName", p.code AS "productCode", c.name AS "categoryName",
      w.name AS "warehouseName", i.purchased_price AS "purchasedPrice", i.depreciation_rate AS "depreciationRate",
      i.purchased_date AS "purchasedDate"`;

/**
 * The matching records as a derived table `v` with typed columns (names as in {@link ReportRow}),
 * valued at `now` by the SQL of spec 9; only the records `ids` (a query of record ids) when given.
 */
function valued(f: ReportFilter, now: Date, ids?: SQL): SQL {
  const years = yearsSql(sql`i.purchased_date`, now);
  const current = currentValueSql(sql`i.purchased_price`, sql`i.depreciation_rate`, years);
  return sql`(SELECT ${LISTED_COLUMNS}, p.id AS "productId", c.id AS "categoryId", w.id AS "warehouseId",
      p.units[1] AS unit, ${QUANTITY} AS quantity, ${years} AS years, ${current} AS "currentValue",
      ${valuationSql(current, QUANTITY)} AS valuation
    FROM ${REPORT_FROM} WHERE ${matching(f)}${ids ? sql` AND i.id IN (${ids})` : sql``}) v`;
}

/** The matching records as a derived table `v` of {@link LISTED_COLUMNS} only: no stock level read, nothing valued. */
function listed(f: ReportFilter): SQL {
  return sql`(SELECT ${LISTED_COLUMNS} FROM ${RECORDS_FROM} WHERE ${matching(f)}) v`;
}

/** Sort fields that read a record's stock level (directly or through its value): a page of them is valued whole before it is cut. */
const LEVEL_SORTS: ReadonlySet<ValuationSortField> = new Set(['quantity', 'currentValue', 'valuation']);

/** The report's usual order: warehouse, category and product name, then the record id (a total order). */
const REPORT_ORDER = [sql`v."warehouseName"`, sql`v."categoryName"`, sql`v."productName"`, sql`v.id`];

/** Each sort field's column of `v` (the money and quantity sort as numbers). */
const SORT_COLUMNS: Record<ValuationSortField, SQL> = {
  warehouseName: sql`v."warehouseName"`,
  categoryName: sql`v."categoryName"`,
  productName: sql`v."productName"`,
  productCode: sql`v."productCode"`,
  quantity: sql`v.quantity`,
  purchasedPrice: sql`v."purchasedPrice"`,
  depreciationRate: sql`v."depreciationRate"`,
  purchasedDate: sql`v."purchasedDate"`,
  currentValue: sql`v."currentValue"`,
  valuation: sql`v.valuation`,
};

/** The columns of {@link ReportRow} from `v`, NUMERIC as text. */
const ROW_COLUMNS = sql`v.id, v."productId", v."productName", v."productCode", v."categoryId", v."categoryName",
  v."warehouseId", v."warehouseName", v.unit, v.quantity::text AS quantity, v."purchasedPrice"::text AS "purchasedPrice",
  v."depreciationRate"::text AS "depreciationRate",
  to_char(v."purchasedDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "purchasedDate",
  v.years, v."currentValue"::text AS "currentValue", v.valuation::text AS valuation`;

/** Every query of the asset valuation report. */
@Injectable()
export class ReportsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The matching rows valued at `now`, in the asked sort (else the report's order; the record id
   * breaks ties): one `window` of them, or all without one. Sorting and paging run in the query;
   * a window sorted by a column that needs no stock level values just its own records.
   */
  async rows(filter: ReportFilter, now: Date, sort: SortQuery<ValuationSortField>, window?: ReportWindow): Promise<ReportRow[]> {
    const order = sql.join(sortOrder(sort, SORT_COLUMNS, sql`v.id`, REPORT_ORDER), sql`, `);
    if (!window) return this.select(sql`SELECT ${ROW_COLUMNS} FROM ${valued(filter, now)} ORDER BY ${order}`);
    const page = sql`ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`;
    if (sort.sort && LEVEL_SORTS.has(sort.sort)) return this.select(sql`SELECT ${ROW_COLUMNS} FROM ${valued(filter, now)} ${page}`);
    // sorted by names, prices or dates: the page's records are picked first, and only they are valued
    return this.select(sql`SELECT ${ROW_COLUMNS} FROM ${valued(filter, now, sql`SELECT v.id FROM ${listed(filter)} ${page}`)} ORDER BY ${order}`);
  }

  private async select(query: SQL): Promise<ReportRow[]> {
    return ((await this.db.execute(query)) as unknown as Rows<ReportRow>).rows;
  }

  /** The number of matching records (the page's `total_count`): no stock level read, nothing valued. */
  async count(filter: ReportFilter): Promise<number> {
    const query = sql`SELECT count(*)::int AS n FROM ${RECORDS_FROM} WHERE ${matching(filter)}`;
    return ((await this.db.execute(query)) as unknown as Rows<{ n: number }>).rows[0].n;
  }

  /**
   * The number of matching records and their exact sums at `now`, in one pass in the database.
   * `OFFSET 0` keeps each subquery apart, so the years and the current value are computed once
   * per record (inlined, PostgreSQL would compute them again in every sum that uses them).
   */
  async totals(filter: ReportFilter, now: Date): Promise<ValuationTotals> {
    const current = currentValueSql(sql`y.price`, sql`y.rate`, sql`y.years`);
    const query = sql`SELECT count(*)::int AS records,
        round(coalesce(sum(d.price), 0), 2)::text AS "purchasedPrice",
        round(coalesce(sum(d.current), 0), 2)::text AS "currentValue",
        round(coalesce(sum(${valuationSql(sql`d.current`, sql`d.quantity`)}), 0), 2)::text AS valuation
      FROM (SELECT y.price, y.quantity, ${current} AS current
        FROM (SELECT i.purchased_price AS price, i.depreciation_rate AS rate, ${QUANTITY} AS quantity,
            ${yearsSql(sql`i.purchased_date`, now)} AS years
          FROM ${REPORT_FROM} WHERE ${matching(filter)} OFFSET 0) y OFFSET 0) d`;
    return ((await this.db.execute(query)) as unknown as Rows<ValuationTotals>).rows[0];
  }

  /**
   * Streams the matching rows valued at `now`, in the report's order, in batches of `batchSize` by
   * keyset pagination: each batch is its own short query starting after the last row of the
   * previous one, and no transaction or cursor stays open while `onBatch` waits (for a slow
   * download), so other requests go on, also on PGlite whose transactions are serialised. Memory
   * holds one batch. Rows changed during the download are read as they are when their batch is read.
   */
  async stream(filter: ReportFilter, now: Date, batchSize: number, onBatch: (rows: ReportRow[]) => Promise<void>): Promise<void> {
    let after: ReportCursor | undefined;
    for (;;) {
      const from = after
        ? sql`(v."warehouseName", v."categoryName", v."productName", v.id) > (${after.warehouseName}, ${after.categoryName}, ${after.productName}, ${after.id}::uuid)`
        : sql`TRUE`;
      const query = sql`SELECT ${ROW_COLUMNS} FROM ${valued(filter, now)} WHERE ${from}
        ORDER BY ${sql.join(REPORT_ORDER, sql`, `)} LIMIT ${batchSize}`;
      const { rows } = (await this.db.execute(query)) as unknown as Rows<ReportRow>;
      if (rows.length === 0) break;
      await onBatch(rows);
      if (rows.length < batchSize) break;
      const last = rows[rows.length - 1];
      after = { warehouseName: last.warehouseName, categoryName: last.categoryName, productName: last.productName, id: last.id };
    }
  }
}
