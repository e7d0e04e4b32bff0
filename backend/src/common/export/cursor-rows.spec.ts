import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { cursorRows, type RowValues } from './cursor-rows';
import type { RowSink } from './export-files';

/** A sink that keeps the rows and counts the waits between batches; `fail` makes the n-th wait or add throw. */
function sink(fail: { drained?: number; add?: number } = {}) {
  const rows: RowValues[] = [];
  let waits = 0;
  const into: RowSink<RowValues> = {
    add: (row) => {
      if (rows.length + 1 === fail.add) throw new Error('the file could not take the row');
      rows.push(row);
    },
    drained: async () => {
      if (++waits === fail.drained) throw new Error('The client closed the download');
    },
  };
  return { into, rows, waits: () => waits };
}

const APP = 'cursor-rows-spec';

const numbers = (n: number) => sql`SELECT g, 'row ' || g AS label FROM generate_series(1, ${n}::int) AS g ORDER BY g`;

// cursorRows runs on a PostgreSQL server only (PGlite exports read pages): CI runs this with TEST_DATABASE_URL
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('cursorRows (issue 13 exports)', () => {
  let pool: Pool;

  beforeAll(() => {
    pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2, application_name: APP });
  });
  afterAll(() => pool.end());

  /** Sessions of this suite still inside a transaction (an export's cursor left open), once the dropped ones have gone. */
  async function openTransactions(): Promise<number> {
    for (let i = 0; ; i++) {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state LIKE 'idle in transaction%'",
        [APP],
      );
      if (rows[0].n === 0 || i === 50) return rows[0].n;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it.each([
    [250, 2],
    [200, 2],
    [0, 0],
  ])('reads %i rows in order as arrays of values, batches of 100, waiting for the sink %i times between them', async (n, waits) => {
    const s = sink();
    await cursorRows(pool, numbers(n), 100)(s.into);
    expect(s.rows).toEqual(Array.from({ length: n }, (_, i) => [i + 1, `row ${i + 1}`]));
    // a wait after each full batch: after 200 rows the server learns of the end only when asked for more
    expect(s.waits()).toBe(waits);
    expect(await openTransactions()).toBe(0);
  });

  it.each([
    ['the sink stops waiting (the client went away)', { drained: 2 }, 'The client closed the download'],
    ['the sink throws on a row', { add: 150 }, 'the file could not take the row'],
  ])('fails when %s, drops its connection and leaves no transaction open', async (_, fail, message) => {
    const s = sink(fail);
    await expect(cursorRows(pool, numbers(1000), 100)(s.into)).rejects.toThrow(message);
    expect(s.rows.length).toBeLessThan(1000);
    expect(await openTransactions()).toBe(0);
    // the pool still serves
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails with the server error of a row past the first batch', async () => {
    const s = sink();
    await expect(cursorRows(pool, sql`SELECT 1 / (g - 150) FROM generate_series(1, 300) AS g ORDER BY g`, 100)(s.into)).rejects.toThrow('division by zero');
    expect(await openTransactions()).toBe(0);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
