import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../database/database';

/**
 * The most matches a list route counts (issue 13, the audit search's rule of issue 14): an exact
 * count reads every match, a million ledger rows per request; a capped one at most this many + 1.
 */
export const COUNT_CAP = 10_000;

/** How many rows match: exact up to {@link COUNT_CAP}; beyond it `total` is the cap (a floor) and `capped` is true. */
export interface CappedTotal {
  total: number;
  capped: boolean;
}

/**
 * `SELECT count(*)` over at most {@link COUNT_CAP} + 1 rows of `table` matching `where`, to run or
 * to embed in another statement (page-total.ts); read its `n` with {@link cappedTotal}.
 */
export function cappedCountQuery(db: DbOrTx, table: PgTable, where: SQL | undefined) {
  const matches = db.select({ one: sql`1` }).from(table).where(where).limit(COUNT_CAP + 1).as('matches');
  return db.select({ n: count() }).from(matches);
}

/** The {@link CappedTotal} of a count made by {@link cappedCountQuery}. */
export function cappedTotal(n: number): CappedTotal {
  return { total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}
