import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Query, type Connection, type Pool, type PoolClient, type QueryArrayConfig } from 'pg';
import type { RowSink, RowSource } from './export-files';

const dialect = new PgDialect();

/** A row read by {@link cursorRows}: its values in the order of the query's select list. */
export type RowValues = unknown[];

/**
 * Reads the open cursor `cursor` `batch` rows at a time with the extended protocol's Execute and
 * its row limit, rows as arrays of values (`rowMode: 'array'`, not the driver's object with a key
 * per column). Execute streams a batch's rows as the server makes them, so the server makes a
 * batch while the export writes one out; `FETCH` gathered each batch whole on the server before
 * sending its first row, and the export waited for that on every batch (a third of a CSV
 * export's time). The next batch is asked for once `between()` resolves; when it
 * rejects, the query fails with its error. A pg Query reading pages of rows (`rows`), with the
 * cursor's portal described and executed instead of a statement parsed and bound.
 */
class CursorQuery extends Query {
  constructor(
    private readonly cursor: string,
    private readonly batch: number,
    private readonly between: () => Promise<void>,
  ) {
    super({ text: `EXECUTE PORTAL ${cursor}`, rows: batch, rowMode: 'array' } as QueryArrayConfig);
  }

  /** Called by pg to send the query. */
  prepare(connection: Connection): void {
    connection.describe({ type: 'P', name: this.cursor }, true);
    this.execute(connection);
  }

  /** Called by pg when the server has sent a batch and suspended the cursor. */
  handlePortalSuspended(connection: Connection): void {
    this.between().then(
      () => this.execute(connection),
      (err: unknown) => this.emit('error', err),
    );
  }

  private execute(connection: Connection): void {
    // ExecuteConfig types the row count as a string; pg writes it as a number either way
    connection.execute({ portal: this.cursor, rows: String(this.batch) }, true);
    connection.flush();
  }
}

/**
 * Reads the cursor `export_rows` and hands each row to `sink` as the driver parses it, keeping no
 * array of rows (rows gathered into arrays live long enough for V8 to allocate them straight into
 * the old generation: docs/performance.md); `batch` rows at a time, the next batch asked for once
 * the sink has drained. Rejects on the first failure, the sink's included; the connection is then
 * left in the middle of the read.
 */
function readRows(client: PoolClient, batch: number, sink: RowSink<RowValues>): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    const query = new CursorQuery('export_rows', batch, async () => {
      if (failure !== undefined) throw failure;
      await sink.drained();
    });
    query.on('row', (row: RowValues) => {
      // a throw here would tear down the driver's parser: keep it for the end of the batch
      if (failure === undefined) {
        try {
          sink.add(row);
        } catch (err) {
          failure = err;
        }
      }
    });
    query.once('end', () => (failure === undefined ? resolve() : reject(failure)));
    query.on('error', reject);
    client.query(query);
  });
}

/**
 * Every row of `query`, as {@link RowValues}, from a PostgreSQL server through a server-side
 * cursor (issue 13 exports), `batch` rows at a time: one statement, so the server plans and sorts
 * once (for a cursor: a plan quick to its first rows, no parallel workers) and each batch costs
 * the same however deep (offset pages re-sort the rest each time; keyset pages need an index in
 * the sort's order, which name sorts do not have). The cursor lives in a READ ONLY, REPEATABLE
 * READ transaction on a connection of its own, held until the last row is read; rows go to the
 * sink as they arrive, and the next batch is asked for once the download has taken the file so
 * far. When the sink fails (the client went away) or the server does, the connection is dropped
 * rather than returned to the pool (the server rolls the transaction back). Not for PGlite, whose
 * one connection would be held for the whole download.
 */
export function cursorRows(pool: Pool, query: SQL, batch: number): RowSource<RowValues> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (sink) => {
    const client = await pool.connect();
    let done = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // JIT compiling a million-row scan cost more than it saved (about a third more server time)
      await client.query('SET LOCAL jit = off');
      await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${text}`, params);
      await readRows(client, batch, sink);
      await client.query('COMMIT');
      done = true;
    } finally {
      client.release(!done);
    }
  };
}
