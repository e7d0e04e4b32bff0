import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';

/** The rows of a raw query, whichever driver answers (both give `{rows}`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The rows a raw INSERT, UPDATE or DELETE touched (node-postgres: `rowCount`; PGlite: `affectedRows`). */
export async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const res = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

/**
 * `ids` as one uuid[] parameter (duplicates dropped). Filtering by it lets the planner look rows
 * up by primary key where a JSON parameter hides how few rows it holds (the postings
 * scanned every stock level).
 */
export function uuidArray(ids: string[]): SQL {
  return sql`${`{${[...new Set(ids)].join(',')}}`}::uuid[]`;
}
