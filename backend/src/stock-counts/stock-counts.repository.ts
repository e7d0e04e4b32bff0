import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { categories, inventories, products, stockCountLines as l, stockCountRemarks as r, stockCounts as c, warehouses, type QuantityEntry } from '../database/schema';
import { personJson, type ListFilter, type PersonJson } from '../common/http/list-sql';
import { sortOrder } from '../common/http/sort';
import { countMatches, hasSearchTerm, type CappedTotal } from '../common/http/capped-count';
import type { StockCountSortField } from './stock-count-rules';

export type StockCountRow = typeof c.$inferSelect;
export type CountLineRow = typeof l.$inferSelect;

/** A count with the names the views show. */
export interface StockCountWithRefs {
  count: StockCountRow;
  warehouse: { id: string; name: string };
  category: { id: string; name: string } | null;
  creator: PersonJson;
  submitter: PersonJson | null;
  returner: PersonJson | null;
  approver: PersonJson | null;
  canceller: PersonJson | null;
  lineCount: number;
  countedCount: number;
}

/** A line with its product, its counter and its record's purchase data (to value the difference). */
export interface CountLineWithRefs {
  line: CountLineRow;
  product: { id: string; name: string; code: string; units: string[] };
  counter: PersonJson | null;
  purchase: { price: string | null; rate: string | null; date: Date | null };
}

/** A line's net movement of one unit before and after that unit was counted (decimal strings). */
export interface LineMovements {
  lineId: string;
  unit: string;
  before: string;
  after: string;
}

const sortColumns = { createdAt: c.createdAt, number: c.number, status: c.status };

/** The WHERE of the counts page; `search` matches the number (`SC-12`, `12`). */
function where(f: ListFilter<StockCountSortField>): SQL | undefined {
  const end = f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000) : undefined;
  const n = f.search ? Number(f.search.replace(/^sc-?/i, '')) : undefined;
  return and(
    f.status?.length ? inArray(c.status, f.status) : undefined,
    f.warehouseId ? eq(c.warehouseId, f.warehouseId) : undefined,
    f.from ? sql`${c.createdAt} >= ${new Date(`${f.from}T00:00:00Z`)}` : undefined,
    end ? sql`${c.createdAt} < ${end}` : undefined,
    f.search ? (Number.isInteger(n) && n! > 0 && n! < 2 ** 31 ? eq(c.number, n!) : sql`false`) : undefined,
  );
}

