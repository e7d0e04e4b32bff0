import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import {
  inventories,
  products,
  stockAdjustments,
  stockLevels,
  stockTransferLines as l,
  stockTransferRemarks as r,
  stockTransfers as t,
  warehouses,
  type QuantityEntry,
} from '../database/schema';
import { containsPattern, personJson, type ListFilter, type PersonJson } from '../common/http/list-sql';
import { sortOrder } from '../common/http/sort';
import { countMatches, hasSearchTerm, type CappedTotal } from '../common/http/capped-count';
import type { TransferSortField } from './transfer-rules';

export type TransferRow = typeof t.$inferSelect;
export type TransferLineRow = typeof l.$inferSelect;
/** A line with its product's name. */
export type TransferLine = TransferLineRow & { productName: string };

/** A transfer with the names the views show. */
export interface TransferWithRefs {
  transfer: TransferRow;
  from: { id: string; name: string };
  to: { id: string; name: string };
  creator: PersonJson;
  dispatcher: PersonJson | null;
  receiver: PersonJson | null;
  canceller: PersonJson | null;
  lineCount: number;
  latestRemark: string | null;
}

/** A line with its product and, while draft, the source record's available stock per unit. */
export interface TransferLineWithRefs {
  line: TransferLineRow;
  product: { id: string; name: string; code: string; units: string[] };
  available: { name: string; value: string }[] | null;
}

/** A source record as a line checks it. */
export interface SourceRecord {
  id: string;
  warehouseId: string;
  product: { id: string; name: string; units: string[]; removed: boolean };
}

const from = sql.raw('"from_w"');
const to = sql.raw('"to_w"');
const sortColumns = { createdAt: t.createdAt, trn: t.trn, status: t.status };

/** The WHERE of the transfers page: status, a warehouse (from or to), created days and the TRN search. */
function where(f: ListFilter<TransferSortField>): SQL | undefined {
  const end = f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000) : undefined;
  return and(
    f.status?.length ? inArray(t.status, f.status) : undefined,
    f.warehouseId ? or(eq(t.fromWarehouseId, f.warehouseId), eq(t.toWarehouseId, f.warehouseId)) : undefined,
    f.from ? sql`${t.createdAt} >= ${new Date(`${f.from}T00:00:00Z`)}` : undefined,
    end ? sql`${t.createdAt} < ${end}` : undefined,
    f.search ? ilike(t.trn, containsPattern(f.search)) : undefined,
  );
}

