import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { DB_HANDLE } from '../database/database.module';
import type { Database, DatabaseHandle } from '../database/database';
import { customers, products, stockTransactions as t } from '../database/schema';
import { cursorRows } from '../common/export/cursor-rows';
import { mapRows, pagesSource, type RowSource } from '../common/export/export-files';
import { offsetPages } from '../common/export/export-stream';
import { cappedCountQuery, cappedTotal, countCap, hasSearchTerm } from '../common/http/capped-count';
import type { CappedPage } from '../common/http/envelope';
import type { SortQuery } from '../common/http/sort';
import type { TransactionSortField } from './dto/transaction-search.dto';
import { kindCondition, type TransactionKind } from './transaction-kind';
import { phonesMatch } from '../customers/customer-search';
import {
  exportedFields,
  joinedOrder,
  ledgerOrder,
  ledgerRowOf,
  rowFields,
  sortJoin,
  transactionSortColumns,
  withNames,
  type ExportedLedgerRow,
  type TransactionRow,
} from './transactions.rows';

/** Filters of the ledger search; every one optional, combined with AND. */
export interface TransactionFilter {
  warehouseId?: string;
  categoryId?: string;
  type?: 'incoming' | 'outgoing';
  /** Rows of any of these kinds. */
  kinds?: TransactionKind[];
  /** Only these rows. */
  ids?: string[];
  /** Inclusive lower bound of transaction_date. */
  from?: Date;
  /** Exclusive upper bound of transaction_date. */
  to?: Date;
  grn?: string;
  gin?: string;
  /** Part of a customer's name or phone number. */
  customer?: string;
  /** Part of a product's name or code. */
  product?: string;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Ledger rows per export page (PGlite). */
export const EXPORT_PAGE = 500;

/** Ledger rows per batch of the export's query (PostgreSQL), read between waits for the download. */
export const EXPORT_BATCH = 2000;

type Sort = SortQuery<TransactionSortField>;

/** Read queries on the stock ledger (rows are written only by StockLedgerService). */
@Injectable()
export class TransactionsRepository {
  private readonly db: Database;

  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {
    this.db = handle.db;
  }

  private where(f: TransactionFilter): SQL | undefined {
    return and(
      f.warehouseId ? eq(t.warehouseId, f.warehouseId) : undefined,
      f.categoryId ? eq(t.categoryId, f.categoryId) : undefined,
      f.type ? eq(t.transactionType, f.type) : undefined,
      f.kinds?.length ? kindCondition(f.kinds) : undefined,
      f.ids ? inArray(t.id, f.ids) : undefined,
      f.from ? gte(t.transactionDate, f.from) : undefined,
      f.to ? lt(t.transactionDate, f.to) : undefined,
      f.grn ? ilike(t.grn, like(f.grn)) : undefined,
      f.gin ? ilike(t.gin, like(f.gin)) : undefined,
      f.product
        ? inArray(
            t.productId,
            this.db.select({ id: products.id }).from(products).where(or(ilike(products.name, like(f.product)), ilike(products.code, like(f.product)))),
          )
        : undefined,
      f.customer
        ? inArray(
            t.customerId,
            this.db
              .select({ id: customers.id })
              .from(customers)
              .where(or(ilike(customers.name, like(f.customer)), phonesMatch(like(f.customer)))),
          )
        : undefined,
    );
  }

  /** The matching ledger rows with their sort key (`sort_key`, NULL without `sort`), unordered. */
  private matching(where: SQL | undefined, sort: Sort) {
    const sortKey = sort.sort ? transactionSortColumns[sort.sort] : sql`NULL`;
    const rows = this.db.select({ ...getTableColumns(t), sortKey: sortKey.as('sort_key') }).from(t).$dynamic();
    const join = sortJoin(sort.sort);
    return (join ? rows.innerJoin(join.table, join.on) : rows).where(where);
  }

  /** A window of the matching rows in the list's order, cut from the ledger (joined with the names table of a name sort). */
  private window(where: SQL | undefined, sort: Sort, w: { limit: number; offset: number }): SQL {
    return this.matching(where, sort)
      .orderBy(...ledgerOrder(sort))
      .limit(w.limit)
      .offset(w.offset)
      .getSQL();
  }

