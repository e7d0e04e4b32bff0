import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { categories, inventories, products, stockLevels, warehouses } from '../database/schema';
import { inTransitSql, type InventoryLevelRow } from './level-sql';
import type { CappedPage } from '../common/http/envelope';
import { cappedCountOf, cappedTotal, countCap } from '../common/http/capped-count';
import { sortOrder, type SortQuery } from '../common/http/sort';
import type { InventorySortField } from './dto/inventory-query.dto';
import { productTextMatches } from '../common/http/product-search';
import type { AuthUser } from '../common/auth/auth-user';
import { blindCounted } from './blind-count';
import { pageWithTotal, totalField } from '../common/http/page-total';

/** Filters of the inventory lists. */
export interface InventoryFilter {
  warehouseId?: string;
  categoryId?: string;
  /** Matches product name, code or description. */
  text?: string;
  /** Only records of products not removed whose buffer unit's available quantity is at or below the buffer quantity. */
  lowStock?: boolean;
}

const columns = {
  id: inventories.id,
  purchasedPrice: inventories.purchasedPrice,
  depreciationRate: inventories.depreciationRate,
  purchasedDate: inventories.purchasedDate,
  createdAt: inventories.createdAt,
  updatedAt: inventories.updatedAt,
  product: {
    id: products.id,
    name: products.name,
    code: products.code,
    description: products.description,
    imageExtension: products.imageExtension,
    units: products.units,
    /** The product's category now (the ledger's); `category` is the record's. */
    categoryId: products.categoryId,
    bufferUnit: products.bufferUnit,
    bufferQuantity: products.bufferQuantity,
  },
  category: { id: categories.id, name: categories.name },
  warehouse: { id: warehouses.id, name: warehouses.name },
};

/**
 * The level of each record in its product's buffer unit, joined rather than looked up per record:
 * the `available` sort then hash-joins the levels once instead of probing them once per record
 * (issue 13 performance, docs/performance.md).
 */
const bufferLevel = alias(stockLevels, 'buffer_level');
const bufferLevelJoin = and(eq(bufferLevel.inventoryId, inventories.id), eq(bufferLevel.unit, products.bufferUnit));

/**
 * The low-stock records: their level in the product's buffer unit, which every record
 * has, holds the product's buffer quantity (NULL for other units and removed products), kept by
 * triggers (migration 0026), so the low ones are found in stock_levels alone.
 */
const lowStockLevels = sql`buffer_quantity IS NOT NULL AND on_hand - reserved <= buffer_quantity`;
const lowStockRecords = sql`(SELECT inventory_id FROM ${stockLevels} WHERE ${lowStockLevels})`;

/** Available quantity in the buffer unit (0 without a level row). */
const bufferAvailable = sql`coalesce(${bufferLevel.onHand} - ${bufferLevel.reserved}, 0)`;

/** What each inventory sort field orders by; `available` is in the buffer unit. */
const inventorySortColumns = {
  product_name: products.name,
  product_code: products.code,
  category: categories.name,
  warehouse: warehouses.name,
  available: bufferAvailable,
  purchasedPrice: inventories.purchasedPrice,
  purchasedDate: inventories.purchasedDate,
  createdAt: inventories.createdAt,
  updatedAt: inventories.updatedAt,
};

/** An inventory record joined with product, category and warehouse. */
export type InventoryRow = {
  id: string;
  purchasedPrice: string | null;
  depreciationRate: string | null;
  purchasedDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  product: { id: string; name: string; code: string; description: string; imageExtension: string | null; units: string[]; categoryId: string; bufferUnit: string; bufferQuantity: string };
  category: { id: string; name: string };
  warehouse: { id: string; name: string };
};

