import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Page } from './envelope';

/**
 * A select field holding how many rows match: `countQuery` (one row, one column) as a scalar
 * subquery, which PostgreSQL evaluates once per statement (an InitPlan). A page and its total then
 * cost one round trip instead of two: each statement costs the API ~0.3–0.5 ms of CPU, most of it
 * the socket write and the query's building (issues 13 and 17, docs/performance.md).
 */
export function totalField(countQuery: SQLWrapper): SQL<number> {
  return sql<number>`(${countQuery})`.mapWith(Number);
}

/**
 * The page of `rows` read with `{ total: totalField(countQuery) }`: the total is the first row's. A
 * page past the last match has no row to carry it, so `countQuery` is then run on its own (a first
 * page is empty only when nothing matches: total 0).
 */
export async function pageWithTotal<R extends { total: number }>(rows: R[], offset: number, countQuery: PromiseLike<{ n: number }[]>): Promise<Page<Omit<R, 'total'>>> {
  const total = rows.length > 0 ? rows[0].total : offset > 0 ? (await countQuery)[0].n : 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}
