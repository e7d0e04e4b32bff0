import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import {
  customers,
  inventories,
  outgoingListItems,
  outgoingListRemarks,
  outgoingListReturnLines,
  outgoingListReturns,
  outgoingLists,
  products,
  users,
  warehouses,
  type QuantityEntry,
  type UnitPrices,
} from '../database/schema';
import { sortOrder } from '../common/http/sort';
import type { OutgoingSortField } from './dto/outgoing.dto';
import { cappedCountQuery, cappedTotal, countCap, hasSearchTerm } from '../common/http/capped-count';
import { pageWithTotal, totalField } from '../common/http/page-total';
import { containsPattern, countOf, idsMatching, inIdList, latestRemarkJson, listConditions, personJson, phonePatterns, usersNamed, type ListFilter } from '../common/http/list-sql';
import { phonesMatch } from '../customers/customer-search';

export type OutgoingListRow = typeof outgoingLists.$inferSelect;
export type OutgoingItemRow = typeof outgoingListItems.$inferSelect;
type ListPatch = Partial<Pick<OutgoingListRow, 'submittedBy' | 'submittedAt' | 'verifiedBy' | 'verifiedAt' | 'approvedBy' | 'approvedAt' | 'deliveryOverseenBy' | 'deliveredOn' | 'returnedBy' | 'returnedAt' | 'returnReason' | 'cancelledBy' | 'cancelledAt'>>;

/** A list with its customer and warehouse, as the views need them. */
export interface ListWithRefs {
  list: OutgoingListRow;
  customer: typeof customers.$inferSelect;
  warehouse: { id: string; name: string };
}

/** What each outgoing list sort field orders by. */
const outgoingSortColumns = {
  gin: outgoingLists.gin,
  status: outgoingLists.status,
  customer: customers.name,
  warehouse: warehouses.name,
  fs_number: outgoingLists.fsNumber,
  createdAt: outgoingLists.createdAt,
  updatedAt: outgoingLists.updatedAt,
};

/**
 * The filters of the list page; `search` matches the GIN, the FS number, the
 * customer's name or phones, or the creator's "first last" name.
 */
export type OutgoingFilter = ListFilter<OutgoingSortField>;

/** The ids of customers whose name or a phone number matches the search. */
function customersMatching(search: string): SQL {
  const phones = phonePatterns(search).map(phonesMatch);
  return sql`(select ${customers.id} from ${customers} where ${or(ilike(customers.name, containsPattern(search)), ...phones)})`;
}

/** The search's matching customers and creators, by id (read first: see idsMatching). */
interface SearchIds {
  customers: string[];
  creators: string[];
}

/** The WHERE of {@link OutgoingFilter} (`ids`: the search's, when it has one): no join needed, so the count reads outgoing_lists alone. */
function listWhere(f: OutgoingFilter, ids: SearchIds | undefined): SQL | undefined {
  const like = f.search ? containsPattern(f.search) : undefined;
  return and(
    listConditions(outgoingLists, f),
    like && ids
      ? or(
          ilike(outgoingLists.gin, like),
          ilike(outgoingLists.fsNumber, like),
          inIdList(outgoingLists.customerId, ids.customers),
          inIdList(outgoingLists.createdBy, ids.creators),
        )
      : undefined,
  );
}

/**
 * The priced total of the list `listId` as NUMERIC text with 2 decimals: price × quantity of
 * every priced unit of every line, each rounded half-up to the cent (as the invoice does), summed.
 */
function pricedTotal(listId: PgColumn): SQL<string> {
  const i = outgoingListItems;
  return sql<string>`(select coalesce(sum(round((${i.unitPrices} ->> (q.entry ->> 'name'))::numeric * (q.entry ->> 'value')::numeric, 2)), 0.00)::text
    from ${i} cross join lateral jsonb_array_elements(${i.quantity}) as q(entry)
    where ${i.listId} = ${listId} and ${i.unitPrices} ->> (q.entry ->> 'name') is not null)`;
}

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

