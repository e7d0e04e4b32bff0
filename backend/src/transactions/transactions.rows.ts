import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { categories, customers, products, stockTransactions as t, users, warehouses, type QuantityEntry } from '../database/schema';
import { sortOrder, type SortQuery } from '../common/http/sort';
import { onBlindCountSql } from '../inventory/blind-count';
import type { TransactionSortField } from './dto/transaction-search.dto';

/**
 * What the export reads of a ledger row, flat as the row query returns it: the
 * movement and the names it refers to. `utcDate` is transaction_date in UTC as PostgreSQL writes
 * a timestamp (`2025-04-23 20:04:52.123456`, microseconds kept; see {@link isoDate}).
 */
export interface ExportedLedgerRow {
  type: string;
  quantity: QuantityEntry[];
  grn: string | null;
  gin: string | null;
  /** The transfer's TRN on its dispatch and receipt rows. */
  trn: string | null;
  takenBy: string | null;
  utcDate: string;
  productName: string;
  productCode: string;
  categoryName: string;
  warehouseName: string;
  userFirstName: string;
  userLastName: string;
  customerName: string | null;
  customerPhoneNo: string[] | null;
  source: string;
  /** The movement this row reverses. */
  reversesId: string | null;
  /** On an adjustment the reason and remark, `Damaged: <remark>`: its Ref names the reason. */
  remarks: string | null;
  /** True when the reader counts the record on a blind count being counted: `quantity` is then [] (blind-count.ts). */
  quantitiesHidden: boolean;
}

/**
 * A ledger row as the lists show it: the exported fields plus the ids and the rest of the
 * movement.
 */
export interface TransactionRow extends ExportedLedgerRow {
  id: string;
  inventoryId: string;
  sourceId: string | null;
  /** The reversal of this row, if any. */
  reversedById: string | null;
  productId: string;
  categoryId: string;
  warehouseId: string;
  userId: string;
  customerId: string | null;
}

/**
 * The select list of an {@link ExportedLedgerRow}, over `page` joined with the names ({@link ledgerRowOf} reads it by position).
 * With `blindFor` (the warehouse of a reader who counts its blind counts: blind-count.ts) the movements of
 * the records on a blind count being counted carry no quantity (`[]`) and `quantitiesHidden`.
 */
export function exportedFields(blindFor: string | undefined): SQL {
  const hidden = blindFor ? onBlindCountSql(sql`page.inventory_id`, blindFor) : sql`false`;
  const quantity = blindFor ? sql`CASE WHEN ${hidden} THEN '[]'::jsonb ELSE page.quantity END` : sql`page.quantity`;
  return sql`page.transaction_type AS "type", ${quantity} AS "quantity", page.grn, page.gin, page.trn, page.taken_by AS "takenBy",
  (page.transaction_date AT TIME ZONE 'UTC')::text AS "utcDate",
  ${products.name} AS "productName", ${products.code} AS "productCode", ${categories.name} AS "categoryName", ${warehouses.name} AS "warehouseName",
  ${users.firstName} AS "userFirstName", ${users.lastName} AS "userLastName", ${customers.name} AS "customerName", ${customers.phoneNo} AS "customerPhoneNo",
  page.source, page.reverses_id AS "reversesId", page.remarks, ${hidden} AS "quantitiesHidden"`;
}

/**
 * The {@link ExportedLedgerRow} of a row read as an array of values (the export's cursor,
 * cursorRows), which are in the order of {@link exportedFields}.
 */
export function ledgerRowOf(v: unknown[]): ExportedLedgerRow {
  return {
    type: v[0],
    quantity: v[1],
    grn: v[2],
    gin: v[3],
    trn: v[4],
    takenBy: v[5],
    utcDate: v[6],
    productName: v[7],
    productCode: v[8],
    categoryName: v[9],
    warehouseName: v[10],
    userFirstName: v[11],
    userLastName: v[12],
    customerName: v[13],
    customerPhoneNo: v[14],
    source: v[15],
    reversesId: v[16],
    remarks: v[17],
    quantitiesHidden: v[18],
  } as ExportedLedgerRow;
}

/** The select list of a {@link TransactionRow}; `blindFor` as in {@link exportedFields}. */
export function rowFields(blindFor: string | undefined): SQL {
  return sql`${exportedFields(blindFor)}, page.id, page.inventory_id AS "inventoryId",
  page.source_id AS "sourceId", (SELECT rev.id FROM ${t} AS rev WHERE rev.reverses_id = page.id) AS "reversedById",
  ${products.id} AS "productId", ${categories.id} AS "categoryId", ${warehouses.id} AS "warehouseId", ${users.id} AS "userId", ${customers.id} AS "customerId"`;
}

/**
 * ISO 8601 as `Date.toISOString()` writes it (UTC, milliseconds, `2025-04-23T20:04:52.123Z`) of
 * a {@link ExportedLedgerRow.utcDate}: text work instead of the server's to_char, which cost
 * more than the rest of the export's SQL (docs/performance.md). Microseconds are cut, as a JS
 * Date cuts them.
 */
