import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DB } from '../database/database.module';
import type { Database } from '../database/database';
import { incomingLists, outgoingLists, stockTransfers, warehouses } from '../database/schema';

/** The document kinds that carry a number typed at creation: GRN (incoming list), GIN (outgoing list), TRN (transfer). */
export const NUMBER_KINDS = ['grn', 'gin', 'trn'] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];

interface NumberColumns {
  table: PgTable;
  number: PgColumn;
  /** The warehouse whose series the number belongs to (a transfer's: its source). */
  warehouse: PgColumn;
  createdAt: PgColumn;
  id: PgColumn;
}

const COLUMNS: Record<NumberKind, NumberColumns> = {
  grn: { table: incomingLists, number: incomingLists.grn, warehouse: incomingLists.warehouseId, createdAt: incomingLists.createdAt, id: incomingLists.id },
  gin: { table: outgoingLists, number: outgoingLists.gin, warehouse: outgoingLists.warehouseId, createdAt: outgoingLists.createdAt, id: outgoingLists.id },
  trn: { table: stockTransfers, number: stockTransfers.trn, warehouse: stockTransfers.fromWarehouseId, createdAt: stockTransfers.createdAt, id: stockTransfers.id },
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Reads the numbers documents already carry, for the next-number proposals. */
@Injectable()
export class NumberingRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The warehouse's name and whether it is removed; undefined for an unknown id. */
  async findWarehouse(id: string): Promise<{ name: string; removed: boolean } | undefined> {
    const [row] = await this.db.select({ name: warehouses.name, removed: warehouses.removed }).from(warehouses).where(eq(warehouses.id, id));
    return row;
  }

  /** The number of the warehouse's newest document of `kind` that holds a digit (any status), or undefined. */
  async lastNumber(kind: NumberKind, warehouseId: string): Promise<string | undefined> {
    const c = COLUMNS[kind];
    const [row] = await this.db
      .select({ number: c.number })
      .from(c.table)
      .where(and(eq(c.warehouse, warehouseId), sql`${c.number} ~ '[0-9]'`))
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(1);
    return row?.number as string | undefined;
  }

  /** Every number of `kind`, in any warehouse, that starts with `prefix` and ends with `suffix` (the unique index spans all warehouses). */
  async numbersLike(kind: NumberKind, prefix: string, suffix: string): Promise<Set<string>> {
    const c = COLUMNS[kind];
    const rows = await this.db
      .select({ number: c.number })
      .from(c.table)
      .where(like(c.number, `${escapeLike(prefix)}%${escapeLike(suffix)}`));
    return new Set(rows.map((r) => r.number as string));
  }
}
