import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { incomingListItems, incomingListRemarks, incomingLists, products, users, warehouses, type QuantityEntry } from '../database/schema';
import type { IncomingStatus } from '@inventory/common';
import type { StepStamp } from './incoming-flow';
import { sortOrder } from '../common/http/sort';
import type { IncomingSortField } from './dto/incoming-list.dto';
import { cappedCountQuery, cappedTotal, countCap, hasSearchTerm } from '../common/http/capped-count';
import { pageWithTotal, totalField } from '../common/http/page-total';
import { containsPattern, countOf, idsMatching, inIdList, latestRemarkJson, listConditions, personJson, usersNamed, type ListFilter } from '../common/http/list-sql';

export type IncomingListRow = typeof incomingLists.$inferSelect;
export type IncomingLineRow = typeof incomingListItems.$inferSelect;
export type ProductRef = Pick<typeof products.$inferSelect, 'id' | 'name' | 'code' | 'units' | 'imageExtension' | 'removed' | 'categoryId'>;

const creator = alias(users, 'creator');
const submitter = alias(users, 'submitter');
const confirmer = alias(users, 'confirmer');
const approver = alias(users, 'approver');
const returner = alias(users, 'returner');
const canceller = alias(users, 'canceller');
const person = <U extends { id: PgColumn; firstName: PgColumn; lastName: PgColumn }>(u: U): Pick<U, 'id' | 'firstName' | 'lastName'> => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
});

/** The filters of the list page; `search` matches the GRN or the creator's "first last" name. */
export type IncomingFilter = ListFilter<IncomingSortField>;

/**
 * The WHERE of {@link IncomingFilter} (`creators`: the ids of the search's creators, when it has
 * one): no join needed, so the count reads incoming_lists alone.
 */
function listWhere(f: IncomingFilter, creators: string[] | undefined): SQL | undefined {
  const like = f.search ? containsPattern(f.search) : undefined;
  return and(listConditions(incomingLists, f), like && creators ? or(ilike(incomingLists.grn, like), inIdList(incomingLists.createdBy, creators)) : undefined);
}

/** A list row with its warehouse and the people of each step. */
export type IncomingListJoined = Awaited<ReturnType<IncomingRepository['findLists']>>[number];

