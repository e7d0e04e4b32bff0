import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { categories, customers, products, stockTransactions as t, users, warehouses } from '../database/schema';
import type { Page } from '../common/http/envelope';
import { sortOrder, type SortQuery } from '../common/http/sort';
import type { TransactionSortField } from './dto/transaction-search.dto';

/** Filters of the ledger search; every one optional, combined with AND. */
export interface TransactionFilter {
  warehouseId?: string;
  categoryId?: string;
  type?: 'incoming' | 'outgoing';
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

/** A ledger row joined with its product, category, warehouse, user and customer. */
export type TransactionRow = {
  id: string;
  type: string;
  inventoryId: string;
  quantity: { name: string; value: number }[];
  grn: string | null;
  gin: string | null;
  takenBy: string | null;
  remarks: string | null;
  source: string;
  sourceId: string | null;
  date: Date;
  product: { id: string; name: string; code: string };
  category: { id: string; name: string };
  warehouse: { id: string; name: string };
  user: { id: string; firstName: string; lastName: string };
  customer: { id: string; name: string; phoneNo: string[] } | null;
};

/**
 * What each transaction sort field orders by (issue 13), on the ledger alone: names are read by
 * correlated subqueries so the page is still cut before the joins.
 */
const transactionSortColumns: Record<TransactionSortField, SQL> = {
  transaction_date: sql`${t.transactionDate}`,
  transaction_type: sql`${t.transactionType}`,
  grn: sql`${t.grn}`,
  gin: sql`${t.gin}`,
  product: sql`(SELECT ${products.name} FROM ${products} WHERE ${products.id} = ${t.productId})`,
  category: sql`(SELECT ${categories.name} FROM ${categories} WHERE ${categories.id} = ${t.categoryId})`,
  warehouse: sql`(SELECT ${warehouses.name} FROM ${warehouses} WHERE ${warehouses.id} = ${t.warehouseId})`,
};

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Read queries on the stock ledger (rows are written only by StockLedgerService). */
@Injectable()
export class TransactionsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private where(f: TransactionFilter): SQL | undefined {
    return and(
      f.warehouseId ? eq(t.warehouseId, f.warehouseId) : undefined,
      f.categoryId ? eq(t.categoryId, f.categoryId) : undefined,
      f.type ? eq(t.transactionType, f.type) : undefined,
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
              .where(or(ilike(customers.name, like(f.customer)), sql`array_to_string(${customers.phoneNo}, ' ') ILIKE ${like(f.customer)}`)),
          )
        : undefined,
    );
  }

  /**
   * A page of matching rows, newest first, and the number of matches. The page is cut from the
   * ledger alone (one-table plan on the (…, transaction_date DESC, id DESC) indexes) and only its
   * rows are joined with their names: planning the five-way join around the filters cost more
   * than running it (docs/performance.md). Page and count travel in one statement. With `sort`
   * (issue 13) the page carries its sort key (`sort_key`) so the outer query keeps its order.
   */
  async search(
    f: TransactionFilter,
    window: { limit: number; offset: number },
    sort: SortQuery<TransactionSortField> = {},
  ): Promise<Page<TransactionRow>> {
    const where = this.where(f);
    const newestFirst = (table: { transactionDate: unknown; id: unknown }) => [
      sql`${table.transactionDate} DESC NULLS LAST`, // as the indexes are ordered
      sql`${table.id} DESC NULLS LAST`,
    ];
    const sortKey = sort.sort ? transactionSortColumns[sort.sort] : sql`NULL`;
    const page = this.db
      .select({ ...getTableColumns(t), sortKey: sortKey.as('sort_key') })
      .from(t)
      .where(where)
      .orderBy(...sortOrder(sort, transactionSortColumns, t.id, newestFirst(t)))
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    const dir = sort.order === 'desc' ? desc : asc;
    const outerOrder = sort.sort ? [dir(page.sortKey), dir(page.id)] : newestFirst(page);
    const matches = this.db.select({ n: count() }).from(t).where(where);
    // one round trip: the count rides along as an uncorrelated subquery (evaluated once)
    const rows = await this.db
      .select({
        id: page.id,
        type: page.transactionType,
        inventoryId: page.inventoryId,
        quantity: page.quantity,
        grn: page.grn,
        gin: page.gin,
        takenBy: page.takenBy,
        remarks: page.remarks,
        source: page.source,
        sourceId: page.sourceId,
        date: page.transactionDate,
        product: { id: products.id, name: products.name, code: products.code },
        category: { id: categories.id, name: categories.name },
        warehouse: { id: warehouses.id, name: warehouses.name },
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        customer: { id: customers.id, name: customers.name, phoneNo: customers.phoneNo },
        total: sql<number>`(${matches})`.mapWith(Number),
      })
      .from(page)
      .innerJoin(products, eq(products.id, page.productId))
      .innerJoin(categories, eq(categories.id, page.categoryId))
      .innerJoin(warehouses, eq(warehouses.id, page.warehouseId))
      .innerJoin(users, eq(users.id, page.userId))
      .leftJoin(customers, eq(customers.id, page.customerId))
      .orderBy(...outerOrder);
    // an empty page carries no count: 0 on the first page, else ask (a page past the end)
    const n = rows.length > 0 ? rows[0].total : window.offset === 0 ? 0 : (await matches)[0].n;
    return { rows: rows.map(({ total: _total, ...row }) => row) as TransactionRow[], total: n };
  }
  /**
   * The export's pages (issue 13): at most `limit` matching rows newest first, strictly after
   * `after` (keyset on transaction_date DESC, id DESC, the indexes' order), joined with their
   * names like {@link search} but without the count, so each page costs the same however deep.
   * `after.date` is the previous page's last `cursorDate`, the exact timestamp as text
   * (microseconds, which a JS Date would lose).
   */
  async pageAfter(f: TransactionFilter, after: { date: string; id: string } | undefined, limit: number): Promise<(TransactionRow & { cursorDate: string })[]> {
    const keyset = after ? sql`(${t.transactionDate}, ${t.id}) < (${after.date}::timestamptz, ${after.id}::uuid)` : undefined;
    const newestFirst = (table: { transactionDate: unknown; id: unknown }) => [sql`${table.transactionDate} DESC`, sql`${table.id} DESC`];
    const page = this.db.select().from(t).where(and(this.where(f), keyset)).orderBy(...newestFirst(t)).limit(limit).as('page');
    return this.db
      .select({
        id: page.id,
        type: page.transactionType,
        inventoryId: page.inventoryId,
        quantity: page.quantity,
        grn: page.grn,
        gin: page.gin,
        takenBy: page.takenBy,
        remarks: page.remarks,
        source: page.source,
        sourceId: page.sourceId,
        date: page.transactionDate,
        cursorDate: sql<string>`${page.transactionDate}::text`,
        product: { id: products.id, name: products.name, code: products.code },
        category: { id: categories.id, name: categories.name },
        warehouse: { id: warehouses.id, name: warehouses.name },
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        customer: { id: customers.id, name: customers.name, phoneNo: customers.phoneNo },
      })
      .from(page)
      .innerJoin(products, eq(products.id, page.productId))
      .innerJoin(categories, eq(categories.id, page.categoryId))
      .innerJoin(warehouses, eq(warehouses.id, page.warehouseId))
      .innerJoin(users, eq(users.id, page.userId))
      .leftJoin(customers, eq(customers.id, page.customerId))
      .orderBy(...newestFirst(page)) as Promise<(TransactionRow & { cursorDate: string })[]>;
  }
}
