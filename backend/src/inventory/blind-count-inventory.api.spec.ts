import { eq } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { inventories, products } from '../database/schema';
import { stockProduct, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

type Item = { _id: string; quantities_hidden: boolean; on_hand: { name: string; value: number }[]; available: { name: string; value: number }[] };

/**
 * A blind count is blind on Inventory too, on PGlite and PostgreSQL: while a blind count is being
 * counted, the warehouseAdmins of its warehouse (who count it) read no quantities of its records
 * on the inventory list, low stock, the exports and the answer of a movement; finance and admin
 * do, and so do the counters once the count is submitted.
 */
describe('Blind count: the counted records’ quantities on Inventory', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let secondCounter: TestUser;
  let W: string;
  /** On the blind count (its category); 40 pcs, buffer 100 so it is low stock. */
  let counted: StockedProduct;
  /** Another category of the same warehouse: never on the count. */
  let other: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp();
    W = await createWarehouse(t);
    [u, secondCounter] = await Promise.all([createRoleUsers(t, W), createUser(t, 'warehouseAdmin', W)]);
    counted = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 40 }]);
    other = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 9 }]);
    await t.db.update(products).set({ bufferQuantity: '100' }).where(eq(products.id, counted.productId));
  }, SETUP_MS);
  afterAll(() => t.close());

  const list = async (path: string, token: string): Promise<Item[]> => {
    const res = await t.http.get(`/api/inventory${path}${path.includes('?') ? '&' : '?'}warehouseId=${W}&limit=100`).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.data.inventories;
  };
  const item = async (path: string, token: string, s: StockedProduct) => (await list(path, token)).find((i) => i._id === s.inventoryId)!;
  /** The export's row of `s` without its name and code, to look for a quantity in it (whatever the columns' layout). */
  async function exportedRow(token: string, s: StockedProduct): Promise<string> {
    const res = await t.http.get(`/api/inventory/export?format=csv&warehouseId=${W}`).set(bearer(token));
    expect(res.status).toBe(200);
    const row = res.text.split('\n').find((l) => l.includes(s.name));
    expect(row).toBeDefined();
    return row!.replace(s.name, '').replace(s.code, '');
  }
  const holds = (row: string, n: number) => new RegExp(`(^|[^0-9.])${n}([^0-9.]|$)`).test(row);
  const post = (path: string, token: string, body: object) => t.http.post(`/api/${path}`).set(bearer(token)).send(body);
  async function startCount(blind: boolean): Promise<string> {
    const [{ categoryId }] = await t.db.select({ categoryId: inventories.categoryId }).from(inventories).where(eq(inventories.id, counted.inventoryId));
    const res = await post('stockCounts/create', u.warehouseAdmin.token, { warehouse: W, category: categoryId, blind });
    expect(res.status).toBe(201);
    return res.body.data.stock_count._id;
  }

  it('hides the records of a blind count being counted from its counters until submitted; others read them', async () => {
    expect(await item('', u.warehouseAdmin.token, counted)).toMatchObject({ quantities_hidden: false, on_hand: [{ name: 'pcs', value: 40 }] });
    const countId = await startCount(true);

    for (const counter of [u.warehouseAdmin, secondCounter]) {
      expect(await item('', counter.token, counted)).toMatchObject({ quantities_hidden: true, on_hand: [], available: [] });
      expect(await item('/stock/low', counter.token, counted)).toMatchObject({ quantities_hidden: true, on_hand: [] });
      expect(await item('', counter.token, other)).toMatchObject({ quantities_hidden: false, on_hand: [{ name: 'pcs', value: 9 }] });
    }
    const search = await t.http.post(`/api/inventory/search?limit=100`).set(bearer(u.warehouseAdmin.token)).send({ warehouseId: W });
    expect(search.body.data.inventories.find((i: Item) => i._id === counted.inventoryId)).toMatchObject({ quantities_hidden: true, on_hand: [] });
    expect(holds(await exportedRow(u.warehouseAdmin.token, counted), 40)).toBe(false);
    expect(holds(await exportedRow(u.warehouseAdmin.token, other), 9)).toBe(true);
    // a receipt's answer does not give the level away either
    const received = await post('inventory/incoming', u.warehouseAdmin.token, { warehouse: W, product: counted.productId, quantity: [{ name: 'pcs', value: 2 }], grn: `GRN-${uniq()}` });
    expect(received.status).toBe(201);
    expect(received.body.data.inventory).toMatchObject({ quantities_hidden: true, on_hand: [] });
    const issued = await post('inventory/outgoing', u.warehouseAdmin.token, { id: counted.inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${uniq()}`, taken_by: 'Abebe' });
    expect(issued.status).toBe(201);
    expect(issued.body.data.inventory).toMatchObject({ quantities_hidden: true, on_hand: [] });

    // finance and admin read the quantities
    for (const token of [u.finance.token, t.adminToken, u.sales.token]) {
      expect(await item('', token, counted)).toMatchObject({ quantities_hidden: false, on_hand: [{ name: 'pcs', value: 41 }] });
      expect(await item('/stock/low', token, counted)).toMatchObject({ on_hand: [{ name: 'pcs', value: 41 }] });
    }
    expect(holds(await exportedRow(u.finance.token, counted), 41)).toBe(true);

    // submitted: the counters read them again
    const line = (await t.http.get(`/api/stockCounts/one/${countId}`).set(bearer(u.warehouseAdmin.token))).body.data.stock_count.lines[0];
    expect((await post('stockCounts/line/update', u.warehouseAdmin.token, { count_id: countId, line_id: line._id, counted: [{ name: 'pcs', value: 41 }] })).status).toBe(200);
    expect((await post('stockCounts/submit', u.warehouseAdmin.token, { count_id: countId })).status).toBe(200);
    expect(await item('', u.warehouseAdmin.token, counted)).toMatchObject({ quantities_hidden: false, on_hand: [{ name: 'pcs', value: 41 }] });
    expect(holds(await exportedRow(u.warehouseAdmin.token, counted), 41)).toBe(true);

    // returned to counting: hidden again; cancelled: shown
    expect((await post('stockCounts/return', u.finance.token, { count_id: countId, remark: 'Recount' })).status).toBe(200);
    expect(await item('', u.warehouseAdmin.token, counted)).toMatchObject({ quantities_hidden: true });
    expect((await post('stockCounts/cancel', u.warehouseAdmin.token, { count_id: countId })).status).toBe(200);
    expect(await item('', u.warehouseAdmin.token, counted)).toMatchObject({ quantities_hidden: false, on_hand: [{ name: 'pcs', value: 41 }] });
  });

  it('a count that is not blind hides nothing', async () => {
    const countId = await startCount(false);
    expect(await item('', u.warehouseAdmin.token, counted)).toMatchObject({ quantities_hidden: false, on_hand: [{ name: 'pcs', value: 41 }] });
    expect((await post('stockCounts/cancel', u.warehouseAdmin.token, { count_id: countId })).status).toBe(200);
  });
});