  private async query<R>(query: SQL): Promise<R[]> {
    return ((await this.db.execute(query)) as unknown as { rows: R[] }).rows;
  }

  /**
   * A page of matching rows in the list's order (newest first, or `sort` then id) and the number
   * of matches, counted up to the cap (`capped` when more match; an exact count read every match,
   * a million rows): SEARCH_COUNT_CAP with a GRN, GIN, customer or product search, else COUNT_CAP.
   * The page is cut from the ledger (on the (…, transaction_date DESC, id DESC) indexes; sorted by
   * a name, joined with that name's table only) and only its rows are joined with all their names:
   * planning the five-way join around the filters cost more than running it
   * (docs/performance.md). Page and count travel in one statement. `blindFor`: the warehouse whose
   * blind counts the reader counts, whose counted records' movements then carry no quantity
   * ({@link exportedFields}).
   */
  async search(f: TransactionFilter, w: { limit: number; offset: number }, sort: Sort = {}, blindFor?: string): Promise<CappedPage<TransactionRow>> {
    const where = this.where(f);
    const cap = countCap(hasSearchTerm(f.grn, f.gin, f.customer, f.product));
    const matches = cappedCountQuery(this.db, t, where, cap);
    // one round trip: the count rides along as an uncorrelated subquery (evaluated once)
    const fields = sql`${rowFields(blindFor)}, (${matches})::int AS "total"`;
    const rows = await this.query<TransactionRow & { total: number }>(withNames(fields, this.window(where, sort, w), joinedOrder(sort, 'sort_key')));
    // an empty page carries no count: 0 on the first page, else ask (a page past the end)
    const n = rows.length > 0 ? rows[0].total : w.offset === 0 ? 0 : (await matches)[0].n;
    return { rows: rows.map(({ total: _total, ...row }) => row), ...cappedTotal(n, cap) };
  }

  /**
   * Every row of {@link search} for the same filters and sort, with only what the export shows
   *. On a PostgreSQL server one statement read through a cursor ({@link cursorRows}),
   * {@link EXPORT_BATCH} rows at a time: one plan and one sort for the whole export, sorted by the
   * joined names. On PGlite, whose one connection a cursor would hold for the whole download,
   * pages of {@link EXPORT_PAGE} rows, each its own short query. `blindFor` as in {@link search}.
   */
  rows(f: TransactionFilter, sort: Sort = {}, blindFor?: string): RowSource<ExportedLedgerRow> {
    const where = this.where(f);
    const fields = exportedFields(blindFor);
    if (this.handle.pool) {
      return mapRows(cursorRows(this.handle.pool, withNames(fields, this.matching(where, {}).getSQL(), joinedOrder(sort, 'joins')), EXPORT_BATCH), ledgerRowOf);
    }
    return pagesSource(this.pages(where, sort, fields));
  }

  /**
   * The PGlite export's pages: newest first by keyset on (transaction_date, id), the indexes'
   * order, so each page costs the same however deep; with `sort`, the list's pages by offset.
   */
  private async *pages(where: SQL | undefined, sort: Sort, exported: SQL): AsyncGenerator<ExportedLedgerRow[]> {
    if (sort.sort) {
      const order = joinedOrder(sort, 'sort_key');
      yield* offsetPages(({ page, limit }) => this.query<ExportedLedgerRow>(withNames(exported, this.window(where, sort, { limit, offset: (page - 1) * limit }), order)), EXPORT_PAGE);
      return;
    }
    const fields = sql`${exported}, page.id`;
    let after: { id: string; utcDate: string } | undefined;
    for (;;) {
      // the exact timestamp (microseconds) back from its UTC text
      const keyset = after ? sql`(${t.transactionDate}, ${t.id}) < (${after.utcDate}::timestamp AT TIME ZONE 'UTC', ${after.id}::uuid)` : undefined;
      const rows = await this.query<ExportedLedgerRow & { id: string }>(
        withNames(fields, this.window(and(where, keyset), {}, { limit: EXPORT_PAGE, offset: 0 }), joinedOrder({}, 'sort_key')),
      );
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1];
    }
  }
}