/** What each incoming list sort field orders by. */
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

  /** Lists with warehouse and the people of each step, by id (the full views of one/:id and the steps). */
  async findLists(ids: string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        list: incomingLists,
        warehouse: { id: warehouses.id, name: warehouses.name },
        creator: person(creator),
        submitter: person(submitter),
        confirmer: person(confirmer),
        approver: person(approver),
        returner: person(returner),
        canceller: person(canceller),
      })
      .from(incomingLists)
      .innerJoin(warehouses, eq(warehouses.id, incomingLists.warehouseId))
      .innerJoin(creator, eq(creator.id, incomingLists.createdBy))
      .leftJoin(submitter, eq(submitter.id, incomingLists.submittedBy))
      .leftJoin(confirmer, eq(confirmer.id, incomingLists.confirmedBy))
      .leftJoin(approver, eq(approver.id, incomingLists.approvedBy))
      .leftJoin(returner, eq(returner.id, incomingLists.returnedBy))
      .leftJoin(canceller, eq(canceller.id, incomingLists.cancelledBy))
      .where(inArray(incomingLists.id, ids));
  }

  /**
   * One page of list rows: the header, warehouse, people, newest remark and line count
   * of each list matching `filter`, in its sort (newest first by default, the id breaking ties).
   * With `window` only that slice; `filter.id` reads one list's row. A search first reads its
   * creators' ids (idsMatching).
   */
  async findSummaries(filter: IncomingFilter & { id?: string }, window?: { limit: number; offset: number }) {
    return this.summaries(await this.where(filter), filter, window);
  }

  /**
   * A page of {@link findSummaries} and how many lists match, counted up to SEARCH_COUNT_CAP with a
   * search term, else COUNT_CAP (`capped` when more do), in one statement after the search's ids.
   */
  async findPage(filter: IncomingFilter, window: { limit: number; offset: number }) {
    const where = await this.where(filter);
    const cap = countCap(hasSearchTerm(filter.search));
    const matching = cappedCountQuery(this.db, incomingLists, where, cap);
    const rows = await this.summaries(where, filter, window, { total: totalField(matching) });
    const page = await pageWithTotal(rows, window.offset, matching);
    return { rows: page.rows, ...cappedTotal(page.total, cap) };
  }

  private async where(filter: IncomingFilter & { id?: string }): Promise<SQL | undefined> {
    const like = filter.search && containsPattern(filter.search);
    const creators = like ? (await idsMatching(this.db, { creators: usersNamed(like) })).creators : undefined;
    return and(filter.id ? eq(incomingLists.id, filter.id) : undefined, listWhere(filter, creators));
  }

  /**
   * The page's rows in one query. Its ids are chosen first (a subquery with the sort, LIMIT and
   * OFFSET, joining the warehouse only to sort by its name), so the per-row subqueries run for the
   * page's rows only, not for the rows an OFFSET skips.
   */
  private summaries<X extends Record<string, SQL> = Record<never, never>>(where: SQL | undefined, filter: IncomingFilter, window?: { limit: number; offset: number }, extra?: X) {
    const order = sortOrder(filter.sort ?? {}, incomingSortColumns, incomingLists.id, [desc(incomingLists.createdAt), desc(incomingLists.id)]);
    let ids = this.db.select({ id: incomingLists.id }).from(incomingLists).$dynamic();
    if (filter.sort?.sort === 'warehouse') ids = ids.innerJoin(warehouses, eq(warehouses.id, incomingLists.warehouseId));
    ids = ids.where(where).orderBy(...order);
    const page = (window ? ids.limit(window.limit).offset(window.offset) : ids).as('page');
    return this.db
      .select({
        list: incomingLists,
        warehouse: { id: warehouses.id, name: warehouses.name },
        creator: personJson(incomingLists.createdBy),
        submitter: personJson(incomingLists.submittedBy),
        confirmer: personJson(incomingLists.confirmedBy),
        approver: personJson(incomingLists.approvedBy),
        returner: personJson(incomingLists.returnedBy),
        canceller: personJson(incomingLists.cancelledBy),
        latestRemark: latestRemarkJson(incomingListRemarks, incomingLists.id),
        lineCount: countOf(incomingListItems, incomingLists.id),
        ...(extra as X),
      })
      .from(page)
      .innerJoin(incomingLists, eq(incomingLists.id, page.id))
      .innerJoin(warehouses, eq(warehouses.id, incomingLists.warehouseId))
      .orderBy(...order);
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
    return this.selectLines(tx).where(inArray(incomingListItems.listId, listIds)).orderBy(asc(incomingListItems.createdAt), asc(incomingListItems.id));
  }

  /** One line with its product (the answer of a line edit). */
  async findLineById(id: string) {
    const [row] = await this.selectLines(this.db).where(eq(incomingListItems.id, id));
    return row;
  }

  private selectLines(tx: DbOrTx) {
    return tx
      .select({ line: incomingListItems, product: { id: products.id, name: products.name, code: products.code, units: products.units, imageExtension: products.imageExtension, categoryId: products.categoryId } })
      .from(incomingListItems)
      .innerJoin(products, eq(products.id, incomingListItems.productId));
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
      // a submission clears the last return: the list is no longer "returned"
      submitted: { submittedBy: userId, submittedAt: now, returnedBy: null, returnedAt: null, returnReason: null },
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

  /**
   * Returns (to draft, recording who, when and `reason`) or cancels (to cancelled, recording who
   * and when) a list still in `from`, with the same conditional UPDATE as
   * {@link transition}: of a correction and a parallel step exactly one matches. Undefined otherwise.
   */
  async correct(tx: DbOrTx, id: string, from: IncomingStatus, to: IncomingStatus, userId: string, reason?: string) {
    const now = new Date();
    const stamps = to === 'cancelled' ? { cancelledBy: userId, cancelledAt: now } : { returnedBy: userId, returnedAt: now, returnReason: reason };
    const [row] = await tx
      .update(incomingLists)
      .set({ status: to, updatedAt: now, ...stamps })
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

  /** A list's line of the product with the product's name (line edits name the line in the audit trail). */
  async findNamedLine(tx: DbOrTx, listId: string, productId: string): Promise<(IncomingLineRow & { productName: string }) | undefined> {
    const [row] = await tx
      .select({ ...getTableColumns(incomingListItems), productName: products.name })
      .from(incomingListItems)
      .innerJoin(products, eq(products.id, incomingListItems.productId))
      .where(and(eq(incomingListItems.listId, listId), eq(incomingListItems.productId, productId)));
    return row;
  }

  async countLines(tx: DbOrTx, listId: string): Promise<number> {
    return tx.$count(incomingListItems, eq(incomingListItems.listId, listId));
  }

  /** Inserts a line; returns its id. */
  async insertLine(tx: DbOrTx, values: { listId: string; productId: string; quantity: QuantityEntry[]; purchasedPrice?: string | null; depreciationRate?: string | null }): Promise<string> {
    const [row] = await tx.insert(incomingListItems).values(values).returning({ id: incomingListItems.id });
    return row.id;
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
