import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Query, type Pool, type PoolClient } from 'pg';
import type { RowSource } from './export-files';

const dialect = new PgDialect();

/**
 * Runs `FETCH FORWARD n` and hands each row to `onRow` as the driver parses it, keeping no array
 * of rows (rows gathered into arrays live long enough for V8 to allocate them straight into the
 * old generation: docs/performance.md). Resolves with the number of rows.
 */
function fetchRows<T>(client: PoolClient, n: number, onRow: (row: T) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    let failure: unknown;
    const query = new Query(`FETCH FORWARD ${Math.trunc(n)} FROM export_rows`);
    query.on('row', (row: T) => {
      count++;
      // a throw here would tear down the driver's parser: keep it for the end of the batch
      if (failure === undefined) {
        try {
          onRow(row);
        } catch (err) {
          failure = err;
        }
      }
    });
    query.once('end', () => (failure === undefined ? resolve(count) : reject(failure)));
    query.once('error', reject);
    client.query(query);
  });
}

/**
 * Every row of `query` from a PostgreSQL server through a server-side cursor (issue 13
 * exports), `batch` rows per FETCH: one statement, so the server plans and sorts once and each
 * batch costs the same however deep (offset pages re-sort the rest each time; keyset pages need
 * an index in the sort's order, which name sorts do not have). The cursor lives in a READ ONLY,
 * REPEATABLE READ transaction on a connection of its own, held until the last row is read or
 * the sink fails (the client went away: the transaction is then rolled back and the connection
 * released). The next FETCH is sent as soon as one ends, so the server reads while the download
 * takes the last batch; rows go to the sink as they arrive. Not for PGlite, whose one connection
 * would be held for the whole download.
 */
export function cursorRows<T>(pool: Pool, query: SQL, batch: number): RowSource<T> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (sink) => {
    const client = await pool.connect();
    let inFlight: Promise<number> | undefined;
    let finished = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // JIT compiling a million-row scan cost more than it saved (about a third more server time)
      await client.query('SET LOCAL jit = off');
      await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${text}`, params);
      const next = () => (inFlight = fetchRows<T>(client, batch, (row) => sink.add(row)));
      let rows = await next();
      while (rows === batch) {
        const pending = next();
        await sink.drained();
        rows = await pending;
      }
      inFlight = undefined;
      await client.query('COMMIT');
      finished = true;
    } finally {
      await inFlight?.catch(() => undefined);
      // a connection that cannot even roll back is dropped, not returned to the pool
      const broken = !finished && (await client.query('ROLLBACK').then(() => false, () => true));
      client.release(broken);
    }
  };
}
