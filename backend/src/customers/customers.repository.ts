import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, DbOrTx } from '../database/database';
import { customers } from '../database/schema';
import type { CappedPage } from '../common/http/envelope';
import { cappedCountQuery, cappedTotal, countCap } from '../common/http/capped-count';
import { pageWithTotal, totalField } from '../common/http/page-total';
import { sortOrder, type SortQuery } from '../common/http/sort';
import { containsPattern, phonePatterns } from '../common/http/list-sql';
import type { CustomerSortField } from './dto/customer.dto';
import { customerTextMatches, phonesMatch } from './customer-search';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Pick<typeof customers.$inferInsert, 'name' | 'company' | 'address' | 'phoneNo' | 'email' | 'tin'>;

/** What each customer sort field orders by. */
const customerSortColumns = {
  name: customers.name,
  company: customers.company,
  email: customers.email,
  address: customers.address,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

/** Every query on customers. */
@Injectable()
export class CustomersRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async findById(id: string): Promise<CustomerRow | undefined> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, id));
    return row;
  }

  /** The customer row locked until the transaction ends (its audit before-view is then current). */
  async lockById(tx: DbOrTx, id: string): Promise<CustomerRow | undefined> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    return row;
  }

  /**
   * Active or removed customers, newest first or by `sort`; `search` matches a part of
   * the name, email, company or a phone number, case-insensitively; a phone typed with spaces,
   * dashes, +251 or a leading 0 matches as stored (`0911 22` finds 911223344). The total counts up
   * to SEARCH_COUNT_CAP with a search, else COUNT_CAP (`capped` when more match).
   */
  async list(
    opts: { removed: boolean; search?: string; limit: number; offset: number } & SortQuery<CustomerSortField>,
  ): Promise<CappedPage<CustomerRow>> {
    const conditions: SQL[] = [eq(customers.removed, opts.removed)];
    if (opts.search) {
      const like = containsPattern(opts.search);
      const phones = phonePatterns(opts.search).map(phonesMatch);
      conditions.push(or(customerTextMatches(like), ...phones)!);
    }
    const where = and(...conditions);
    const cap = countCap(!!opts.search);
    const matching = cappedCountQuery(this.db, customers, where, cap);
    const rows = await this.db
      .select({ customer: customers, total: totalField(matching) })
      .from(customers)
      .where(where)
      .orderBy(...sortOrder(opts, customerSortColumns, customers.id, [desc(customers.createdAt), desc(customers.id)]))
      .limit(opts.limit)
      .offset(opts.offset);
    const page = await pageWithTotal(rows, opts.offset, matching);
    return { rows: page.rows.map((r) => r.customer), ...cappedTotal(page.total, cap) };
  }

  async insert(values: CustomerValues, db: DbOrTx = this.db): Promise<CustomerRow> {
    const [row] = await db.insert(customers).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<CustomerValues & { removed: boolean }>, db: DbOrTx = this.db): Promise<CustomerRow | undefined> {
    const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
    return row;
  }

  /** Runs `fn` in one database transaction (a change and its audit event). */
  transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
