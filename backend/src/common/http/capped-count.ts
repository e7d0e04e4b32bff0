import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../database/database';

/**
 * The most matches a list route counts without a search term: an exact count reads every match,
 * a million ledger rows per request; a capped one at most this many + 1.
 */
export const COUNT_CAP = 10_000;

/**
 * The most matches a list route counts when a search term is present: a search's matches are read
 * through its trigram and id conditions, costlier per row than a filter's, and nobody pages through
 * more than a thousand of them (they narrow the search instead).
 */
export const SEARCH_COUNT_CAP = 1_000;

/** The count rule in words, for the routes' Swagger summaries. */
export const COUNT_RULE = 'total_count is exact up to 1,000 matches with a search term, 10,000 without; beyond, it is the cap and total_capped is true (the pages past it are still served; the export has every match)';

/** The cap of a list's count: {@link SEARCH_COUNT_CAP} when a search term is present, else {@link COUNT_CAP}. */
export const countCap = (searched: boolean): number => (searched ? SEARCH_COUNT_CAP : COUNT_CAP);

/** True when one of `terms` is a search term (not blank). */
export const hasSearchTerm = (...terms: (string | undefined)[]): boolean => terms.some((t) => !!t?.trim());

/** How many rows match: exact up to the cap; beyond it `total` is the cap (a floor) and `capped` is true. */
export interface CappedTotal {
  total: number;
  capped: boolean;
}

/**
 * `SELECT count(*)` over at most `cap` + 1 of the rows `matches` selects (a dynamic select of the
 * matching rows, `db.select({ one: sql\`1\` }).from(…).where(…).$dynamic()`), to run or to embed in
 * another statement (page-total.ts); read its `n` with {@link cappedTotal}.
 */
export function cappedCountOf(db: DbOrTx, matches: PgSelect, cap: number) {
  return db.select({ n: count() }).from(matches.limit(cap + 1).as('matches'));
}

/** {@link cappedCountOf} the rows of `table` matching `where`. */
export function cappedCountQuery(db: DbOrTx, table: PgTable, where: SQL | undefined, cap: number) {
  return cappedCountOf(db, db.select({ one: sql`1` }).from(table).where(where).$dynamic(), cap);
}

/** The {@link CappedTotal} of a count made by {@link cappedCountOf} with the same `cap`. */
export function cappedTotal(n: number, cap: number): CappedTotal {
  return { total: Math.min(n, cap), capped: n > cap };
}

/** The {@link CappedTotal} of the rows of `table` matching `where`, with the cap of a list `searched` or not (its own statement). */
export async function countMatches(db: DbOrTx, table: PgTable, where: SQL | undefined, searched: boolean): Promise<CappedTotal> {
  const cap = countCap(searched);
  const [{ n }] = await cappedCountQuery(db, table, where, cap);
  return cappedTotal(n, cap);
}
