import { sql } from 'drizzle-orm';
import { bearer, createUser, createWarehouse, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { rowsOf } from '../database/raw-sql';
import { inventories } from '../database/schema';
import { createProduct, issue, receive, type TestProduct } from './testing';

/**
 * The low-stock list and count read the level rows alone (migration 0026: the buffer
 * quantity kept on each record's buffer-unit level by triggers). The rule stays spec 2's: a record
 * of a product not removed is low when available (on hand − reserved) in the product's buffer unit,
 * 0 without a level row, is at or below the buffer quantity. After each step (receipts, issues,
 * buffer quantity and unit changed through the API, a unit added, removal and restore, a record
 * opened without stock), the API's list is compared with that rule computed in SQL from products
 * and levels.
 */
describe('Low stock read from the level rows', () => {
  let t: TestApp;
  let warehouse: string;
  let keeper: TestUser;
  const record = new Map<TestProduct, string>();

  /** The warehouse's low-stock record ids by the API (one page of 100) and its total_count. */
  const listed = async (): Promise<{ ids: string[]; total: number }> => {
    const res = await t.http.get(`/api/inventory/stock/low?warehouseId=${warehouse}&limit=100`).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    return { ids: res.body.data.inventories.map((r: { _id: string }) => r._id).sort(), total: res.body.data.total_count };
  };
  /** How many low-stock records the API counts in every warehouse (the count of the level rows alone). */
  const countedEverywhere = async (): Promise<number> => {
    const res = await t.http.get('/api/inventory/stock/low?limit=1').set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    return res.body.data.total_count;
  };
  /** The rule, from products and levels: the warehouse's low records (every warehouse's with `everywhere`), sorted. */
  const byRule = async (everywhere = false): Promise<string[]> =>
    (
      await rowsOf<{ id: string }>(
        t.db,
        sql`SELECT i.id FROM inventories i JOIN products p ON p.id = i.product_id
          LEFT JOIN stock_levels b ON b.inventory_id = i.id AND b.unit = p.buffer_unit
          WHERE (${everywhere} OR i.warehouse_id = ${warehouse}) AND NOT p.removed AND coalesce(b.on_hand - b.reserved, 0) <= p.buffer_quantity`,
      )
    )
      .map((r) => r.id)
      .sort();
  /** Asserts the API lists exactly the rule's records and returns them. */
  const lowMatchesRule = async (): Promise<string[]> => {
    const expected = await byRule();
    expect(await listed()).toEqual({ ids: expected, total: expected.length });
    expect(await countedEverywhere()).toBe((await byRule(true)).length);
    return expected;
  };
  const patch = async (p: TestProduct, body: object) => {
    const res = await t.http.patch(`/api/products/${p.id}`).set(bearer(keeper.token)).send(body);
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 200, message: 'Product Updated Successfully' });
  };
  const received = async (p: TestProduct, quantity: { name: string; value: number }[]) => {
    const res = await receive(t, keeper.token, { product: p.id, warehouse, quantity });
    expect(res.status).toBe(201);
    record.set(p, res.body.data.inventory._id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    keeper = await createUser(t, 'warehouseAdmin', warehouse);
  });
  afterAll(() => t.close());

  it('follows receipts, issues, buffer changes, a unit added, removal and a record opened without stock', async () => {
    const boxed = await createProduct(t.db, { units: ['pcs', 'box'], bufferQuantity: '5' });
    const loose = await createProduct(t.db, { units: ['pcs'], bufferQuantity: '0' });
    const bulky = await createProduct(t.db, { units: ['pcs'], bufferQuantity: '10' });
    await received(boxed, [{ name: 'pcs', value: 10 }]);
    await received(loose, [{ name: 'pcs', value: 3 }]);
    await received(bulky, [{ name: 'pcs', value: 20 }]);
    expect(await lowMatchesRule()).toEqual([]);

    // an issue down to the buffer quantity: at it is low
    expect((await issue(t, keeper.token, record.get(boxed)!, [{ name: 'pcs', value: 5 }])).status).toBe(201);
    expect(await lowMatchesRule()).toEqual([record.get(boxed)]);

    // the buffer quantity raised above what is available
    await patch(bulky, { buffer_stock: { unit_of_measurement: 'pcs', quantity: 25 } });
    expect(await lowMatchesRule()).toEqual([record.get(boxed), record.get(bulky)].sort());

    // the buffer unit moved to box (0 on hand there, buffer 0: low), then boxes received
    await patch(boxed, { buffer_stock: { unit_of_measurement: 'box', quantity: 0 } });
    expect(await lowMatchesRule()).toContain(record.get(boxed));
    await received(boxed, [{ name: 'box', value: 2 }]);
    expect(await lowMatchesRule()).not.toContain(record.get(boxed));

    // removed products are never low; restored, they are again
    expect((await t.http.delete(`/api/products/${bulky.id}`).set(bearer(keeper.token))).status).toBe(200);
    expect(await lowMatchesRule()).toEqual([]);
    expect((await t.http.patch(`/api/products/activate/${bulky.id}`).set(bearer(keeper.token))).status).toBe(200);
    expect(await lowMatchesRule()).toEqual([record.get(bulky)]);

    // a unit added and made the buffer unit: the record has no level in it yet (0 on hand, buffer 1: low)
    await t.db.execute(sql`UPDATE categories SET quantity_measurement = array_append(quantity_measurement, 'crate') WHERE id = ${loose.categoryId}`);
    await patch(loose, { quantity: ['pcs', 'crate'], buffer_stock: { unit_of_measurement: 'crate', quantity: 1 } });
    expect(await lowMatchesRule()).toContain(record.get(loose));

    // a record opened without any stock (as a sales-history import opens one): 0 available, buffer 0
    const unstocked = await createProduct(t.db, { units: ['kg'], bufferQuantity: '0' });
    const [opened] = await t.db.insert(inventories).values({ productId: unstocked.id, warehouseId: warehouse, categoryId: unstocked.categoryId }).returning({ id: inventories.id });
    expect(await lowMatchesRule()).toContain(opened.id);
    // every record has its buffer-unit level row, holding the buffer quantity of a product not removed
    const missing = await rowsOf(
      t.db,
      sql`SELECT i.id FROM inventories i JOIN products p ON p.id = i.product_id LEFT JOIN stock_levels b ON b.inventory_id = i.id AND b.unit = p.buffer_unit
        WHERE b.inventory_id IS NULL OR b.buffer_quantity IS DISTINCT FROM CASE WHEN p.removed THEN NULL ELSE p.buffer_quantity END`,
    );
    expect(missing).toEqual([]);
  });
});
