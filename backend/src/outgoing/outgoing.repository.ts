import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import {
  customers,
  inventories,
  outgoingListItems,
  outgoingListRemarks,
  outgoingLists,
  products,
  users,
  warehouses,
  type QuantityEntry,
} from '../database/schema';
import { sortOrder, type SortQuery } from '../common/http/sort';
import type { OutgoingSortField } from './dto/outgoing.dto';

export type OutgoingListRow = typeof outgoingLists.$inferSelect;
export type OutgoingItemRow = typeof outgoingListItems.$inferSelect;
type ListPatch = Partial<Pick<OutgoingListRow, 'submittedAt' | 'verifiedBy' | 'verifiedAt' | 'approvedBy' | 'approvedAt' | 'deliveryOverseenBy' | 'deliveredOn'>>;

/** A list with its customer and warehouse, as the views need them. */
export interface ListWithRefs {
  list: OutgoingListRow;
  customer: typeof customers.$inferSelect;
  warehouse: { id: string; name: string };
}

/** What each outgoing list sort field orders by (issue 13). */
const outgoingSortColumns = {
  gin: outgoingLists.gin,
  status: outgoingLists.status,
  customer: customers.name,
  warehouse: warehouses.name,
  fs_number: outgoingLists.fsNumber,
  createdAt: outgoingLists.createdAt,
  updatedAt: outgoingLists.updatedAt,
};

/** A line with its product's display fields. */
export interface ItemWithProduct {
  item: OutgoingItemRow;
  product: { id: string; name: string; code: string; imageExtension: string | null; units: string[] };
}

/** A remark with its author's name. */
export interface RemarkWithAuthor {
  listId: string;
  content: string;
  createdAt: Date;
  author: { id: string; firstName: string; lastName: string };
}

/** An inventory record with what product/add needs to check. */
export interface InventoryRef {
  id: string;
  productId: string;
  warehouseId: string;
  productName: string;
  units: string[];
}

const productFields = {
  id: products.id,
  name: products.name,
  code: products.code,
  imageExtension: products.imageExtension,
  units: products.units,
};

