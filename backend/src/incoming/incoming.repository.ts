import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { incomingListItems, incomingListRemarks, incomingLists, products, users, warehouses, type QuantityEntry } from '../database/schema';
import type { IncomingStatus, StepStamp } from './incoming-flow';
import { sortOrder, type SortQuery } from '../common/http/sort';
import type { IncomingSortField } from './dto/incoming-list.dto';

export type IncomingListRow = typeof incomingLists.$inferSelect;
export type IncomingLineRow = typeof incomingListItems.$inferSelect;
export type ProductRef = Pick<typeof products.$inferSelect, 'id' | 'name' | 'code' | 'units' | 'imageExtension' | 'removed' | 'categoryId'>;

const creator = alias(users, 'creator');
const submitter = alias(users, 'submitter');
const confirmer = alias(users, 'confirmer');
const approver = alias(users, 'approver');
const person = <U extends { id: PgColumn; firstName: PgColumn; lastName: PgColumn }>(u: U): Pick<U, 'id' | 'firstName' | 'lastName'> => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
});

/** A list row with its warehouse and the people of each step. */
export type IncomingListJoined = Awaited<ReturnType<IncomingRepository['findLists']>>[number];

/** What each incoming list sort field orders by (issue 13). */
const incomingSortColumns = {
  grn: incomingLists.grn,
  status: incomingLists.status,
  warehouse: warehouses.name,
  createdAt: incomingLists.createdAt,
  updatedAt: incomingLists.updatedAt,
};

