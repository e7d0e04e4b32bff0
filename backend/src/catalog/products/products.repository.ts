import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { DB } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database';
import { categories, products } from '../../database/schema';
import type { CappedPage } from '../../common/http/envelope';
import { cappedCountOf, cappedTotal, countCap } from '../../common/http/capped-count';
import { sortOrder, type SortQuery } from '../../common/http/sort';
import type { ProductSortField } from './dto/product.dto';
import { containsPattern, idsMatching, inIdList } from '../../common/http/list-sql';
import { productTextMatches } from '../../common/http/product-search';
import { pageWithTotal, totalField } from '../../common/http/page-total';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** A product with the name of its category. */
export type ProductWithCategory = ProductRow & { categoryName: string };

/** What each product sort field orders by. */
const productSortColumns = {
  name: products.name,
  code: products.code,
  category: categories.name,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** Every query on products. */
@Injectable()
export class ProductsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private selectWithCategory<X extends Record<string, SQL> = Record<never, never>>(db: DbOrTx = this.db, extra?: X) {
    return db
      .select({ product: products, categoryName: categories.name, ...(extra as X) })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id));
  }

  async findById(id: string, db: DbOrTx = this.db): Promise<ProductWithCategory | undefined> {
    const [row] = await this.selectWithCategory(db).where(eq(products.id, id));
    return row && { ...row.product, categoryName: row.categoryName };
  }

  /** An active product with this code (case-insensitive), other than `exceptId`. */
  async findActiveByCode(code: string, exceptId?: string): Promise<ProductRow | undefined> {
    const [row] = await this.db
      .select()
      .from(products)
      .where(
        and(
          sql`lower(${products.code}) = lower(${code})`,
          eq(products.removed, false),
          exceptId ? ne(products.id, exceptId) : undefined,
        ),
      );
    return row;
  }

  /**
   * Active or removed products, newest first or by `sort`; `search` matches name, code,
   * description or category name case-insensitively. The total counts up to SEARCH_COUNT_CAP with
   * a search, else COUNT_CAP (`capped` when more match).
   */
  async list(
    opts: { removed: boolean; search?: string; limit: number; offset: number } & SortQuery<ProductSortField>,
  ): Promise<CappedPage<ProductWithCategory>> {
    const conditions: SQL[] = [eq(products.removed, opts.removed)];
    if (opts.search) {
      // the matching categories' ids read first: as constants the planner reads both sides of the OR
      // from products' indexes (a BitmapOr), where a subquery's unknown count made it scan them all
      const named = sql`(select ${categories.id} from ${categories} where ${ilike(categories.name, containsPattern(opts.search))})`;
      const { ids } = await idsMatching(this.db, { ids: named });
      conditions.push(or(productTextMatches(opts.search), inIdList(products.categoryId, ids))!);
    }
    const where = and(...conditions);
    const cap = countCap(!!opts.search);
    const matches = this.db.select({ one: sql`1` }).from(products).innerJoin(categories, eq(products.categoryId, categories.id)).where(where);
    const matching = cappedCountOf(this.db, matches.$dynamic(), cap);
    const rows = await this.selectWithCategory(this.db, { total: totalField(matching) })
      .where(where)
      .orderBy(...sortOrder(opts, productSortColumns, products.id, [desc(products.createdAt), desc(products.id)]))
      .limit(opts.limit)
      .offset(opts.offset);
    const page = await pageWithTotal(rows, opts.offset, matching);
    return { rows: page.rows.map((r) => ({ ...r.product, categoryName: r.categoryName })), ...cappedTotal(page.total, cap) };
  }

  async countActiveInCategory(categoryId: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, categoryId), eq(products.removed, false)));
    return n;
  }

  /** The distinct units and specification names the active products of a category use. */
  async usedFieldsInCategory(categoryId: string): Promise<{ units: string[]; specifications: string[] }> {
    const rows = await this.db
      .select({ units: products.units, specifications: products.specifications })
      .from(products)
      .where(and(eq(products.categoryId, categoryId), eq(products.removed, false)));
    return {
      units: [...new Set(rows.flatMap((r) => r.units))],
      specifications: [...new Set(rows.flatMap((r) => r.specifications.map((s) => s.name)))],
    };
  }

  async insert(values: ProductValues, tx: DbOrTx = this.db): Promise<ProductRow> {
    const [row] = await tx.insert(products).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<ProductValues>, tx: DbOrTx = this.db): Promise<ProductRow | undefined> {
    const [row] = await tx.update(products).set(values).where(eq(products.id, id)).returning();
    return row;
  }

  /** The product row locked until the transaction ends (list lines and receipts share-lock it). */
  async lockById(tx: DbOrTx, id: string): Promise<ProductRow | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    return row;
  }

  /** Runs `fn` in one database transaction. */
  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