export function isoDate(utcDate: string): string {
  return `${utcDate.slice(0, 10)}T${utcDate.slice(11, 19)}.${utcDate.slice(20, 23).padEnd(3, '0')}Z`;
}

/**
 * `fields` of the rows of `page` (a subquery of the ledger: filtered, and with its sort key as
 * `sort_key`) joined with the names they refer to, in `order`. The one join of the ledger's
 * reads, for list pages and exports alike.
 */
export function withNames(fields: SQL, page: SQL, order: SQL): SQL {
  return sql`
    SELECT ${fields}
    FROM (${page}) AS page
    JOIN ${products} ON ${products.id} = page.product_id
    JOIN ${categories} ON ${categories.id} = page.category_id
    JOIN ${warehouses} ON ${warehouses.id} = page.warehouse_id
    JOIN ${users} ON ${users.id} = page.user_id
    LEFT JOIN ${customers} ON ${customers.id} = page.customer_id
    ORDER BY ${order}`;
}

/**
 * What each transaction sort field orders by when a list page is cut: a ledger column,
 * or the name of the one table {@link sortJoin} joins for that sort.
 */
export const transactionSortColumns: Record<TransactionSortField, SQL> = {
  transaction_date: sql`${t.transactionDate}`,
  transaction_type: sql`${t.transactionType}`,
  grn: sql`${t.grn}`,
  gin: sql`${t.gin}`,
  product: sql`${products.name}`,
  category: sql`${categories.name}`,
  warehouse: sql`${warehouses.name}`,
};

/** The names table of each name sort and how a ledger row joins it. */
const SORT_JOINS = {
  product: { table: products, on: eq(products.id, t.productId) },
  category: { table: categories, on: eq(categories.id, t.categoryId) },
  warehouse: { table: warehouses, on: eq(warehouses.id, t.warehouseId) },
} satisfies Partial<Record<TransactionSortField, { table: PgTable; on: SQL }>>;

/**
 * The table a page sorted by a name joins to the ledger, or undefined for a ledger column. Joined,
 * the planner can walk the names in order (products by their name index, each product's rows by
 * the (product_id, transaction_date) index until the page is full) or hash the few categories and
 * warehouses; a correlated subquery read the name of every match one by one before the page was
 * cut (20,000 look-ups for 20,000 movements: 0.6-1.9 s on PGlite on a busy machine).
 */
export function sortJoin(sort: TransactionSortField | undefined): { table: PgTable; on: SQL } | undefined {
  return sort && sort in SORT_JOINS ? SORT_JOINS[sort as keyof typeof SORT_JOINS] : undefined;
}

/** The usual order of the ledger (newest first), as the (…, transaction_date DESC NULLS LAST) indexes are ordered. */
const NEWEST_FIRST = [sql`${t.transactionDate} DESC NULLS LAST`, sql`${t.id} DESC NULLS LAST`];

/**
 * ORDER BY of a page cut from the ledger alone: without `sort` newest first; with it, the field in
 * `sort.order` then the id. By date it follows the (…, transaction_date DESC NULLS LAST) indexes
 * either way (ASC NULLS FIRST read backward): plain ASC (NULLS LAST) or DESC (NULLS FIRST) matched
 * no index, so the page sorted every match. The date and the id are NOT NULL, so the
 * NULLS placement changes no order.
 */
export function ledgerOrder(sort: SortQuery<TransactionSortField>): SQL[] {
  if (sort.sort !== 'transaction_date') return sortOrder(sort, transactionSortColumns, t.id, NEWEST_FIRST);
  const dir = sql.raw(sort.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  return [sql`${t.transactionDate} ${dir}`, sql`${t.id} ${dir}`];
}

/**
 * The same values once the names are joined: a whole-ledger export sorts by these rather than
 * running a correlated subquery per row.
 */
const joinedSortColumns: Record<TransactionSortField, SQL> = {
  transaction_date: sql`page.transaction_date`,
  transaction_type: sql`page.transaction_type`,
  grn: sql`page.grn`,
  gin: sql`page.gin`,
  product: sql`${products.name}`,
  category: sql`${categories.name}`,
  warehouse: sql`${warehouses.name}`,
};

/**
 * ORDER BY of the joined rows: without `sort` newest first, as the (…, transaction_date DESC,
 * id DESC) indexes are ordered; with it, the field in `sort.order` then the id in the same
 * direction, the field read from the page's `sort_key` (`by: 'sort_key'`) or from the joins.
 */
export function joinedOrder(sort: SortQuery<TransactionSortField>, by: 'sort_key' | 'joins'): SQL {
  if (!sort.sort) return sql`page.transaction_date DESC NULLS LAST, page.id DESC NULLS LAST`;
  const dir = sql.raw(sort.order === 'desc' ? 'DESC' : 'ASC');
  return sql`${by === 'sort_key' ? sql`page.sort_key` : joinedSortColumns[sort.sort]} ${dir}, page.id ${dir}`;
}