/** Every query on incoming lists, their lines and remarks. */
@Injectable()
export class IncomingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * Lists (newest first) with warehouse and people, filtered by status, warehouse or ids; with
   * `window`, only that slice of them (the export's pages, issue 13).
   */
  async findLists(filter: { status?: IncomingStatus; warehouseId?: string; ids?: string[]; sort?: SortQuery<IncomingSortField> }, window?: { limit: number; offset: number }) {
    const query = this.db
      .select({
        list: incomingLists,
        warehouse: { id: warehouses.id, name: warehouses.name },
        creator: person(creator),
        submitter: person(submitter),
        confirmer: person(confirmer),
        approver: person(approver),
      })
      .from(incomingLists)
      .innerJoin(warehouses, eq(warehouses.id, incomingLists.warehouseId))
      .innerJoin(creator, eq(creator.id, incomingLists.createdBy))
      .leftJoin(submitter, eq(submitter.id, incomingLists.submittedBy))
      .leftJoin(confirmer, eq(confirmer.id, incomingLists.confirmedBy))
      .leftJoin(approver, eq(approver.id, incomingLists.approvedBy))
      .where(
        and(
          filter.status ? eq(incomingLists.status, filter.status) : undefined,
          filter.warehouseId ? eq(incomingLists.warehouseId, filter.warehouseId) : undefined,
          filter.ids ? inArray(incomingLists.id, filter.ids) : undefined,
        ),
      )
      .orderBy(...sortOrder(filter.sort ?? {}, incomingSortColumns, incomingLists.id, [desc(incomingLists.createdAt), desc(incomingLists.id)]));
    return window ? query.limit(window.limit).offset(window.offset) : query;
  }

  /** Remarks of the lists, oldest first, with their authors. */
  async findRemarks(listIds: string[]) {
    if (listIds.length === 0) return [];
    return this.db
      .select({ listId: incomingListRemarks.listId, content: incomingListRemarks.content, createdAt: incomingListRemarks.createdAt, by: person(users) })
      .from(incomingListRemarks)
      .innerJoin(users, eq(users.id, incomingListRemarks.remarkBy))
      .where(inArray(incomingListRemarks.listId, listIds))
      .orderBy(asc(incomingListRemarks.createdAt), asc(incomingListRemarks.id));
  }

  /** Lines of the lists in the order they were added, with their products. */
  async findLines(listIds: string[], tx: DbOrTx = this.db) {
    if (listIds.length === 0) return [];
    return tx
      .select({ line: incomingListItems, product: { id: products.id, name: products.name, code: products.code, units: products.units, imageExtension: products.imageExtension, categoryId: products.categoryId } })
      .from(incomingListItems)
      .innerJoin(products, eq(products.id, incomingListItems.productId))
      .where(inArray(incomingListItems.listId, listIds))
      .orderBy(asc(incomingListItems.createdAt), asc(incomingListItems.id));
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<IncomingListRow | undefined> {
    const [row] = await tx.select().from(incomingLists).where(eq(incomingLists.id, id));
    return row;
  }

  /** The list row locked until the transaction ends (serialises line edits with steps). */
  async lockById(tx: DbOrTx, id: string): Promise<IncomingListRow | undefined> {
    const [row] = await tx.select().from(incomingLists).where(eq(incomingLists.id, id)).for('update');
    return row;
  }

  async insertList(tx: DbOrTx, values: { grn: string; warehouseId: string; createdBy: string }): Promise<IncomingListRow> {
    const [row] = await tx.insert(incomingLists).values(values).returning();
    return row;
  }

  async insertRemark(tx: DbOrTx, values: { listId: string; content: string; remarkBy: string }): Promise<void> {
    await tx.insert(incomingListRemarks).values(values);
  }

  /**
   * Moves a list from `from` to `to` and stamps who and when, only if it is still in `from`
   * (a conditional UPDATE: of two concurrent steps exactly one matches). Undefined otherwise.
   */
  async transition(tx: DbOrTx, id: string, from: IncomingStatus, to: IncomingStatus, stamp: StepStamp, userId: string) {
    const now = new Date();
    const stamps = {
      submitted: { submittedBy: userId, submittedAt: now },
      confirmed: { confirmedBy: userId, confirmedAt: now },
      approved: { approvedBy: userId, approvedAt: now },
    }[stamp];
    const [row] = await tx
      .update(incomingLists)
      .set({ status: to, ...stamps })
      .where(and(eq(incomingLists.id, id), eq(incomingLists.status, from)))
      .returning();
    return row as IncomingListRow | undefined;
  }

  /** Marks the list changed (its updatedAt) after a line edit. */
  async touch(tx: DbOrTx, id: string): Promise<void> {
    await tx.update(incomingLists).set({ updatedAt: new Date() }).where(eq(incomingLists.id, id));
  }

  /** A product, share-locked until commit: its removal or a change of its units waits for the line edit. */
  async findProduct(id: string, tx: DbOrTx = this.db): Promise<ProductRef | undefined> {
    const [row] = await tx
      .select({ id: products.id, name: products.name, code: products.code, units: products.units, imageExtension: products.imageExtension, removed: products.removed, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, id))
      .for('share');
    return row;
  }

  /** True when the warehouse is active; share-locked until commit (its removal waits for the line edit). */
  async isWarehouseActive(tx: DbOrTx, id: string): Promise<boolean> {
    const [row] = await tx.select({ removed: warehouses.removed }).from(warehouses).where(eq(warehouses.id, id)).for('share');
    return row !== undefined && !row.removed;
  }

  async findLine(tx: DbOrTx, listId: string, productId: string): Promise<IncomingLineRow | undefined> {
    const [row] = await tx
      .select()
      .from(incomingListItems)
      .where(and(eq(incomingListItems.listId, listId), eq(incomingListItems.productId, productId)));
    return row;
  }

  async countLines(tx: DbOrTx, listId: string): Promise<number> {
    return tx.$count(incomingListItems, eq(incomingListItems.listId, listId));
  }

  async insertLine(tx: DbOrTx, values: { listId: string; productId: string; quantity: QuantityEntry[]; purchasedPrice?: string | null; depreciationRate?: string | null }) {
    await tx.insert(incomingListItems).values(values);
  }

  async updateLine(tx: DbOrTx, id: string, values: { quantity: QuantityEntry[]; purchasedPrice?: string | null; depreciationRate?: string | null }) {
    await tx.update(incomingListItems).set(values).where(eq(incomingListItems.id, id));
  }

  async deleteLine(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(incomingListItems).where(eq(incomingListItems.id, id));
  }

  /** Runs `fn` in one database transaction. */
  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
