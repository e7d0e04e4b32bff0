import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { warehouses } from '../database/schema';
import { sortOrder, type SortQuery } from '../common/http/sort';
import type { WarehouseSortField } from './dto/warehouse.dto';

export type WarehouseRow = typeof warehouses.$inferSelect;

/** Every query on warehouses. */
@Injectable()
export class WarehousesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findById(id: string): Promise<WarehouseRow | undefined> {
    const [row] = await this.db.select().from(warehouses).where(eq(warehouses.id, id));
    return row;
  }

  /** An active warehouse with this name (case-insensitive), other than `exceptId`. */
  async findActiveByName(name: string, exceptId?: string): Promise<WarehouseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(warehouses)
      .where(
        and(
          sql`lower(${warehouses.name}) = lower(${name})`,
          eq(warehouses.removed, false),
          exceptId ? ne(warehouses.id, exceptId) : undefined,
        ),
      );
    return row;
  }

  async list(removed: boolean, sort: SortQuery<WarehouseSortField> = {}): Promise<WarehouseRow[]> {
    const columns = { name: warehouses.name, address: warehouses.address, createdAt: warehouses.createdAt, updatedAt: warehouses.updatedAt };
    return this.db
      .select()
      .from(warehouses)
      .where(eq(warehouses.removed, removed))
      .orderBy(...sortOrder(sort, columns, warehouses.id, [asc(warehouses.name)]));
  }

  async insert(values: { name: string; address: string }, db: DbOrTx = this.db): Promise<WarehouseRow> {
    const [row] = await db.insert(warehouses).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<{ name: string; address: string; removed: boolean }>, tx: DbOrTx = this.db): Promise<WarehouseRow | undefined> {
    const [row] = await tx.update(warehouses).set(values).where(eq(warehouses.id, id)).returning();
    return row;
  }

  /** The warehouse row locked until the transaction ends (a list insert's key check waits for it). */
  async lockById(tx: DbOrTx, id: string): Promise<WarehouseRow | undefined> {
    const [row] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).for('update');
    return row;
  }

  /** Runs `fn` in one database transaction. */
  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
