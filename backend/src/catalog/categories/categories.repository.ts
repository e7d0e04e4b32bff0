import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { DB } from '../../database/database.module';
import type { Database, DbOrTx } from '../../database/database';
import { categories } from '../../database/schema';
import { sortOrder, type SortQuery } from '../../common/http/sort';
import type { CategorySortField } from './dto/category.dto';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryValues = Pick<typeof categories.$inferInsert, 'name' | 'description' | 'specifications' | 'quantityMeasurement'>;

/** Every query on product categories. */
@Injectable()
export class CategoriesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findById(id: string, db: DbOrTx = this.db): Promise<CategoryRow | undefined> {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    return row;
  }

  /** The category row locked until the transaction ends (its audit before-view is then current). */
  async lockById(tx: DbOrTx, id: string): Promise<CategoryRow | undefined> {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    return row;
  }

  /** An active category with this name (case-insensitive), other than `exceptId`. */
  async findActiveByName(name: string, exceptId?: string): Promise<CategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(categories)
      .where(
        and(
          sql`lower(${categories.name}) = lower(${name})`,
          eq(categories.removed, false),
          exceptId ? ne(categories.id, exceptId) : undefined,
        ),
      );
    return row;
  }

  /** Active categories by name; removed ones most recently changed first; or by `sort`. */
  async list(removed: boolean, sort: SortQuery<CategorySortField> = {}): Promise<CategoryRow[]> {
    return this.db
      .select()
      .from(categories)
      .where(eq(categories.removed, removed))
      .orderBy(
        ...sortOrder(
          sort,
          { name: categories.name, createdAt: categories.createdAt, updatedAt: categories.updatedAt },
          categories.id,
          [removed ? desc(categories.updatedAt) : asc(categories.name)],
        ),
      );
  }

  async insert(values: CategoryValues, db: DbOrTx = this.db): Promise<CategoryRow> {
    const [row] = await db.insert(categories).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<CategoryValues & { removed: boolean }>, db: DbOrTx = this.db): Promise<CategoryRow | undefined> {
    const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
    return row;
  }

  /** Runs `fn` in one database transaction (a change and its audit event). */
  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