/** Read queries on inventory records and their levels (writes go through StockLedgerService). */
@Injectable()
export class InventoryRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private where(f: InventoryFilter): SQL | undefined {
    return and(
      f.warehouseId ? eq(inventories.warehouseId, f.warehouseId) : undefined,
      f.categoryId ? eq(inventories.categoryId, f.categoryId) : undefined,
      f.text ? productTextMatches(f.text) : undefined,
      f.lowStock ? sql`${inventories.id} IN ${lowStockRecords}` : undefined,
    );
  }

  private base<X extends Record<string, SQL> = Record<never, never>>(db: DbOrTx, extra?: X) {
    return db
      .select({ ...columns, ...(extra as X) })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .innerJoin(categories, eq(categories.id, inventories.categoryId))
      .innerJoin(warehouses, eq(warehouses.id, inventories.warehouseId));
  }

  /**
   * A page of records, by product name then warehouse name (read in that order from the product
   * name index), or by `sort`, with how many match, in one statement: counted up to
   * SEARCH_COUNT_CAP with a product search, else COUNT_CAP (`capped` when more match).
   */
  async list(f: InventoryFilter, window: { limit: number; offset: number }, sort: SortQuery<InventorySortField> = {}): Promise<CappedPage<InventoryRow>> {
    const where = this.where(f);
    const cap = countCap(!!f.text);
    const matching = cappedCountOf(this.db, this.matching(f, where), cap);
    const rows = await this.base(this.db, { total: totalField(matching) })
      .leftJoin(bufferLevel, bufferLevelJoin)
      .where(where)
      .orderBy(...sortOrder(sort, inventorySortColumns, inventories.id, [asc(products.name), asc(warehouses.name), asc(inventories.id)]))
      .limit(window.limit)
      .offset(window.offset);
    const page = await pageWithTotal(rows, window.offset, matching);
    return { rows: page.rows, ...cappedTotal(page.total, cap) };
  }

  /**
   * The rows to count for the records matching `f`. A record always has its product (foreign key),
   * so without a search the records alone are read; with the low-stock filter alone, the low level
   * rows are (a record has one buffer-unit level, the only one holding a buffer quantity: migration 0026).
   */
  private matching(f: InventoryFilter, where: SQL | undefined) {
    if (f.lowStock && !f.text && !f.warehouseId && !f.categoryId) {
      return this.db.select({ one: sql`1` }).from(stockLevels).where(lowStockLevels).$dynamic();
    }
    const counted = this.db.select({ one: sql`1` }).from(inventories).$dynamic();
    return (f.text ? counted.innerJoin(products, eq(products.id, inventories.productId)) : counted).where(where);
  }

  async findById(id: string, db: DbOrTx = this.db): Promise<InventoryRow | undefined> {
    const [row] = await this.base(db).where(eq(inventories.id, id));
    return row;
  }

  /** The warehouse of a record, or undefined when the id is unknown. */
  async warehouseOf(id: string, db: DbOrTx = this.db): Promise<string | undefined> {
    const [row] = await db.select({ w: inventories.warehouseId }).from(inventories).where(eq(inventories.id, id));
    return row?.w;
  }

  /** Of `ids`, the records whose quantities `user` may not read now (a blind count's counter: blind-count.ts). */
  blindCounted(user: AuthUser, ids: string[]): Promise<Set<string>> {
    return blindCounted(this.db, user, ids);
  }

  async levels(ids: string[], db: DbOrTx = this.db): Promise<InventoryLevelRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        inventoryId: stockLevels.inventoryId,
        unit: stockLevels.unit,
        onHand: stockLevels.onHand,
        reserved: stockLevels.reserved,
        available: sql<string>`${stockLevels.onHand} - ${stockLevels.reserved}`,
        // the outer columns written qualified: drizzle leaves them bare in a one-table select (level-sql.ts)
        inTransit: inTransitSql(sql.raw('stock_levels')),
      })
      .from(stockLevels)
      .where(inArray(stockLevels.inventoryId, ids));
  }

  /** The category of a product (for the optional productCategory check), or undefined. */
  async productCategory(productId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ c: products.categoryId }).from(products).where(eq(products.id, productId));
    return row?.c;
  }
}
