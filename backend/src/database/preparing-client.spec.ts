import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { createServerDatabase } from '../../test/test-db';
import { openDatabase } from './database';
import { rowsOf } from './raw-sql';
import { PreparingClient, preparedName } from './preparing-client';

/** A client that keeps at most 3 statements prepared, to show the cap. */
class SmallClient extends PreparingClient {
  protected override readonly capacity = 3;
}

/** The names of the statements prepared on the pool's one connection. */
async function preparedOn(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
  return rows.map((r) => r.name);
}

// Prepared statements are a PostgreSQL server matter (PGlite runs in process): CI runs this with TEST_DATABASE_URL
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('PreparingClient (issue 17, request overhead)', () => {
  let pool: Pool;

  beforeEach(() => {
    pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, Client: PreparingClient });
  });
  afterEach(() => pool.end());

  it('prepares a parameterised statement once per connection and reuses it with other values', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect(await preparedOn(pool)).toEqual([preparedName(text)]);
    const { rows } = await pool.query<{ text: string }>('SELECT statement AS text FROM pg_prepared_statements WHERE name = $1', [preparedName(text)]);
    expect(rows[0].text).toBe(text);
  });

  it('leaves statements without parameters, and very long texts, unnamed', async () => {
    await pool.query('SELECT 1');
    const long = `SELECT $1::int AS n /* ${'x'.repeat(17_000)} */`;
    expect((await pool.query(long, [7])).rows).toEqual([{ n: 7 }]);
    expect(await preparedOn(pool)).toEqual([]);
  });

  it('prepares Drizzle queries, also inside a transaction, with the right answers', async () => {
    const db = drizzle(pool);
    const double = (n: number) => sql`SELECT (${n}::int * 2) AS n`;
    for (const n of [1, 2, 3]) expect((await db.execute(double(n))).rows).toEqual([{ n: n * 2 }]);
    await db.transaction(async (tx) => {
      expect((await tx.execute(double(5))).rows).toEqual([{ n: 10 }]);
    });
    expect(await preparedOn(pool)).toHaveLength(1);
  });

  it('keeps at most its capacity of statements prepared and still runs the others', async () => {
    await pool.end();
    pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, Client: SmallClient });
    for (let i = 0; i < 5; i++) expect((await pool.query(`SELECT $1::int + ${i} AS n`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect((await pool.query('SELECT $1::int + 0 AS n', [9])).rows).toEqual([{ n: 9 }]);
    expect(await preparedOn(pool)).toEqual(['SELECT $1::int + 0 AS n', 'SELECT $1::int + 1 AS n', 'SELECT $1::int + 2 AS n'].map(preparedName).sort());
  });

  it('prepares a statement again under a new name once the server refuses the prepared one', async () => {
    // one connection held, as a transaction holds it (pool.query drops a connection after any error)
    const client = await pool.connect();
    try {
      await client.query('CREATE TEMP TABLE prepared_spec (id int, label int)');
      await client.query('INSERT INTO prepared_spec VALUES (1, 10)');
      const text = 'SELECT label FROM prepared_spec WHERE id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ label: 10 }]);
      // another process's migration changes a returned column's type
      await client.query('ALTER TABLE prepared_spec ALTER COLUMN label TYPE text');
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      expect((await client.query(text, [1])).rows).toEqual([{ label: '10' }]);
      // a pooler or an administrator drops every prepared statement
      await client.query('DEALLOCATE ALL');
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '26000' });
      expect((await client.query(text, [1])).rows).toEqual([{ label: '10' }]);
      const { rows } = await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
      expect(rows.map((r) => r.name)).toEqual([`${preparedName(text)}_2`]);
    } finally {
      client.release();
    }
  });

  it('is what openDatabase pools with, unless DB_PREPARED_STATEMENTS is off', async () => {
    const server = await createServerDatabase(process.env.TEST_DATABASE_URL!);
    try {
      for (const prepared of [true, false]) {
        const handle = await openDatabase(server.url, 'memory://', 1, prepared);
        try {
          await handle.db.execute(sql`SELECT ${1}::int AS n`);
          const [row] = await rowsOf<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM pg_prepared_statements`);
          expect({ prepared, anyPrepared: row.n > 0 }).toEqual({ prepared, anyPrepared: prepared });
        } finally {
          await handle.close();
        }
      }
    } finally {
      await server.drop();
    }
  });
});