/** Every query on stock counts (their corrections move stock only through StockLedgerService). */
@Injectable()
export class StockCountsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async activeWarehouse(id: string, tx: DbOrTx): Promise<boolean> {
    return (await tx.$count(warehouses, and(eq(warehouses.id, id), eq(warehouses.removed, false)))) > 0;
  }

  async activeCategory(id: string, tx: DbOrTx): Promise<boolean> {
    return (await tx.$count(categories, and(eq(categories.id, id), eq(categories.removed, false)))) > 0;
  }

  async insert(values: typeof c.$inferInsert, tx: DbOrTx): Promise<StockCountRow> {
    const [row] = await tx.insert(c).values(values).returning();
    return row;
  }

  /**
   * One line per inventory record of the count's warehouse (of its category) whose product is not
   * removed, with on hand per unit of the product (0 without a level row) as expected, in one
   * statement (one snapshot). Returns how many lines were written.
   */
  async insertLines(count: StockCountRow, tx: DbOrTx): Promise<number> {
    const res = await tx.execute(sql`
      INSERT INTO stock_count_lines (count_id, inventory_id, product_id, expected)
      SELECT ${count.id}, i.id, i.product_id,
        (SELECT jsonb_agg(jsonb_build_object('name', x.u, 'value',
           coalesce((SELECT sl.on_hand FROM stock_levels sl WHERE sl.inventory_id = i.id AND sl.unit = x.u), 0)) ORDER BY x.ord)
         FROM unnest(p.units) WITH ORDINALITY AS x(u, ord))
      FROM inventories i JOIN products p ON p.id = i.product_id
      WHERE i.warehouse_id = ${count.warehouseId} AND NOT p.removed ${count.categoryId ? sql`AND i.category_id = ${count.categoryId}` : sql``}`);
    return (res as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as unknown as { rowCount: number }).rowCount;
  }

  async addRemark(countId: string, content: string, by: string, tx: DbOrTx): Promise<void> {
    await tx.insert(r).values({ countId, content, remarkBy: by });
  }

  /** The count, locked FOR UPDATE until commit: steps on one count run one after the other. */
  async lock(id: string, tx: DbOrTx): Promise<StockCountRow | undefined> {
    const [row] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    return row;
  }

  async update(id: string, values: Partial<typeof c.$inferInsert>, tx: DbOrTx): Promise<void> {
    await tx.update(c).set(values).where(eq(c.id, id));
  }

  /** A count's lines with their product's units and name, in inventory id order (the ledger's lock order). */
  async lines(countId: string, tx: DbOrTx): Promise<(CountLineRow & { productName: string; units: string[] })[]> {
    return tx
      .select({ ...getTableColumns(l), productName: products.name, units: products.units })
      .from(l)
      .innerJoin(products, eq(products.id, l.productId))
      .where(eq(l.countId, countId))
      .orderBy(asc(l.inventoryId));
  }

  /** Sets what was counted of a line; the units in `sent` (and the line) are counted now. */
  async setCounted(lineId: string, counted: QuantityEntry[], sent: string[], by: string, tx: DbOrTx): Promise<void> {
    const times = sql`jsonb_build_object(${sql.join(sent.map((unit) => sql`${unit}::text, now()`), sql`, `)})`;
    await tx
      .update(l)
      .set({ counted, countedBy: by, countedAt: sql`now()`, unitCountedAt: sql`coalesce(${l.unitCountedAt}, '{}'::jsonb) || ${times}` })
      .where(eq(l.id, lineId));
  }

  /** Records each corrected line's ledger rows (additions, removals). */
  async setPostedMany(rows: { id: string; incomingTransactionId: string | null; outgoingTransactionId: string | null }[], tx: DbOrTx): Promise<void> {
    if (!rows.length) return;
    const values = sql.join(rows.map((x) => sql`(${x.id}::uuid, ${x.incomingTransactionId}::uuid, ${x.outgoingTransactionId}::uuid)`), sql`, `);
    await tx.execute(sql`UPDATE stock_count_lines l SET incoming_transaction_id = v.i, outgoing_transaction_id = v.o FROM (VALUES ${values}) AS v(id, i, o) WHERE l.id = v.id`);
  }

  /** Counts matching `filter` with their names (newest first by default); with `filter.id` one count. */
  async find(filter: ListFilter<StockCountSortField> & { id?: string }, window?: { limit: number; offset: number }): Promise<StockCountWithRefs[]> {
    const order = sortOrder(filter.sort ?? {}, sortColumns, c.id, [desc(c.createdAt), desc(c.id)]);
    const ids = this.db.select({ id: c.id }).from(c).where(and(filter.id ? eq(c.id, filter.id) : undefined, where(filter))).orderBy(...order).$dynamic();
    const page = (window ? ids.limit(window.limit).offset(window.offset) : ids).as('page');
    const rows = await this.db
      .select({
        count: c,
        warehouse: { id: warehouses.id, name: warehouses.name },
        category: sql<{ id: string; name: string } | null>`(select json_build_object('id', ${categories.id}, 'name', ${categories.name}) from ${categories} where ${categories.id} = ${c.categoryId})`,
        creator: personJson(c.createdBy),
        submitter: personJson(c.submittedBy),
        returner: personJson(c.returnedBy),
        approver: personJson(c.approvedBy),
        canceller: personJson(c.cancelledBy),
        lineCount: sql<number>`(select count(*)::int from ${l} where ${l.countId} = ${c.id})`,
        countedCount: sql<number>`(select count(*)::int from ${l} where ${l.countId} = ${c.id} and ${l.counted} is not null)`,
      })
      .from(page)
      .innerJoin(c, eq(c.id, page.id))
      .innerJoin(warehouses, eq(warehouses.id, c.warehouseId))
      .orderBy(...order);
    return rows as StockCountWithRefs[];
  }

  /** How many counts match `filter` (the page's total_count), up to the cap of a list searched or not. */
  count(filter: ListFilter<StockCountSortField>): Promise<CappedTotal> {
    return countMatches(this.db, c, where(filter), hasSearchTerm(filter.search));
  }

  /** A count's lines (or one) with product, counter and purchase data, by product name. */
  async linesWithRefs(countId: string, lineId?: string): Promise<CountLineWithRefs[]> {
    return this.db
      .select({
        line: l,
        product: { id: products.id, name: products.name, code: products.code, units: products.units },
        counter: personJson(l.countedBy),
        purchase: { price: inventories.purchasedPrice, rate: inventories.depreciationRate, date: inventories.purchasedDate },
      })
      .from(l)
      .innerJoin(products, eq(products.id, l.productId))
      .innerJoin(inventories, eq(inventories.id, l.inventoryId))
      .where(and(eq(l.countId, countId), lineId ? eq(l.id, lineId) : undefined))
      .orderBy(asc(products.name), asc(l.id));
  }

  /**
   * Net ledger movement (incoming - outgoing) of each line's record per unit since the count
   * started (until its approval once posted), split at the time the unit was counted: `before`
   * what was posted up to that time (all of it while the unit is not counted), `after` what was
   * posted later. Leaves out the count's own corrections and imported sales history (which moves
   * no level).
   */
  async movementsAroundCount(count: StockCountRow, tx: DbOrTx = this.db): Promise<LineMovements[]> {
    const res = await tx.execute(sql`
      SELECT m."lineId", m.unit,
             sum(CASE WHEN m.at IS NULL OR m.date <= m.at THEN m.q ELSE 0 END)::text AS before,
             sum(CASE WHEN m.at IS NOT NULL AND m.date > m.at THEN m.q ELSE 0 END)::text AS after
      FROM (
        SELECT l.id AS "lineId", e->>'name' AS unit, t.transaction_date AS date,
               coalesce((l.unit_counted_at->>(e->>'name'))::timestamptz,
                 CASE WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(l.counted) c WHERE c->>'name' = e->>'name') THEN l.counted_at END) AS at,
               CASE WHEN t.transaction_type = 'incoming' THEN 1 ELSE -1 END * (e->>'value')::numeric AS q
        FROM stock_count_lines l
        JOIN stock_transactions t ON t.inventory_id = l.inventory_id
        CROSS JOIN jsonb_array_elements(t.quantity) e
        WHERE l.count_id = ${count.id}
          AND t.transaction_date > ${count.createdAt}
          ${count.approvedAt ? sql`AND t.transaction_date <= ${count.approvedAt}` : sql``}
          AND t.source <> 'import_history'
          AND NOT (t.source = 'stock_count' AND t.source_id = ${count.id})
      ) m
      GROUP BY 1, 2`);
    return (res as unknown as { rows: LineMovements[] }).rows;
  }

  async remarks(countId: string): Promise<{ content: string; remark_by: PersonJson; createdAt: Date }[]> {
    return this.db
      .select({ content: r.content, remark_by: sql<PersonJson>`${personJson(r.remarkBy)}`, createdAt: r.createdAt })
      .from(r)
      .where(eq(r.countId, countId))
      .orderBy(asc(r.createdAt), asc(r.id));
  }
}
