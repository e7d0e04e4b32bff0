import { sql, type SQL } from 'drizzle-orm';
import { bearer, createUser, createWarehouse, createTestApp, uniq, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../database/raw-sql';
import { insertCustomer, insertProduct, stockProduct } from '../../outgoing/testing';

/**
 * Issues 13 and 17: a list page and its `total_count` come from one statement (page-total.ts). The
 * total is the same on the first page, a later page and a page past the last match (no row to carry
 * it: counted apart), and 0 when nothing matches; checked on every route that reads it that way,
 * against the rows counted in SQL.
 */
describe('List pages: the total read with the page', () => {
  let t: TestApp;
  const token = `zq${uniq()}`;

  /** GET `path` as the admin: the page's total and how many rows it holds (its one array). */
  const page = async (path: string): Promise<{ total: number; rows: number }> => {
    const res = await t.http.get(path).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    const rows = Object.values(res.body.data as Record<string, unknown>).find(Array.isArray) as unknown[];
    return { total: res.body.data.total_count, rows: rows.length };
  };
  const counted = async (query: SQL): Promise<number> => Number((await rowsOf<{ n: string }>(t.db, query))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await createWarehouse(t, `Store ${token}`);
    await createWarehouse(t, `Depot ${token}`);
    const keeper = await createUser(t, 'warehouseAdmin', warehouse);
    const seller = await createUser(t, 'sales', warehouse);
    await t.db.execute(sql`update users set first_name = ${`Abebe ${token}`} where id in (${keeper.id}, ${seller.id})`);
    const customer = await insertCustomer(t, `Customer ${token} 1`);
    for (const n of [2, 3]) await insertCustomer(t, `Customer ${token} ${n}`);
    for (const n of [1, 2]) await insertProduct(t, ['pcs'], `Unstocked ${token} ${n}`);
    // received 1 pcs with a buffer of 1: available at the buffer, so in the low-stock list too
    for (const n of [1, 2, 3]) await stockProduct(t, warehouse, keeper.id, [{ name: 'pcs', value: 1 }], `Stocked ${token} ${n}`);
    const lists = sql`generate_series(1, 5) g`;
    await t.db.execute(sql`insert into incoming_lists (grn, status, warehouse_id, created_by) select ${`GRN-${token}-`} || g, 'draft', ${warehouse}, ${keeper.id} from ${lists}`);
    await t.db.execute(sql`insert into outgoing_lists (gin, status, customer_id, warehouse_id, created_by) select ${`GIN-${token}-`} || g, 'draft', ${customer}, ${warehouse}, ${seller.id} from ${lists}`);
  }, 120_000);
  afterAll(() => t.close());

  it.each([
    ['staff', '/api/users?search=', sql`select count(*) n from users where not removed and first_name like ${`%${token}%`}`, 2],
    ['products', '/api/products?query=', sql`select count(*) n from products where not removed and name like ${`%${token}%`}`, 5],
    ['customers', '/api/customers/all?search=', sql`select count(*) n from customers where not removed and name like ${`%${token}%`}`, 3],
    ['inventory', '/api/inventory?query=', sql`select count(*) n from inventories i join products p on p.id = i.product_id where p.name like ${`%${token}%`}`, 3],
    ['low stock', '/api/inventory/stock/low?query=', sql`select count(*) n from inventories i join products p on p.id = i.product_id where p.name like ${`%${token}%`}`, 3],
    ['incoming lists', '/api/incomingLists/all?search=', sql`select count(*) n from incoming_lists where grn like ${`%${token}%`}`, 5],
    ['outgoing lists', '/api/outgoingLists/all?search=', sql`select count(*) n from outgoing_lists where gin like ${`%${token}%`}`, 5],
  ] as const)('%s: the same total on every page, past the last one included, and 0 without a match', async (_list, path, inSql, expected) => {
    expect(await counted(inSql)).toBe(expected);
    expect(await page(`${path}${token}&page=1&limit=2`)).toEqual({ total: expected, rows: 2 });
    expect(await page(`${path}${token}&page=2&limit=2`)).toEqual({ total: expected, rows: Math.min(2, expected - 2) });
    expect(await page(`${path}${token}&page=9&limit=2`)).toEqual({ total: expected, rows: 0 });
    expect(await page(`${path}nothing${token}&page=1&limit=2`)).toEqual({ total: 0, rows: 0 });
    expect(await page(`${path}nothing${token}&page=3&limit=2`)).toEqual({ total: 0, rows: 0 });
  });

  it('audit log: the same total on every page, past the last one included', async () => {
    const expected = await counted(sql`select count(*) n from audit_events where entity = 'warehouse'`);
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(await page('/api/audit?entity=warehouse&page=1&limit=1')).toEqual({ total: expected, rows: 1 });
    expect(await page('/api/audit?entity=warehouse&page=99&limit=1')).toEqual({ total: expected, rows: 0 });
  });
});
