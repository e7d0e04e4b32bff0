import { Inject, Injectable, Optional } from '@nestjs/common';
import { and, count, desc, eq, ilike, or, sql, SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { users, warehouses } from '../database/schema';
import type { CappedPage } from '../common/http/envelope';
import { cappedCountQuery, cappedTotal, countCap } from '../common/http/capped-count';
import { pageWithTotal, totalField } from '../common/http/page-total';
import { sortOrder, type SortQuery } from '../common/http/sort';
import { AuthUsers } from '../common/auth/auth-users';
import type { UserSortField } from './dto/user.dto';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** A user with the name of its warehouse. */
export type UserWithWarehouse = UserRow & { warehouseName: string | null };
/** What each staff sort field orders by. */
const userSortColumns = {
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  warehouse_name: warehouses.name,
  createdAt: users.createdAt,
};

/** Every query on staff users. */
@Injectable()
export class UsersRepository {
  /**
   * The database; also for writes of their own, such as a sign-in's audit event.
   * `authUsers`: the token guard's users, forgotten on every write.
   */
  constructor(
    @Inject(DB) readonly db: Database,
    @Optional() private readonly authUsers?: AuthUsers,
  ) {}

  private selectWithWarehouse<X extends Record<string, SQL> = Record<never, never>>(db: DbOrTx = this.db, extra?: X) {
    return db
      .select({ user: users, warehouseName: warehouses.name, ...(extra as X) })
      .from(users)
      .leftJoin(warehouses, eq(users.warehouseId, warehouses.id));
  }

  /** Forgets every user the token guard read (a user is being written). */
  private forgetAuthUsers(): void {
    this.authUsers?.forgetAll();
  }

  async findById(id: string, db: DbOrTx = this.db): Promise<UserWithWarehouse | undefined> {
    const [row] = await this.selectWithWarehouse(db).where(eq(users.id, id));
    return row && { ...row.user, warehouseName: row.warehouseName };
  }

  /** The user (with its warehouse's name), its row locked until the transaction ends: the audit before-view is then current. */
  async lockById(tx: DbOrTx, id: string): Promise<UserWithWarehouse | undefined> {
    const [row] = await this.selectWithWarehouse(tx).where(eq(users.id, id)).for('update', { of: users });
    return row && { ...row.user, warehouseName: row.warehouseName };
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row.n;
  }

  /**
   * Active or removed users, newest first or by `sort`, optionally matching `search` on
   * names, phone and email; the total counts up to SEARCH_COUNT_CAP with a search, else COUNT_CAP.
   */
  async list(
    opts: { removed: boolean; search?: string; limit: number; offset: number } & SortQuery<UserSortField>,
  ): Promise<CappedPage<UserWithWarehouse>> {
    const conditions: SQL[] = [eq(users.removed, opts.removed)];
    if (opts.search) {
      const like = `%${opts.search.replace(/[\\%_]/g, '\\$&')}%`;
      conditions.push(
        or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.phone, like), ilike(users.email, like))!,
      );
    }
    const where = and(...conditions);
    const cap = countCap(!!opts.search);
    const matching = cappedCountQuery(this.db, users, where, cap);
    const rows = await this.selectWithWarehouse(this.db, { total: totalField(matching) })
      .where(where)
      .orderBy(...sortOrder(opts, userSortColumns, users.id, [desc(users.createdAt)]))
      .limit(opts.limit)
      .offset(opts.offset);
    const page = await pageWithTotal(rows, opts.offset, matching);
    return { rows: page.rows.map((r) => ({ ...r.user, warehouseName: r.warehouseName })), ...cappedTotal(page.total, cap) };
  }

  async insert(values: NewUserRow, db: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewUserRow>, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    this.forgetAuthUsers();
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  }

  /**
   * Like {@link update}, and in the same UPDATE raises `session_version`, which ends every token
   * issued before. Returns the row with the new version.
   */
  async updateEndingSessions(id: string, values: Partial<NewUserRow>, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    this.forgetAuthUsers();
    const [row] = await db
      .update(users)
      .set({ ...values, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /**
   * Runs `fn` in one database transaction (a change and its audit event). Once it ends,
   * the token guard's users are read again: one read between a write and the commit saw the old row.
   */
  async transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } finally {
      this.forgetAuthUsers();
    }
  }
}
