import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ImportKind } from '@inventory/common';
import { DB } from '../database/database.module';
import type { Database, DbOrTx, Tx } from '../database/database';
import { imports, importRows, warehouses } from '../database/schema';
import { personJson } from '../common/http/list-sql';
import type { CappedPage } from '../common/http/envelope';
import { countMatches } from '../common/http/capped-count';
import type { ImportErrorView } from './dto/import.dto';
import type { RowError } from './kinds/import-kind';
import { rowsOf } from '../database/raw-sql';

export type ImportRow = typeof imports.$inferSelect;
export type ImportInsert = typeof imports.$inferInsert;
/** An import with its warehouse and people, as views need it. */
export type ImportRecord = ImportRow & { warehouseName: string | null; createdByJson: unknown; committedByJson: unknown; revertedByJson: unknown };

/** One staged row. */
export interface StagedRow {
  row: number;
  data: Record<string, unknown>;
  errors: RowError[] | null;
}

/** Every query on imports and their staged rows. */
@Injectable()
export class ImportsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(tx: DbOrTx, values: ImportInsert): Promise<ImportRow> {
    const [row] = await tx.insert(imports).values(values).returning();
    return row;
  }

  /** Stages parsed rows in one statement (the rows travel as one JSON parameter). */
  async stage(tx: DbOrTx, importId: string, rows: StagedRow[]): Promise<void> {
    if (!rows.length) return;
    await tx.execute(sql`INSERT INTO import_rows (import_id, row, data, errors)
      SELECT ${importId}, x.row, x.data, x.errors FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(row int, data jsonb, errors jsonb)`);
  }

  /**
   * Refreshes the planner's statistics of the staging tables: batches join hundreds of thousands of
   * fresh staged rows to their refs, and on stale statistics PostgreSQL picks nested loops (15 s a
   * batch of 25,000 instead of 75 ms: docs/performance.md). After a prepare, the records it opened
   * and the products and customers it created count too.
   */
  async analyze(tx: DbOrTx, tables: ('import_rows' | 'import_refs' | 'inventories' | 'products' | 'customers')[]): Promise<void> {
    await tx.execute(sql.raw(`ANALYZE ${tables.join(', ')}`));
  }

  /**
   * After a stock import: VACUUM (ANALYZE) of the ledger and its rollups, outside any transaction.
   * The first read of hundreds of thousands of fresh rows otherwise pays for setting their hint
   * bits and plans on stale statistics (the dashboard's first in-vs-out after the UCI import:
   * 265 ms instead of 64 ms: docs/performance.md).
   */
  async settleLedger(): Promise<void> {
    await this.db.execute(sql`VACUUM (ANALYZE) stock_transactions, stock_daily_totals, stock_product_totals, stock_customer_totals`);
  }

  async update(tx: DbOrTx, id: string, values: Partial<ImportInsert>): Promise<void> {
    await tx.update(imports).set(values).where(eq(imports.id, id));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(imports).where(eq(imports.id, id));
  }

  /** The import with its warehouse name and people; `lock`: FOR UPDATE of the import row, in `tx`. */
  async find(id: string, db: DbOrTx = this.db, lock = false): Promise<ImportRecord | undefined> {
    if (lock) await db.execute(sql`SELECT 1 FROM imports WHERE id = ${id} FOR UPDATE`);
    const [row] = await this.select(db).where(eq(imports.id, id));
    return row;
  }

  /**
   * A page of imports, newest first, of `kinds` (and, for a warehouse-bound user, its warehouse's or
   * none), and how many match, counted up to COUNT_CAP (no search term here).
   */
  async list(f: { kinds: ImportKind[]; warehouseId?: string; status?: string }, w: { limit: number; offset: number }): Promise<CappedPage<ImportRecord>> {
    const where = and(
      inArray(imports.kind, f.kinds),
      f.warehouseId ? or(isNull(imports.warehouseId), eq(imports.warehouseId, f.warehouseId)) : undefined,
      f.status ? eq(imports.status, f.status) : undefined,
    );
    const [rows, count] = await Promise.all([
      this.select(this.db).where(where).orderBy(desc(imports.createdAt), desc(imports.id)).limit(w.limit).offset(w.offset),
      countMatches(this.db, imports, where, false),
    ]);
    return { rows, ...count };
  }

  /** Row errors in file order, flattened: the first `limit` after `offset`. */
  async errors(importId: string, limit: number, offset = 0): Promise<ImportErrorView[]> {
    return rowsOf<ImportErrorView>(
      this.db,
      sql`SELECT r.row, e->>'column' AS column, e->>'message' AS message FROM import_rows r, jsonb_array_elements(r.errors) e
          WHERE r.import_id = ${importId} AND r.errors IS NOT NULL ORDER BY r.row LIMIT ${limit} OFFSET ${offset}`,
    );
  }

  /** The numbers of the first `limit` rows with errors. */
  async rowsWithErrors(tx: DbOrTx, importId: string, limit: number): Promise<number[]> {
    return (await rowsOf<{ row: number }>(tx, sql`SELECT row FROM import_rows WHERE import_id = ${importId} AND errors IS NOT NULL ORDER BY row LIMIT ${limit}`)).map((r) => r.row);
  }

  /** The first `limit` staged rows' data. */
  async sample(importId: string, limit: number): Promise<Record<string, unknown>[]> {
    const rows = await this.db.select({ data: importRows.data }).from(importRows).where(eq(importRows.importId, importId)).orderBy(importRows.row).limit(limit);
    return rows.map((r) => r.data);
  }

  /** The file rows `from`..`to` of the next `size` staged rows after the first `processed`; null when none are left. */
  async nextRange(tx: Tx, importId: string, processed: number, size: number): Promise<{ from: number; to: number; count: number } | null> {
    const [r] = await rowsOf<{ from: number | null; to: number | null; count: number }>(
      tx,
      sql`SELECT min(row) AS from, max(row) AS to, count(*)::int AS count FROM (
            SELECT row FROM import_rows WHERE import_id = ${importId} ORDER BY row OFFSET ${processed} LIMIT ${size}) s`,
    );
    return r.from === null ? null : { from: r.from, to: r.to!, count: r.count };
  }

  /** Imports left committing (a process stopped during a batched commit): resumed at start-up. */
  async committing(): Promise<string[]> {
    return (await this.db.select({ id: imports.id }).from(imports).where(eq(imports.status, 'committing'))).map((r) => r.id);
  }

  private select(db: DbOrTx) {
    return db
      .select({
        ...getTableColumns(imports),
        warehouseName: warehouses.name,
        createdByJson: personJson(imports.createdBy) as SQL<unknown>,
        committedByJson: personJson(imports.committedBy) as SQL<unknown>,
        revertedByJson: personJson(imports.revertedBy) as SQL<unknown>,
      })
      .from(imports)
      .leftJoin(warehouses, eq(warehouses.id, imports.warehouseId));
  }
}