/** Every query on outgoing lists, their lines and remarks. Methods take an optional transaction. */
@Injectable()
export class OutgoingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insertList(values: typeof outgoingLists.$inferInsert, tx: DbOrTx = this.db): Promise<OutgoingListRow> {
    const [row] = await tx.insert(outgoingLists).values(values).returning();
    return row;
  }

  async findList(id: string, tx: DbOrTx = this.db): Promise<OutgoingListRow | undefined> {
    const [row] = await tx.select().from(outgoingLists).where(eq(outgoingLists.id, id));
    return row;
  }

  /** Lists with customer and warehouse, newest first, filtered by status and warehouse. */
  async listWithRefs(filter: { id?: string; status?: string; warehouseId?: string; sort?: SortQuery<OutgoingSortField> }, window?: { limit: number; offset: number }): Promise<ListWithRefs[]> {
    const query = this.db
      .select({ list: outgoingLists, customer: customers, warehouse: { id: warehouses.id, name: warehouses.name } })
      .from(outgoingLists)
      .innerJoin(customers, eq(customers.id, outgoingLists.customerId))
      .innerJoin(warehouses, eq(warehouses.id, outgoingLists.warehouseId))
      .where(
        and(
          filter.id ? eq(outgoingLists.id, filter.id) : undefined,
          filter.status ? eq(outgoingLists.status, filter.status) : undefined,
          filter.warehouseId ? eq(outgoingLists.warehouseId, filter.warehouseId) : undefined,
        ),
      )
      .orderBy(...sortOrder(filter.sort ?? {}, outgoingSortColumns, outgoingLists.id, [desc(outgoingLists.createdAt), desc(outgoingLists.id)]));
    return window ? query.limit(window.limit).offset(window.offset) : query;
  }

  /** Lines of the given lists with their products, in insertion order. */
  async itemsOf(listIds: string[], tx: DbOrTx = this.db): Promise<ItemWithProduct[]> {
    if (!listIds.length) return [];
    return tx
      .select({ item: outgoingListItems, product: productFields })
      .from(outgoingListItems)
      .innerJoin(products, eq(products.id, outgoingListItems.productId))
      .where(inArray(outgoingListItems.listId, listIds))
      .orderBy(asc(outgoingListItems.createdAt), asc(outgoingListItems.id));
  }

  async remarksOf(listIds: string[]): Promise<RemarkWithAuthor[]> {
    if (!listIds.length) return [];
    return this.db
      .select({
        listId: outgoingListRemarks.listId,
        content: outgoingListRemarks.content,
        createdAt: outgoingListRemarks.createdAt,
        author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(outgoingListRemarks)
      .innerJoin(users, eq(users.id, outgoingListRemarks.remarkBy))
      .where(inArray(outgoingListRemarks.listId, listIds))
      .orderBy(asc(outgoingListRemarks.createdAt), asc(outgoingListRemarks.id));
  }

  async usersByIds(ids: string[]): Promise<{ id: string; firstName: string; lastName: string }[]> {
    if (!ids.length) return [];
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async findActiveCustomer(id: string): Promise<{ id: string } | undefined> {
    const [row] = await this.db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, id), eq(customers.removed, false)));
    return row;
  }

  async findActiveWarehouse(id: string): Promise<{ id: string } | undefined> {
    const [row] = await this.db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.id, id), eq(warehouses.removed, false)));
    return row;
  }

  /** An inventory record with its product, the product share-locked until commit (see StockUseService). */
  async findInventory(id: string, tx: DbOrTx = this.db): Promise<InventoryRef | undefined> {
    const [row] = await tx
      .select({
        id: inventories.id,
        productId: inventories.productId,
        warehouseId: inventories.warehouseId,
        productName: products.name,
        units: products.units,
      })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .where(eq(inventories.id, id))
      .for('share', { of: products });
    return row;
  }

  /**
   * The lines a request names: the line whose `_id` is `lineOrProductId`, otherwise every line
   * of the product of that id (several when its stock is on the list at several unit prices).
   */
  async findItems(listId: string, lineOrProductId: string, tx: DbOrTx = this.db): Promise<OutgoingItemRow[]> {
    const rows = await tx
      .select()
      .from(outgoingListItems)
      .where(
        and(
          eq(outgoingListItems.listId, listId),
          or(eq(outgoingListItems.id, lineOrProductId), eq(outgoingListItems.productId, lineOrProductId)),
        ),
      )
      .orderBy(asc(outgoingListItems.createdAt), asc(outgoingListItems.id));
    const byId = rows.find((r) => r.id === lineOrProductId);
    return byId ? [byId] : rows;
  }

  /** Every line of one inventory record on the list (one per unit price, issue 12 point 19). */
  async itemsOfStock(listId: string, inventoryId: string, tx: DbOrTx = this.db): Promise<OutgoingItemRow[]> {
    return tx
      .select()
      .from(outgoingListItems)
      .where(and(eq(outgoingListItems.listId, listId), eq(outgoingListItems.inventoryId, inventoryId)))
      .orderBy(asc(outgoingListItems.createdAt), asc(outgoingListItems.id));
  }

  async insertItem(values: typeof outgoingListItems.$inferInsert, tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(outgoingListItems).values(values);
  }

  async updateItem(id: string, values: { quantity: QuantityEntry[]; unitPrice?: string | null }, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(outgoingListItems).set(values).where(eq(outgoingListItems.id, id));
  }

  async deleteItem(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(outgoingListItems).where(eq(outgoingListItems.id, id));
  }

  /** Locks the list row until the transaction ends, so line changes and steps cannot interleave. */
  async lockList(id: string, tx: DbOrTx): Promise<OutgoingListRow | undefined> {
    const [row] = await tx.select().from(outgoingLists).where(eq(outgoingLists.id, id)).for('update');
    return row;
  }

  /**
   * Moves a list from `from` to `to` only if it is still in `from` (conditional UPDATE), so of
   * parallel requests exactly one succeeds. Undefined when the list was not in `from`.
   */
  async transition(tx: DbOrTx, id: string, from: string, to: string, patch: ListPatch): Promise<OutgoingListRow | undefined> {
    const [row] = await tx
      .update(outgoingLists)
      .set({ ...patch, status: to, updatedAt: sql`now()` })
      .where(and(eq(outgoingLists.id, id), eq(outgoingLists.status, from)))
      .returning();
    return row;
  }

  async insertRemark(tx: DbOrTx, listId: string, content: string, userId: string): Promise<void> {
    await tx.insert(outgoingListRemarks).values({ listId, content, remarkBy: userId });
  }
}