/** A customer return with its author and its lines' products and unit prices. */
export interface CustomerReturnRow {
  id: string;
  listId: string;
  returnedAt: Date;
  reason: string;
  returner: { id: string; firstName: string; lastName: string };
  creditNoteNumber: number;
  lines: { lineId: string; quantity: QuantityEntry[]; unitPrices: UnitPrices; lineQuantity: QuantityEntry[]; product: { id: string; name: string; code: string } }[];
}

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

  /** One list with its customer and warehouse (the full view of one/:id and the steps). */
  async findWithRefs(id: string): Promise<ListWithRefs | undefined> {
    const [row] = await this.db
      .select({ list: outgoingLists, customer: customers, warehouse: { id: warehouses.id, name: warehouses.name } })
      .from(outgoingLists)
      .innerJoin(customers, eq(customers.id, outgoingLists.customerId))
      .innerJoin(warehouses, eq(warehouses.id, outgoingLists.warehouseId))
      .where(eq(outgoingLists.id, id));
    return row;
  }

  /**
   * One page of list rows: the header, customer, warehouse, people, newest remark,
   * line count and priced total of each list matching `filter`, in its sort (newest first by
   * default, the id breaking ties). With `window` only that slice; `filter.id` reads one list's
   * row. A search first reads its customers' and creators' ids (idsMatching).
   */
  async findSummaries(filter: OutgoingFilter & { id?: string }, window?: { limit: number; offset: number }) {
    return this.summaries(await this.where(filter), filter, window);
  }

  /**
   * A page of {@link findSummaries} and how many lists match, counted up to SEARCH_COUNT_CAP with a
   * search term, else COUNT_CAP (`capped` when more do), in one statement after the search's ids.
   */
  async findPage(filter: OutgoingFilter, window: { limit: number; offset: number }) {
    const where = await this.where(filter);
    const cap = countCap(hasSearchTerm(filter.search));
    const matching = cappedCountQuery(this.db, outgoingLists, where, cap);
    const rows = await this.summaries(where, filter, window, { total: totalField(matching) });
    const page = await pageWithTotal(rows, window.offset, matching);
    return { rows: page.rows, ...cappedTotal(page.total, cap) };
  }

  private async where(filter: OutgoingFilter & { id?: string }): Promise<SQL | undefined> {
    const like = filter.search && containsPattern(filter.search);
    const ids = filter.search && like ? await idsMatching(this.db, { customers: customersMatching(filter.search), creators: usersNamed(like) }) : undefined;
    return and(filter.id ? eq(outgoingLists.id, filter.id) : undefined, listWhere(filter, ids));
  }

  /**
   * The page's rows in one query. Its ids are chosen first (a subquery with the sort, LIMIT and
   * OFFSET, joining the customer or warehouse only to sort by its name), so the per-row
   * subqueries run for the page's rows only, not for the rows an OFFSET skips.
   */
  private summaries<X extends Record<string, SQL> = Record<never, never>>(where: SQL | undefined, filter: OutgoingFilter, window?: { limit: number; offset: number }, extra?: X) {
    const order = sortOrder(filter.sort ?? {}, outgoingSortColumns, outgoingLists.id, [desc(outgoingLists.createdAt), desc(outgoingLists.id)]);
    let ids = this.db.select({ id: outgoingLists.id }).from(outgoingLists).$dynamic();
    if (filter.sort?.sort === 'customer') ids = ids.innerJoin(customers, eq(customers.id, outgoingLists.customerId));
    if (filter.sort?.sort === 'warehouse') ids = ids.innerJoin(warehouses, eq(warehouses.id, outgoingLists.warehouseId));
    ids = ids.where(where).orderBy(...order);
    const page = (window ? ids.limit(window.limit).offset(window.offset) : ids).as('page');
    return this.db
      .select({
        list: outgoingLists,
        customer: customers,
        warehouse: { id: warehouses.id, name: warehouses.name },
        creator: personJson(outgoingLists.createdBy),
        submitter: personJson(outgoingLists.submittedBy),
        verifier: personJson(outgoingLists.verifiedBy),
        approver: personJson(outgoingLists.approvedBy),
        overseer: personJson(outgoingLists.deliveryOverseenBy),
        returner: personJson(outgoingLists.returnedBy),
        canceller: personJson(outgoingLists.cancelledBy),
        latestRemark: latestRemarkJson(outgoingListRemarks, outgoingLists.id),
        lineCount: countOf(outgoingListItems, outgoingLists.id),
        totalPrice: pricedTotal(outgoingLists.id),
        ...(extra as X),
      })
      .from(page)
      .innerJoin(outgoingLists, eq(outgoingLists.id, page.id))
      .innerJoin(customers, eq(customers.id, outgoingLists.customerId))
      .innerJoin(warehouses, eq(warehouses.id, outgoingLists.warehouseId))
      .orderBy(...order);
  }

  /** Lines of the given lists with their products, in insertion order. */
  async itemsOf(listIds: string[], tx: DbOrTx = this.db): Promise<ItemWithProduct[]> {
    if (!listIds.length) return [];
    return this.selectItems(tx).where(inArray(outgoingListItems.listId, listIds)).orderBy(asc(outgoingListItems.createdAt), asc(outgoingListItems.id));
  }

  /** One line with its product (the answer of a line edit). */
  async itemById(id: string): Promise<ItemWithProduct | undefined> {
    const [row] = await this.selectItems(this.db).where(eq(outgoingListItems.id, id));
    return row;
  }

  private selectItems(tx: DbOrTx) {
    return tx.select({ item: outgoingListItems, product: productFields }).from(outgoingListItems).innerJoin(products, eq(products.id, outgoingListItems.productId));
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

  async findActiveCustomer(id: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await this.db.select({ id: customers.id, name: customers.name }).from(customers).where(and(eq(customers.id, id), eq(customers.removed, false)));
    return row;
  }

  async findActiveWarehouse(id: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await this.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).where(and(eq(warehouses.id, id), eq(warehouses.removed, false)));
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
   * Each with its product's name (line edits name the line in the audit trail).
   */
  async findItems(listId: string, lineOrProductId: string, tx: DbOrTx = this.db): Promise<(OutgoingItemRow & { productName: string })[]> {
    const rows = await tx
      .select({ ...getTableColumns(outgoingListItems), productName: products.name })
      .from(outgoingListItems)
      .innerJoin(products, eq(products.id, outgoingListItems.productId))
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

  /** Every line of one inventory record on the list (one per unit price). */
  async itemsOfStock(listId: string, inventoryId: string, tx: DbOrTx = this.db): Promise<OutgoingItemRow[]> {
    return tx
      .select()
      .from(outgoingListItems)
      .where(and(eq(outgoingListItems.listId, listId), eq(outgoingListItems.inventoryId, inventoryId)))
      .orderBy(asc(outgoingListItems.createdAt), asc(outgoingListItems.id));
  }

  /** Inserts a line; returns its id. */
  async insertItem(values: typeof outgoingListItems.$inferInsert, tx: DbOrTx = this.db): Promise<string> {
    const [row] = await tx.insert(outgoingListItems).values(values).returning({ id: outgoingListItems.id });
    return row.id;
  }

  async updateItem(id: string, values: { quantity: QuantityEntry[]; unitPrices?: UnitPrices }, tx: DbOrTx = this.db): Promise<void> {
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

  /** Every quantity already returned of the list's lines, one entry per return line. */
  async returnedQuantities(listId: string, tx: DbOrTx = this.db): Promise<{ lineId: string; quantity: QuantityEntry[] }[]> {
    return tx
      .select({ lineId: outgoingListReturnLines.lineId, quantity: outgoingListReturnLines.quantity })
      .from(outgoingListReturnLines)
      .innerJoin(outgoingListReturns, eq(outgoingListReturns.id, outgoingListReturnLines.returnId))
      .where(eq(outgoingListReturns.listId, listId));
  }

  /**
   * Records a customer return and its lines (each with the ledger row that took it back in);
   * returns its id and the credit note number the sequence gave it.
   */
  async insertCustomerReturn(
    tx: DbOrTx,
    r: { listId: string; returnedBy: string; reason: string },
    lines: { lineId: string; quantity: QuantityEntry[]; transactionId: string }[],
  ): Promise<{ id: string; creditNoteNumber: number }> {
    const [row] = await tx.insert(outgoingListReturns).values(r).returning({ id: outgoingListReturns.id, creditNoteNumber: outgoingListReturns.creditNoteNumber });
    await tx.insert(outgoingListReturnLines).values(lines.map((l) => ({ ...l, returnId: row.id })));
    return row;
  }

  /** The list a customer return belongs to, or undefined for an unknown return. */
  async findCustomerReturn(id: string): Promise<{ id: string; listId: string } | undefined> {
    const [row] = await this.db.select({ id: outgoingListReturns.id, listId: outgoingListReturns.listId }).from(outgoingListReturns).where(eq(outgoingListReturns.id, id));
    return row;
  }

  /** The customer returns of a list, oldest first, with their lines in the list's line order. */
  async customerReturnsOf(listId: string): Promise<CustomerReturnRow[]> {
    const returns = await this.db
      .select({
        id: outgoingListReturns.id,
        creditNoteNumber: outgoingListReturns.creditNoteNumber,
        listId: outgoingListReturns.listId,
        returnedAt: outgoingListReturns.returnedAt,
        reason: outgoingListReturns.reason,
        returner: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(outgoingListReturns)
      .innerJoin(users, eq(users.id, outgoingListReturns.returnedBy))
      .where(eq(outgoingListReturns.listId, listId))
      .orderBy(asc(outgoingListReturns.returnedAt), asc(outgoingListReturns.id));
    if (!returns.length) return [];
    const lines = await this.db
      .select({
        returnId: outgoingListReturnLines.returnId,
        lineId: outgoingListReturnLines.lineId,
        quantity: outgoingListReturnLines.quantity,
        unitPrices: outgoingListItems.unitPrices,
        lineQuantity: outgoingListItems.quantity,
        product: { id: products.id, name: products.name, code: products.code },
      })
      .from(outgoingListReturnLines)
      .innerJoin(outgoingListItems, eq(outgoingListItems.id, outgoingListReturnLines.lineId))
      .innerJoin(products, eq(products.id, outgoingListItems.productId))
      .where(inArray(outgoingListReturnLines.returnId, returns.map((r) => r.id)))
      .orderBy(asc(outgoingListItems.createdAt), asc(outgoingListItems.id));
    return returns.map((r) => ({ ...r, lines: lines.filter((l) => l.returnId === r.id).map(({ returnId: _, ...l }) => l) }));
  }
}
