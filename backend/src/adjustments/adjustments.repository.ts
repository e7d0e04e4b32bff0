import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { inventories, products, stockAdjustments as a, warehouses } from '../database/schema';
import { containsPattern, inIds, listConditions, personJson, type ListFilter, type PersonJson } from '../common/http/list-sql';
import { sortOrder } from '../common/http/sort';
import { countMatches, hasSearchTerm, type CappedTotal } from '../common/http/capped-count';
import type { AdjustmentSortField } from './dto/adjustment.dto';

export type AdjustmentRow = typeof a.$inferSelect;

/** The filters of the adjustments page: the list filters plus the reasons. */
export interface AdjustmentFilter extends ListFilter<AdjustmentSortField> {
  reason?: string[];
}

/** An adjustment row with the names the view shows. */
export interface AdjustmentWithRefs {
  adjustment: AdjustmentRow;
  product: { id: string; name: string; code: string };
  warehouse: { id: string; name: string };
  creator: PersonJson | null;
  decider: PersonJson | null;
}

/** An inventory record with what an adjustment checks: its product's units and whether product or warehouse were removed. */
export interface AdjustableInventory {
  id: string;
  warehouseId: string;
  product: { id: string; name: string; units: string[]; removed: boolean };
  warehouseRemoved: boolean;
}

const sortColumns = { createdAt: a.createdAt, status: a.status, reason: a.reason };

/** The WHERE of a filter, on stock_adjustments alone (the search reads the products' trigram indexes). */
function where(f: AdjustmentFilter): SQL | undefined {
  const like = f.search ? containsPattern(f.search) : undefined;
  return and(
    listConditions(a, f),
    f.reason?.length ? inArray(a.reason, f.reason) : undefined,
    like ? inIds(a.productId, sql`(select ${products.id} from ${products} where ${or(ilike(products.name, like), ilike(products.code, like))})`) : undefined,
  );
}

/** Every query on stock adjustments (their stock moves only through StockLedgerService). */
@Injectable()
export class AdjustmentsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findInventory(id: string, tx: DbOrTx = this.db): Promise<AdjustableInventory | undefined> {
    const [row] = await tx
      .select({
        id: inventories.id,
        warehouseId: inventories.warehouseId,
        product: { id: products.id, name: products.name, units: products.units, removed: products.removed },
        warehouseRemoved: warehouses.removed,
      })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .innerJoin(warehouses, eq(warehouses.id, inventories.warehouseId))
      .where(eq(inventories.id, id));
    return row;
  }

  async insert(values: typeof a.$inferInsert, tx: DbOrTx): Promise<AdjustmentRow> {
    const [row] = await tx.insert(a).values(values).returning();
    return row;
  }

  /** The adjustment, locked FOR UPDATE until commit: parallel decisions on it run one after the other. */
  async lock(id: string, tx: DbOrTx): Promise<AdjustmentRow | undefined> {
    const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
    return row;
  }

  /** Records the decision (approved or rejected) and, on an approval, the ledger rows. */
  async decide(
    id: string,
    d: Pick<AdjustmentRow, 'status' | 'decidedBy' | 'decisionRemark'> & Partial<Pick<AdjustmentRow, 'incomingTransactionId' | 'outgoingTransactionId'>>,
    tx: DbOrTx,
  ): Promise<void> {
    await tx.update(a).set({ ...d, decidedAt: sql`now()` }).where(eq(a.id, id));
  }

  /**
   * Adjustments matching `filter` with their names, in its sort (newest first by default, the id
   * breaking ties); with `window` only that slice, with `filter.id` one adjustment. The page's ids
   * are chosen on the table alone first, so the people are looked up for the page's rows only.
   */
  async find(filter: AdjustmentFilter & { id?: string }, window?: { limit: number; offset: number }): Promise<AdjustmentWithRefs[]> {
    const order = sortOrder(filter.sort ?? {}, sortColumns, a.id, [desc(a.createdAt), desc(a.id)]);
    const ids = this.db
      .select({ id: a.id })
      .from(a)
      .where(and(filter.id ? eq(a.id, filter.id) : undefined, where(filter)))
      .orderBy(...order)
      .$dynamic();
    const page = (window ? ids.limit(window.limit).offset(window.offset) : ids).as('page');
    return this.db
      .select({
        adjustment: a,
        product: { id: products.id, name: products.name, code: products.code },
        warehouse: { id: warehouses.id, name: warehouses.name },
        creator: personJson(a.createdBy),
        decider: personJson(a.decidedBy),
      })
      .from(page)
      .innerJoin(a, eq(a.id, page.id))
      .innerJoin(products, eq(products.id, a.productId))
      .innerJoin(warehouses, eq(warehouses.id, a.warehouseId))
      .orderBy(...order);
  }

  /** How many adjustments match `filter` (the page's total_count), up to the cap of a list searched or not. */
  count(filter: AdjustmentFilter): Promise<CappedTotal> {
    return countMatches(this.db, a, where(filter), hasSearchTerm(filter.search));
  }
}
