import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from '../src/database/schema';
import { TransactionsRepository } from '../src/transactions/transactions.repository';
import { TransactionsService } from '../src/transactions/transactions.service';
async function main() {
  const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench' });
  const captured: { text: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => captured.push({ text, params }) } }) as any;
  const w = (await pool.query(`SELECT id FROM warehouses ORDER BY (SELECT count(*) FROM stock_transactions t WHERE t.warehouse_id = warehouses.id) DESC LIMIT 1`)).rows[0].id;
  const body = JSON.parse(process.argv[2].replace('W', w));
  await new TransactionsService(new TransactionsRepository(db)).search({ id: '', role: 'admin', warehouseId: null } as any, body);
  for (const s of captured) {
    const r = await pool.query('EXPLAIN (ANALYZE, BUFFERS) ' + s.text, s.params);
    console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
    console.log('----');
  }
  await pool.end();
}
main();
