import { sql } from 'drizzle-orm';
import { bearer, createWarehouse, createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct } from '../../inventory/testing';
/** The most matches a searched list counts (the API decision's number, not read from the code under test). */
const SEARCH_COUNT_CAP = 1_000;
/** Matches of the search `capsearch` written in SQL per list: one more than the searched lists count. */
const MATCHES = SEARCH_COUNT_CAP + 1;

/**
 * A searched list counts at most SEARCH_COUNT_CAP matches (`total_capped` beyond), an unsearched one
 * counts exactly up to COUNT_CAP, and the export of a searched list has every match. MATCHES
 * customers, products (each with a stock record), staff and transfers named "Capsearch …" are
 * written in SQL, customer g created g seconds ago (newest first is by number).
 */
describe('List pages: a search counts up to 1,000 matches', () => {
  let t: TestApp;

  /** GET `path` as the admin: its `data`. */
  const data = async (path: string) => {
    const res = await t.http.get(path).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** The `total_count` and `total_capped` of GET `path`. */
  const count = async (path: string) => {
    const { total_count, total_capped } = await data(path);
    return { total_count, total_capped };
  };
  const capped = { total_count: SEARCH_COUNT_CAP, total_capped: true };

  beforeAll(async () => {
    t = await createTestApp();
    const store = await createWarehouse(t, 'Capsearch store');
    const branch = await createWarehouse(t, 'Capsearch branch');
    const product = await createProduct(t.db, { name: 'Fixture bolt' });
    const g = sql`generate_series(1, ${MATCHES}) g`;
    await t.db.execute(sql`insert into customers (name, company, phone_no, email, created_at)
      select 'Capsearch customer ' || g, 'Capsearch PLC', array['911000111'], 'capsearch' || g || '@test.local', now() - g * interval '1 second' from ${g}`);
    await t.db.execute(sql`insert into products (category_id, name, code, description, units, buffer_unit, buffer_quantity)
      select ${product.categoryId}, 'Capsearch bolt ' || g, 'CAPS-' || g, 'A bolt', array['pcs'], 'pcs', 0 from ${g}`);
    await t.db.execute(sql`insert into inventories (product_id, warehouse_id, category_id)
      select id, ${store}, category_id from products where name like 'Capsearch bolt %'`);
    await t.db.execute(sql`insert into users (first_name, last_name, email, phone, role, password_hash)
      select 'Capsearch', 'Staff ' || g, 'capsearch.staff' || g || '@test.local', '911223344', 'sales', 'not-a-hash' from ${g}`);
    await t.db.execute(sql`insert into stock_transfers (trn, from_warehouse_id, to_warehouse_id, created_by)
      select 'CAPSEARCH-TRN-' || g, ${store}, ${branch}, (select id from users where email = 'admin@test.local') from ${g}`);
  }, 180_000);
  afterAll(() => t.close());

  it.each([
    ['customers', '/api/customers/all?search=capsearch'],
    ['products (GET /products)', '/api/products?query=capsearch'],
    ['products (GET /products/search)', '/api/products/search?query=capsearch'],
    ['staff', '/api/users?search=capsearch'],
    ['stock records', '/api/inventory?query=capsearch'],
    ['transfers', '/api/transfers/all?search=capsearch'],
  ])('%s: more than 1,000 matches count as 1,000 with total_capped, and the pages past it are served', async (_list, path) => {
    expect(await count(`${path}&page=1&limit=5`)).toEqual(capped);
    // the 1,001st match is on page 101 of 10
    const past = await data(`${path}&page=${SEARCH_COUNT_CAP / 10 + 1}&limit=10`);
    expect(past).toMatchObject(capped);
    expect(Object.values(past).find(Array.isArray)).toHaveLength(1);
  });

  it('POST /products/search counts the same way', async () => {
    const res = await t.http.post('/api/products/search').set(bearer(t.adminToken)).send({ query: 'capsearch', page: 1, limit: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(capped);
  });

  it('counts a search exactly up to 1,000 matches, and an unsearched list exactly past them', async () => {
    // "capsearch customer 100" is in 100, 1000 and 1001, newest (the smallest number) first
    const few = await data('/api/customers/all?search=capsearch%20customer%20100&limit=10');
    expect(few).toMatchObject({ total_count: 3, total_capped: false });
    expect(few.customers.map((c: { name: string }) => c.name)).toEqual(['Capsearch customer 100', 'Capsearch customer 1000', 'Capsearch customer 1001']);
    // every list without a search: exact past 1,000 (the admin and the fixture's product are in them too)
    expect(await count('/api/customers/all?limit=1')).toEqual({ total_count: MATCHES, total_capped: false });
    expect(await count('/api/users?limit=1')).toEqual({ total_count: MATCHES + 1, total_capped: false });
    expect(await count('/api/products?limit=1')).toEqual({ total_count: MATCHES + 1, total_capped: false });
    expect(await count('/api/transfers/all?limit=1')).toEqual({ total_count: MATCHES, total_capped: false });
    // one match fewer: exactly 1,000, counted
    await t.db.execute(sql`update customers set removed = true where name = ${`Capsearch customer ${MATCHES}`}`);
    expect(await count('/api/customers/all?search=capsearch&limit=1')).toEqual({ total_count: SEARCH_COUNT_CAP, total_capped: false });
    await t.db.execute(sql`update customers set removed = false where name = ${`Capsearch customer ${MATCHES}`}`);
  });

  it.each([
    ['customers', '/api/customers/export?format=csv&search=capsearch', MATCHES],
    ['products', '/api/products/export?format=csv&query=capsearch', MATCHES],
  ])('the %s export of a search has every match', async (_list, path, rows) => {
    const csv = await t.http.get(path).set(bearer(t.adminToken));
    expect(csv.status).toBe(200);
    expect(csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toHaveLength(1 + rows);
  }, 60_000);
});
