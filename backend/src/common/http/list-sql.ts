/**
 * SQL pieces shared by the incoming and outgoing list pages: the search pattern, the
 * created-day range and the correlated subqueries that put people and the latest remark on a row.
 * The subqueries sit in the SELECT list, so PostgreSQL evaluates them for the rows of the page
 * only (after the sort and LIMIT), never for every matching list. Searches are ILIKE '%x%' over
 * columns with trigram indexes (migration 0005) ORed with `= any(…)` over indexed ids (for the
 * incoming and outgoing lists the matching customers and creators, read first by
 * {@link idsMatching}), so a search's count reads the matching lists through a BitmapOr instead
 * of every list. Products and customers are searched through stored lower-case texts
 * ({@link searchTextMatches}).
 */
import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SortQuery } from './sort';
import type { DbOrTx } from '../../database/database';
import { rowsOf, uuidArray } from '../../database/raw-sql';
import { users } from '../../database/schema';

/** `%term%` for ILIKE, with `\`, `%` and `_` escaped so they match themselves. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** Joins the fields of a stored search text (U+001F): no search term holds it, so a match never spans two fields. */
export const SEARCH_TEXT_SEPARATOR = '\x1f';

/**
 * Rows one of whose `fields` matches the LIKE `pattern` (from {@link containsPattern}),
 * case-insensitively, read from `searchText`: a stored lower-case column holding those fields joined
 * by {@link SEARCH_TEXT_SEPARATOR}, with a trigram index (migration 0025:
 * `products.search_text`, `customers.search_text`). LIKE on the lower-cased pattern, because ILIKE
 * folds the case of every text a scan reads. A pattern holding the separator is matched field by
 * field, so it still cannot match across two fields.
 */
export function searchTextMatches(searchText: SQL, fields: PgColumn[], pattern: string): SQL {
  if (pattern.includes(SEARCH_TEXT_SEPARATOR)) return or(...fields.map((f) => ilike(f, pattern)))!;
  return sql`${searchText} LIKE lower(${pattern})`;
}

/**
 * ILIKE patterns for a phone search: the term as typed and, when it is a phone number written
 * with spaces, dashes, `+251` or a leading 0, as phones are stored (9 digits): `0911 22` → `91122`.
 */
export function phonePatterns(term: string): string[] {
  const compact = term.replace(/[\s-]+/g, '');
  if (!/^\+?\d+$/.test(compact)) return [containsPattern(term)];
  const local = compact.replace(/^(\+?251|0)(?=\d)/, '');
  return [...new Set([term, compact, local])].map(containsPattern);
}

/**
 * The filters of a list page: statuses, warehouse, created days `from`..`to` (UTC, both
 * included), the search text and the sort over the list's fields `F`.
 */
export interface ListFilter<F extends string> {
  status?: string[];
  warehouseId?: string;
  from?: string;
  to?: string;
  search?: string;
  sort?: SortQuery<F>;
}

/** The columns of a list table the shared filters read. */
interface ListColumns {
  status: PgColumn;
  warehouseId: PgColumn;
  createdAt: PgColumn;
}

/** The status, warehouse and created-day conditions of `f` on `list` (the search is the list's own). */
export function listConditions(list: ListColumns, f: ListFilter<string>): SQL | undefined {
  const end = f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000) : undefined;
  return and(
    f.status?.length ? inArray(list.status, f.status) : undefined,
    f.warehouseId ? eq(list.warehouseId, f.warehouseId) : undefined,
    f.from ? gte(list.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    end ? lt(list.createdAt, end) : undefined,
  );
}

/** `{_id, first_name, last_name}` as JSON. */
export type PersonJson = { _id: string; first_name: string; last_name: string };

/** The user of `idColumn` as {@link PersonJson}, null when the column is null. */
export function personJson(idColumn: PgColumn): SQL<PersonJson | null> {
  return sql<PersonJson | null>`(select json_build_object('_id', ${users.id}, 'first_name', ${users.firstName}, 'last_name', ${users.lastName}) from ${users} where ${users.id} = ${idColumn})`;
}

/**
 * The ids each subquery of `subqueries` (`(select id from …)`) selects, read in one statement
 * before the list's own: the list's WHERE then carries them as constant uuid[] parameters
 * ({@link inIdList}). With `= any(array(subquery))` the planner did not know how many ids there
 * were, guessed thousands of lists for a search's creators and counted the outgoing lists by
 * scanning all 50,000, 100-170 ms; with constants it reads them through a BitmapOr, 4-12 ms
 *.
 */
export async function idsMatching<K extends string>(db: DbOrTx, subqueries: Record<K, SQL>): Promise<Record<K, string[]>> {
  const columns = sql.join(
    Object.entries<SQL>(subqueries).map(([key, subquery]) => sql`array${subquery}::text[] as ${sql.identifier(key)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<K, string[]>>(db, sql`select ${columns}`);
  return row;
}

/**
 * `column = any(array(subquery))`: the subquery runs once and the condition can use the column's
 * index inside a BitmapOr (`column in (subquery)` cannot, so an OR with it scans every list).
 */
export const inIds = (column: PgColumn, subquery: SQL): SQL => sql`${column} = any(array${subquery})`;

/** {@link inIds} with the ids read beforehand ({@link idsMatching}): one uuid[] parameter the planner sees. */
export const inIdList = (column: PgColumn, ids: string[]): SQL => sql`${column} = any(${uuidArray(ids)})`;

/** The ids of users whose "first last" name contains `pattern`. */
export const usersNamed = (pattern: string): SQL => sql`(select ${users.id} from ${users} where (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`;

/** A remark as JSON: `createdAt` as PostgreSQL writes a timestamp in JSON. */
export type RemarkJson = { content: string; remark_by: PersonJson; createdAt: string };

/** A remarks table (incoming and outgoing have the same columns). */
type RemarkTable = PgTable & {
  id: PgColumn;
  listId: PgColumn;
  content: PgColumn;
  remarkBy: PgColumn;
  createdAt: PgColumn;
};

/** The newest remark (by time, then id) of the list `listId`, with its author, as {@link RemarkJson}; null when none. */
export function latestRemarkJson(remarks: RemarkTable, listId: PgColumn): SQL<RemarkJson | null> {
  return sql<RemarkJson | null>`(select json_build_object('content', ${remarks.content}, 'createdAt', ${remarks.createdAt}, 'remark_by', json_build_object('_id', ${users.id}, 'first_name', ${users.firstName}, 'last_name', ${users.lastName}))
    from ${remarks} join ${users} on ${users.id} = ${remarks.remarkBy}
    where ${remarks.listId} = ${listId} order by ${remarks.createdAt} desc, ${remarks.id} desc limit 1)`;
}

/** The number of rows of `items` whose list is `listId`. */
export function countOf(items: PgTable & { listId: PgColumn }, listId: PgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${items} where ${items.listId} = ${listId})`;
}

/** A {@link RemarkJson} as the API shows a remark (ISO time with milliseconds). */
export function remarkView(r: RemarkJson | null): { content: string; remark_by: PersonJson; createdAt: string } | null {
  return r && { content: r.content, remark_by: r.remark_by, createdAt: new Date(r.createdAt).toISOString() };
}
