import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedDemo } from '../../scripts/demo-data';
import { dailyTotalMismatches, ledgerCount, ledgerMismatches } from './testing';

describe('seed:demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000); // app start-up is slow on the shared 2-core machine
  afterAll(() => t.close());

  it('writes a ledger whose sums equal the levels and the daily totals, and the API reads it', async () => {
    const summary = await seedDemo(t.db, { products: 30, transactions: 3000, warehouses: 3, customers: 20 });
    expect(summary).toMatchObject({ products: 30, transactions: 3000, warehouses: 3 });
    expect(await ledgerCount(t.db)).toBe(3000);
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
    const res = (await t.db.execute(sql`SELECT count(*)::int AS n FROM stock_levels WHERE on_hand < 0`)) as unknown as { rows: { n: number }[] };
    expect(res.rows[0].n).toBe(0);
    const search = await t.http
      .post('/api/transactions/search?limit=5')
      .set({ Authorization: `Bearer ${t.adminToken}` })
      .send({ transactionType: 'outgoing', customerSearchQuery: 'a' });
    expect(search.status).toBe(200);
    expect(search.body.data.transactionsList[0].customer).not.toBeNull();
  }, 120_000);
});