/** Every query on transfers (their stock moves only through StockLedgerService). */
@Injectable()
export class TransfersRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** An active warehouse's id, or undefined. */
  async activeWarehouse(id: string, tx: DbOrTx = this.db): Promise<string | undefined> {
    const [row] = await tx.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.id, id), eq(warehouses.removed, false)));
    return row?.id;
  }

  async trnTaken(trn: string, tx: DbOrTx): Promise<boolean> {
    return (await tx.$count(t, eq(t.trn, trn))) > 0;
  }

  async insert(values: typeof t.$inferInsert, tx: DbOrTx): Promise<TransferRow> {
    const [row] = await tx.insert(t).values(values).returning();
    return row;
  }

  async addRemark(transferId: string, content: string, by: string, tx: DbOrTx): Promise<void> {
    await tx.insert(r).values({ transferId, content, remarkBy: by });
  }

  /** The transfer, locked FOR UPDATE until commit: steps on one transfer run one after the other. */
  async lock(id: string, tx: DbOrTx): Promise<TransferRow | undefined> {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    return row;
  }

  async setStatus(id: string, values: Partial<typeof t.$inferInsert>, tx: DbOrTx): Promise<void> {
    await tx.update(t).set(values).where(eq(t.id, id));
  }

  async sourceRecord(inventoryId: string, tx: DbOrTx): Promise<SourceRecord | undefined> {
    const [row] = await tx
      .select({ id: inventories.id, warehouseId: inventories.warehouseId, product: { id: products.id, name: products.name, units: products.units, removed: products.removed } })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .where(eq(inventories.id, inventoryId));
    return row;
  }

  /** A transfer's lines with their product's name, in ascending source record id (the ledger's lock order). */
  async lines(transferId: string, tx: DbOrTx = this.db): Promise<TransferLine[]> {
    return tx
      .select({ ...getTableColumns(l), productName: products.name })
      .from(l)
      .innerJoin(products, eq(products.id, l.productId))
      .where(eq(l.transferId, transferId))
      .orderBy(asc(l.inventoryId));
  }

  async line(transferId: string, lineId: string, tx: DbOrTx): Promise<TransferLineRow | undefined> {
    const [row] = await tx.select().from(l).where(and(eq(l.transferId, transferId), eq(l.id, lineId)));
    return row;
  }

  async insertLine(values: typeof l.$inferInsert, tx: DbOrTx): Promise<void> {
    await tx.insert(l).values(values);
  }

  async updateLine(id: string, values: Partial<typeof l.$inferInsert>, tx: DbOrTx): Promise<void> {
    await tx.update(l).set(values).where(eq(l.id, id));
  }

  async removeLine(id: string, tx: DbOrTx): Promise<void> {
    await tx.delete(l).where(eq(l.id, id));
  }

  /** Records each line's dispatch: its ledger row and the destination record opened for it. */
  async setDispatched(rows: { id: string; transactionId: string; destinationInventoryId: string }[], tx: DbOrTx): Promise<void> {
    if (!rows.length) return;
    const values = sql.join(rows.map((x) => sql`(${x.id}::uuid, ${x.transactionId}::uuid, ${x.destinationInventoryId}::uuid)`), sql`, `);
    await tx.execute(sql`UPDATE stock_transfer_lines l SET dispatch_transaction_id = v.t, destination_inventory_id = v.d FROM (VALUES ${values}) AS v(id, t, d) WHERE l.id = v.id`);
  }

  /** Records each line's receipt: what arrived, the ledger row and the destination record. */
  async setReceived(rows: { id: string; received: QuantityEntry[]; transactionId: string; destinationInventoryId: string }[], tx: DbOrTx): Promise<void> {
    if (!rows.length) return;
    const values = sql.join(rows.map((x) => sql`(${x.id}::uuid, ${JSON.stringify(x.received)}::jsonb, ${x.transactionId}::uuid, ${x.destinationInventoryId}::uuid)`), sql`, `);
    await tx.execute(sql`UPDATE stock_transfer_lines l SET received = v.r, receipt_transaction_id = v.t, destination_inventory_id = v.d FROM (VALUES ${values}) AS v(id, r, t, d) WHERE l.id = v.id`);
  }

  /** Records a receipt's transit loss as an approved adjustment (reason transit_loss). */
  async insertTransitLoss(values: typeof stockAdjustments.$inferInsert, tx: DbOrTx): Promise<string> {
    const [row] = await tx.insert(stockAdjustments).values({ ...values, status: 'approved', decidedAt: sql`now()` }).returning({ id: stockAdjustments.id });
    return row.id;
  }

  async setTransitLossRows(id: string, outgoingTransactionId: string | null, tx: DbOrTx): Promise<void> {
    await tx.update(stockAdjustments).set({ outgoingTransactionId }).where(eq(stockAdjustments.id, id));
  }

  /**
   * Transfers matching `filter` with their names, in its sort (newest first by default, the id
   * breaking ties); with `window` only that slice, with `filter.id` one transfer.
   */
  async find(filter: ListFilter<TransferSortField> & { id?: string }, window?: { limit: number; offset: number }): Promise<TransferWithRefs[]> {
    const order = sortOrder(filter.sort ?? {}, sortColumns, t.id, [desc(t.createdAt), desc(t.id)]);
    const ids = this.db.select({ id: t.id }).from(t).where(and(filter.id ? eq(t.id, filter.id) : undefined, where(filter))).orderBy(...order).$dynamic();
    const page = (window ? ids.limit(window.limit).offset(window.offset) : ids).as('page');
    const rows = await this.db
      .select({
        transfer: t,
        from: { id: sql<string>`${from}.id`, name: sql<string>`${from}.name` },
        to: { id: sql<string>`${to}.id`, name: sql<string>`${to}.name` },
        creator: personJson(t.createdBy),
        dispatcher: personJson(t.dispatchedBy),
        receiver: personJson(t.receivedBy),
        canceller: personJson(t.cancelledBy),
        lineCount: sql<number>`(select count(*)::int from ${l} where ${l.transferId} = ${t.id})`,
        latestRemark: sql<string | null>`(select ${r.content} from ${r} where ${r.transferId} = ${t.id} order by ${r.createdAt} desc, ${r.id} desc limit 1)`,
      })
      .from(page)
      .innerJoin(t, eq(t.id, page.id))
      .innerJoin(sql`${warehouses} as ${from}`, sql`${from}.id = ${t.fromWarehouseId}`)
      .innerJoin(sql`${warehouses} as ${to}`, sql`${to}.id = ${t.toWarehouseId}`)
      .orderBy(...order);
    return rows as TransferWithRefs[];
  }

  /** How many transfers match `filter` (the page's total_count), up to the cap of a list searched or not. */
  count(filter: ListFilter<TransferSortField>): Promise<CappedTotal> {
    return countMatches(this.db, t, where(filter), hasSearchTerm(filter.search));
  }

  /** A transfer's lines with their products and (`withAvailable`) the source records' available stock. */
  async linesWithRefs(transferId: string, withAvailable: boolean): Promise<TransferLineWithRefs[]> {
    const available = withAvailable
      ? sql<{ name: string; value: string }[]>`(select coalesce(json_agg(json_build_object('name', ${stockLevels.unit}, 'value', (${stockLevels.onHand} - ${stockLevels.reserved})::text) order by ${stockLevels.unit}), '[]') from ${stockLevels} where ${stockLevels.inventoryId} = ${l.inventoryId})`
      : sql<null>`null`;
    return this.db
      .select({ line: l, product: { id: products.id, name: products.name, code: products.code, units: products.units }, available })
      .from(l)
      .innerJoin(products, eq(products.id, l.productId))
      .where(eq(l.transferId, transferId))
      .orderBy(asc(products.name), asc(l.id));
  }

  async remarks(transferId: string): Promise<{ content: string; remark_by: PersonJson; createdAt: Date }[]> {
    return this.db
      .select({ content: r.content, remark_by: sql<PersonJson>`${personJson(r.remarkBy)}`, createdAt: r.createdAt })
      .from(r)
      .where(eq(r.transferId, transferId))
      .orderBy(asc(r.createdAt), asc(r.id));
  }

  async firstTransitLoss(transferId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: stockAdjustments.id }).from(stockAdjustments).where(eq(stockAdjustments.transferId, transferId)).orderBy(asc(stockAdjustments.createdAt), asc(stockAdjustments.id)).limit(1);
    return row?.id ?? null;
  }
}
