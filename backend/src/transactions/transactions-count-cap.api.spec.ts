import { sql } from 'drizzle-orm';
import { rowsOf } from '../database/raw-sql';
import { bearer, createUser, createWarehouse, createTestApp, type TestApp } from '../../test/test-app';
import { createProduct, receive } from '../inventory/testing';
import { COUNT_CAP } from '../common/http/capped-count';

/** The most matches a searched list counts (the API decision's number). */
const SEARCH_COUNT_CAP = 1_000;

type Row = { _id: string; grn: string | null };

/**
 * The ledger search counts at most COUNT_CAP matches, SEARCH_COUNT_CAP with a GRN, GIN, customer
 * or product search (`total_capped` beyond), while its pages, their order and the export stay
 * those of every match. 10,001 movements: one receipt
 * through the API and 10,000 copies of it written in SQL, 9,999 incoming and one outgoing, so
 * the incoming ones are exactly the cap.
 */
describe('Transactions API: the capped count', () => {
  let t: TestApp;

  const search = (body: Record<string, unknown>, qs = '?page=1&limit=10') => t.http.post(`/api/transactions/search${qs}`).set(bearer(t.adminToken)).send(body);
  const ids = (res: { body: { data: { transactionsList: Row[] } } }) => res.body.data.transactionsList.map((r) => r._id);
  /** The ids of the ledger in `order`, `limit` from `offset`, straight from the table. */
  const ledgerIds = async (order: 'asc' | 'desc', offset: number, limit: number) =>
    (await rowsOf<{ id: string }>(t.db, sql.raw(`select id from stock_transactions order by transaction_date ${order}, id ${order} limit ${limit} offset ${offset}`))).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await createWarehouse(t, 'Cap store');
    const admin = await createUser(t, 'warehouseAdmin', warehouse);
    const product = await createProduct(t.db, { name: 'Cap bolt' });
    expect((await receive(t, admin.token, { warehouse, product: product.id, quantity: [{ name: 'pcs', value: 1 }], grn: 'GRN-CAP-0' })).status).toBe(201);
    // copies of the receipt, a second apart going back; the last one outgoing
    await t.db.execute(sql`
      insert into stock_transactions (transaction_type, inventory_id, product_id, warehouse_id, category_id, quantity, grn, user_id, source, transaction_date)
      select case when g = ${COUNT_CAP} then 'outgoing' else 'incoming' end, inventory_id, product_id, warehouse_id, category_id, quantity,
        'GRN-CAP-' || g, user_id, source, transaction_date - g * interval '1 second'
      from stock_transactions, generate_series(1, ${COUNT_CAP}) g`);
  }, 180_000);
  afterAll(() => t.close());

  it('answers the cap with total_capped when more match, and the same pages as without a cap', async () => {
    const first = await search({});
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total_count: COUNT_CAP, total_capped: true });
    expect(ids(first)).toEqual(await ledgerIds('desc', 0, 10));
    // pages past the cap are still there, in the same order
    const deep = await search({}, `?page=${COUNT_CAP / 10 + 1}&limit=10`);
    expect(deep.body.data.transactionsList).toHaveLength(1);
    expect(ids(deep)).toEqual(await ledgerIds('desc', COUNT_CAP, 10));
    const oldest = await search({ sort: 'transaction_date', order: 'asc' }, '?page=2&limit=5');
    expect(oldest.body.data).toMatchObject({ total_count: COUNT_CAP, total_capped: true });
    expect(ids(oldest)).toEqual(await ledgerIds('asc', 5, 5));
    const newest = await search({ sort: 'transaction_date', order: 'desc' }, '?page=3&limit=5');
    expect(ids(newest)).toEqual(await ledgerIds('desc', 10, 5));
  });

  it('counts a searched ledger up to SEARCH_COUNT_CAP, its pages past it still served', async () => {
    for (const body of [{ grnSearchQuery: 'GRN-CAP' }, { productSearchQuery: 'cap bolt' }]) {
      const first = await search(body);
      expect(first.body.data).toMatchObject({ total_count: SEARCH_COUNT_CAP, total_capped: true });
      expect(ids(first)).toEqual(await ledgerIds('desc', 0, 10));
      const past = await search(body, `?page=${SEARCH_COUNT_CAP / 10 + 1}&limit=10`);
      expect(past.body.data).toMatchObject({ total_count: SEARCH_COUNT_CAP, total_capped: true });
      expect(ids(past)).toEqual(await ledgerIds('desc', SEARCH_COUNT_CAP, 10));
    }
  });

  it('counts exactly up to the cap', async () => {
    const incoming = await search({ transactionType: 'incoming' });
    expect(incoming.body.data).toMatchObject({ total_count: COUNT_CAP, total_capped: false });
    const few = await search({ grnSearchQuery: 'GRN-CAP-100' }, '?page=1&limit=100');
    // GRN-CAP-100, 1000 to 1009 and 10000, newest (the smallest number) first
    const grns = ['GRN-CAP-100', ...Array.from({ length: 10 }, (_, i) => `GRN-CAP-${1000 + i}`), 'GRN-CAP-10000'];
    expect(few.body.data).toMatchObject({ total_count: grns.length, total_capped: false });
    expect(few.body.data.transactionsList.map((r: Row) => r.grn)).toEqual(grns);
  });

  it('exports every match, past the cap', async () => {
    const csv = await t.http.post('/api/transactions/export?format=csv').set(bearer(t.adminToken)).send({});
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toHaveLength(1 + COUNT_CAP + 1);
    const searched = await t.http.post('/api/transactions/export?format=csv').set(bearer(t.adminToken)).send({ grnSearchQuery: 'GRN-CAP' });
    expect(searched.status).toBe(200);
    expect(searched.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toHaveLength(1 + COUNT_CAP + 1);
  }, 60_000);
});
