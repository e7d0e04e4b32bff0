import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import {
  auditEvents,
  categories,
  customers,
  incomingLists,
  outgoingLists,
  products,
  stockAdjustments,
  stockCounts,
  stockTransfers,
  stockTransactions,
  imports,
  users,
  warehouses,
} from '../database/schema';
import type { CappedPage } from '../common/http/envelope';
import { COUNT_CAP, cappedCountQuery, cappedTotal } from '../common/http/capped-count';
import { pageWithTotal, totalField } from '../common/http/page-total';
import { sortOrder, type SortQuery } from '../common/http/sort';
import type { AuditEntity } from '@inventory/common';
import type { AuditSortField } from './dto/audit.dto';
import { recordNames } from './audit-names';

export type AuditRow = typeof auditEvents.$inferSelect;
export type AuditInsert = Omit<typeof auditEvents.$inferInsert, 'id' | 'at'>;

/** The filters of GET /api/audit after validation. */
export interface AuditFilter {
  entity?: AuditEntity;
  entityId?: string;
  userId?: string;
  action?: string;
  /** Days YYYY-MM-DD (UTC), both included. */
  from?: string;
  to?: string;
  sort?: SortQuery<AuditSortField>;
}

const sortColumns = { at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity };

/** The table of each audited record kind, and the column naming its warehouse where it has one. */
const RECORDS: Record<AuditEntity, { table: PgTable & { id: PgColumn }; warehouse?: PgColumn; otherWarehouse?: PgColumn }> = {
  product: { table: products },
  category: { table: categories },
  warehouse: { table: warehouses },
  customer: { table: customers },
  user: { table: users },
  incoming_list: { table: incomingLists, warehouse: incomingLists.warehouseId },
  outgoing_list: { table: outgoingLists, warehouse: outgoingLists.warehouseId },
  transaction: { table: stockTransactions, warehouse: stockTransactions.warehouseId },
  adjustment: { table: stockAdjustments, warehouse: stockAdjustments.warehouseId },
  // a transfer belongs to both its warehouses
  transfer: { table: stockTransfers, warehouse: stockTransfers.fromWarehouseId, otherWarehouse: stockTransfers.toWarehouseId },
  stock_count: { table: stockCounts, warehouse: stockCounts.warehouseId },
  import: { table: imports, warehouse: imports.warehouseId },
};

/** Every query on the audit trail. Rows are only ever inserted (the table refuses anything else). */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Appends events inside the caller's transaction. */
  async insert(tx: DbOrTx, rows: AuditInsert[]): Promise<void> {
    if (rows.length) await tx.insert(auditEvents).values(rows);
  }

  /** The INSERT of `row`, to run inside another statement (a posting). */
  insertStatement(row: AuditInsert): SQL {
    return this.db.insert(auditEvents).values(row).getSQL();
  }

  /**
   * A page of events matching `f`, newest first unless sorted otherwise, and how many match,
   * counted up to COUNT_CAP (no search term here) in the same statement (`capped` when more do): an
   * exact count of a million events costs a scan per request, a capped one at most the cap's index
   * entries.
   */
  async search(f: AuditFilter, window: { limit: number; offset: number }): Promise<CappedPage<AuditRow>> {
    const where = this.conditions(f);
    const order = sortOrder(f.sort ?? {}, sortColumns, auditEvents.id, [desc(auditEvents.at), desc(auditEvents.id)]);
    const matching = cappedCountQuery(this.db, auditEvents, where, COUNT_CAP);
    const rows = await this.db
      .select({ event: auditEvents, total: totalField(matching) })
      .from(auditEvents)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset);
    const page = await pageWithTotal(rows, window.offset, matching);
    return { rows: page.rows.map((r) => r.event), ...cappedTotal(page.total, COUNT_CAP) };
  }

  /**
   * Whether the record exists and, for lists, ledger rows, adjustments, transfers and counts, its
   * warehouses: undefined when no such record, else `{warehouseIds}` (empty for records without
   * one; a transfer's source and destination).
   */
  async recordScope(entity: AuditEntity, id: string): Promise<{ warehouseIds: string[] } | undefined> {
    const { table, warehouse, otherWarehouse } = RECORDS[entity];
    const [row] = await this.db
      .select({ a: warehouse ?? sql<null>`null`, b: otherWarehouse ?? sql<null>`null` })
      .from(table)
      .where(eq(table.id, id));
    return row && { warehouseIds: [row.a, row.b].filter((w): w is string => typeof w === 'string') };
  }

  /** The names of the records of `ids` (see recordNames): one statement for a page of events. */
  names(ids: string[]): Promise<Record<string, string>> {
    return recordNames(this.db, ids);
  }

  private conditions(f: AuditFilter): SQL | undefined {
    const end = f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000) : undefined;
    return and(
      f.entity ? eq(auditEvents.entity, f.entity) : undefined,
      f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
      f.userId ? eq(auditEvents.userId, f.userId) : undefined,
      f.action ? eq(auditEvents.action, f.action) : undefined,
      f.from ? gte(auditEvents.at, new Date(`${f.from}T00:00:00Z`)) : undefined,
      end ? lt(auditEvents.at, end) : undefined,
    );
  }
}
