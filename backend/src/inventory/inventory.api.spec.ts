import { bearer, createRoleUsers, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { createTestApp } from '../../test/test-app';
import type { Role } from '@inventory/common';
import { createProduct, issue, ledgerCount, levelsOf, receive, type TestProduct } from './testing';

describe('Inventory API', () => {
  let t: TestApp;
  let w1: string;
  let w2: string;
  let users: Record<Role, TestUser>;
  let wa2: TestUser;
  let product: TestProduct;
  let inventoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    w1 = await createWarehouse(t);
    w2 = await createWarehouse(t);
    users = await createRoleUsers(t, w1);
    wa2 = await createUser(t, 'warehouseAdmin', w2);
    product = await createProduct(t.db, { units: ['pcs', 'box'], bufferQuantity: '5' });
    const res = await receive(t, users.warehouseAdmin.token, {
      warehouse: w1,
      product: product.id,
      quantity: [{ name: 'pcs', value: 10 }],
      purchasedPrice: 100,
      depreciationRate: 10,
      purchasedDate: '2025-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    inventoryId = res.body.data.inventory._id;
  }, 180_000); // app start-up is slow on the shared 2-core machine
  afterAll(() => t.close());

  it('receives stock, creating the record with category, price and levels per unit', async () => {
    const before = await ledgerCount(t.db, inventoryId);
    const res = await receive(t, users.warehouseAdmin.token, {
      warehouse: w1,
      product: product.id,
      quantity: [{ name: 'pcs', value: 2.5 }, { name: 'box', value: 1 }],
      remarks: { content: 'second delivery', remark_by: users.warehouseAdmin.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Inventory Added successfully');
    const inv = res.body.data.inventory;
    expect(inv._id).toBe(inventoryId);
    expect(inv.product).toMatchObject({ _id: product.id, code: product.code, quantity: ['pcs', 'box'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 5 } });
    expect(inv.productCategory._id).toBe(product.categoryId);
    expect(inv.warehouse._id).toBe(w1);
    expect(inv.quantity).toEqual([{ name: 'pcs', value: 12.5 }, { name: 'box', value: 1 }]);
    expect(inv.available).toEqual(inv.quantity);
    expect(inv.reserved).toEqual([{ name: 'pcs', value: 0 }, { name: 'box', value: 0 }]);
    expect(inv).toMatchObject({ purchasedPrice: 100, depreciationRate: 10, purchasedDate: '2025-01-01T00:00:00.000Z' });
    expect(await ledgerCount(t.db, inventoryId)).toBe(before + 1);
    // clean up to 10 pcs, 0 box for the following tests
    expect((await issue(t, users.warehouseAdmin.token, inventoryId, [{ name: 'pcs', value: 2.5 }, { name: 'box', value: 1 }])).status).toBe(201);
  });

  it('moves purchasedPrice to the quantity-weighted moving average', async () => {
    const p = await createProduct(t.db);
    const first = await receive(t, users.warehouseAdmin.token, { warehouse: w1, product: p.id, quantity: [{ name: 'pcs', value: 10 }], purchasedPrice: 100 });
    const second = await receive(t, users.warehouseAdmin.token, { warehouse: w1, product: p.id, quantity: [{ name: 'pcs', value: 30 }], purchasedPrice: 200 });
    expect(first.body.data.inventory.purchasedPrice).toBe(100);
    expect(second.body.data.inventory.purchasedPrice).toBe(175);
  });

  it('issues stock and answers 409 naming product, unit, requested and available when short', async () => {
    const ok = await issue(t, users.warehouseAdmin.token, inventoryId, [{ name: 'pcs', value: 4 }]);
    expect(ok.status).toBe(201);
    expect(ok.body.data.inventory.quantity[0]).toEqual({ name: 'pcs', value: 6 });
    const before = await ledgerCount(t.db);
    const short = await issue(t, users.warehouseAdmin.token, inventoryId, [{ name: 'pcs', value: 6.001 }]);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`Not enough stock of ${product.name} (pcs): requested 6.001, available 6`);
    const boxShort = await issue(t, users.warehouseAdmin.token, inventoryId, [{ name: 'pcs', value: 1 }, { name: 'box', value: 1 }]);
    expect(boxShort.status).toBe(409);
    expect(boxShort.body.message).toMatch(/\(box\): requested 1, available 0/);
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '6/0', box: '0/0' });
    expect(await ledgerCount(t.db)).toBe(before);
    expect((await receive(t, users.warehouseAdmin.token, { warehouse: w1, product: product.id, quantity: [{ name: 'pcs', value: 4 }] })).status).toBe(201);
  });

  it('answers each direct issue with its record in every unit as its posting left it, also for issues posted together (issue 17)', async () => {
    const p = await createProduct(t.db, { units: ['pcs', 'box'] });
    const received = await receive(t, users.warehouseAdmin.token, { warehouse: w1, product: p.id, quantity: [{ name: 'pcs', value: 30 }, { name: 'box', value: 4 }] });
    const id: string = received.body.data.inventory._id;
    const answers = await Promise.all(Array.from({ length: 12 }, () => issue(t, users.warehouseAdmin.token, id, [{ name: 'pcs', value: 1 }])));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const pcsOf = (a: (typeof answers)[number]): number => a.body.data.inventory.on_hand.find((q: { name: string }) => q.name === 'pcs').value;
    // each answer holds its own issue (at most 29 left) and the unit it did not touch; the last holds all twelve
    for (const a of answers) expect(a.body.data.inventory.on_hand).toEqual([{ name: 'pcs', value: pcsOf(a) }, { name: 'box', value: 4 }]);
    expect(Math.max(...answers.map(pcsOf))).toBeLessThanOrEqual(29);
    expect(Math.min(...answers.map(pcsOf))).toBe(18);
    // and it is the record as the inventory list shows it afterwards
    const listed = await t.http.get(`/api/inventory?warehouseId=${w1}&query=${encodeURIComponent(p.code)}`).set(bearer(users.warehouseAdmin.token));
    expect(listed.body.data.inventories).toEqual([answers.find((a) => pcsOf(a) === 18)!.body.data.inventory]);
    expect(await levelsOf(t.db, id)).toEqual({ pcs: '18/0', box: '4/0' });
  });

  it.each([
    ['zero quantity', { quantity: [{ name: 'pcs', value: 0 }] }, /greater than 0/],
    ['negative quantity', { quantity: [{ name: 'pcs', value: -1 }] }, /greater than 0/],
    ['4 decimals', { quantity: [{ name: 'pcs', value: 1.0001 }] }, /at most 3 decimals/],
    ['string value', { quantity: [{ name: 'pcs', value: '1' }] }, /number/],
    ['unknown unit', { quantity: [{ name: 'kg', value: 1 }] }, /Unit "kg" is not a unit of/],
    ['unit twice', { quantity: [{ name: 'pcs', value: 1 }, { name: 'pcs', value: 1 }] }, /listed twice/],
    ['empty quantity', { quantity: [] }, /Missing quantity/],
    ['missing grn', { grn: '' }, /Missing GRN/],
    ['extra field', { extra: 1 }, /Unknown field "extra"/],
    ['malformed product', { product: 'nope' }, /product must be a valid id/],
    ['10 kB grn', { grn: 'x'.repeat(10_000) }, /shorter than or equal/],
    ['bad price', { purchasedPrice: 1.234 }, /purchasedPrice/],
    ['wrong category', { productCategory: '00000000-0000-4000-8000-000000000000' }, /productCategory/],
  ])('rejects a receipt with %s (400) and changes nothing', async (_name, patch, message) => {
    const before = [await levelsOf(t.db, inventoryId), await ledgerCount(t.db)];
    const res = await receive(t, users.warehouseAdmin.token, { warehouse: w1, product: product.id, quantity: [{ name: 'pcs', value: 1 }], ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect([await levelsOf(t.db, inventoryId), await ledgerCount(t.db)]).toEqual(before);
  });

  it.each([
    ['zero quantity', { quantity: [{ name: 'pcs', value: 0 }] }, 400],
    ['4 decimals', { quantity: [{ name: 'pcs', value: 0.0005 }] }, 400],
    ['unknown unit', { quantity: [{ name: 'kg', value: 1 }] }, 400],
    ['missing gin', { gin: undefined }, 400],
    ['malformed id', { id: 'x' }, 400],
    ['unknown record', { id: '00000000-0000-4000-8000-000000000000' }, 404],
    ['more than available', { quantity: [{ name: 'pcs', value: 11 }] }, 409],
  ])('rejects an issue with %s and changes nothing', async (_name, patch, status) => {
    const before = [await levelsOf(t.db, inventoryId), await ledgerCount(t.db)];
    const body = { id: inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: 'GIN-1', taken_by: 'x', ...patch };
    const res = await t.http.post('/api/inventory/outgoing').set(bearer(users.warehouseAdmin.token)).send(body);
    expect(res.status).toBe(status);
    expect([await levelsOf(t.db, inventoryId), await ledgerCount(t.db)]).toEqual(before);
  });

  it('answers 404 for an unknown product and changes nothing', async () => {
    const before = await ledgerCount(t.db);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await receive(t, users.warehouseAdmin.token, { warehouse: w1, product: unknown, quantity: [{ name: 'pcs', value: 1 }] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
    expect(await ledgerCount(t.db)).toBe(before);
  });

  it('lets only warehouseAdmin move stock, and only in its own warehouse', async () => {
    const before = [await levelsOf(t.db, inventoryId), await ledgerCount(t.db)];
    for (const role of ['admin', 'finance', 'salesSupervisor', 'importAdmin', 'sales'] as Role[]) {
      expect((await receive(t, users[role].token, { warehouse: w1, product: product.id, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(403);
      expect((await issue(t, users[role].token, inventoryId, [{ name: 'pcs', value: 1 }])).status).toBe(403);
    }
    expect((await receive(t, wa2.token, { warehouse: w1, product: product.id, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(403);
    expect((await issue(t, wa2.token, inventoryId, [{ name: 'pcs', value: 1 }])).status).toBe(403);
    expect([await levelsOf(t.db, inventoryId), await ledgerCount(t.db)]).toEqual(before);
    expect((await t.http.post('/api/inventory/outgoing').send({})).status).toBe(401);
  });

  describe('lists', () => {
    let other: TestProduct;
    beforeAll(async () => {
      other = await createProduct(t.db, { name: `Zebra cable ${Date.now()}`, bufferQuantity: '100' });
      expect((await receive(t, wa2.token, { warehouse: w2, product: other.id, quantity: [{ name: 'pcs', value: 50 }] })).status).toBe(201);
    }, 180_000);

    const ids = (res: { body: { data: { inventories: { product: { _id: string } }[] } } }) =>
      res.body.data.inventories.map((i) => i.product._id);

    it('GET /api/inventory: admin sees every warehouse, a warehouse user only its own', async () => {
      const all = await t.http.get('/api/inventory?limit=100').set(bearer(t.adminToken));
      expect(all.status).toBe(200);
      expect(ids(all)).toEqual(expect.arrayContaining([product.id, other.id]));
      expect(all.body.data.total_count).toBe(all.body.data.inventories.length);
      const mine = await t.http.get('/api/inventory?limit=100').set(bearer(users.warehouseAdmin.token));
      expect(ids(mine)).toContain(product.id);
      expect(ids(mine)).not.toContain(other.id);
      for (const role of ['finance', 'salesSupervisor', 'importAdmin', 'sales'] as Role[]) {
        expect((await t.http.get('/api/inventory').set(bearer(users[role].token))).status).toBe(200);
      }
      const paged = await t.http.get('/api/inventory?limit=1&page=2').set(bearer(t.adminToken));
      expect(paged.body.data.inventories).toHaveLength(1);
      expect((await t.http.get('/api/inventory?limit=1000').set(bearer(t.adminToken))).status).toBe(400);
    });

    it('POST /api/inventory/search filters by text, warehouse and category, in body or query', async () => {
      const byBody = await t.http.post('/api/inventory/search?page=1&limit=10').set(bearer(t.adminToken)).send({ query: 'zebra' });
      expect(byBody.status).toBe(200);
      expect(ids(byBody)).toEqual([other.id]);
      const byQuery = await t.http
        .post(`/api/inventory/search?warehouseId=${w1}&categoryId=${product.categoryId}&productQuery=${encodeURIComponent(product.code)}`)
        .set(bearer(t.adminToken))
        .send({});
      expect(ids(byQuery)).toEqual([product.id]);
      const none = await t.http.post('/api/inventory/search').set(bearer(t.adminToken)).send({ productQuery: 'zebra', warehouseId: w1 });
      expect(none.body.data).toEqual({ inventories: [], total_count: 0, total_capped: false });
      const forbidden = await t.http.post('/api/inventory/search').set(bearer(users.warehouseAdmin.token)).send({ warehouseId: w2 });
      expect(forbidden.status).toBe(403);
      expect((await t.http.post('/api/inventory/search').set(bearer(t.adminToken)).send({ warehouseId: 'x' })).status).toBe(400);
      expect((await t.http.post('/api/inventory/search').set(bearer(t.adminToken)).send({ bogus: 1 })).status).toBe(400);
    });

    it('GET /api/inventory/stock/low lists records at or below the buffer stock, scoped', async () => {
      const low = await t.http.get('/api/inventory/stock/low?limit=100').set(bearer(t.adminToken));
      expect(low.status).toBe(200);
      expect(ids(low)).toContain(other.id);
      expect(ids(low)).not.toContain(product.id);
      const mine = await t.http.get('/api/inventory/stock/low').set(bearer(users.warehouseAdmin.token));
      expect(ids(mine)).not.toContain(other.id);
      // 10 pcs on hand, buffer 5: issuing 5 makes it low (at the buffer)
      expect((await issue(t, users.warehouseAdmin.token, inventoryId, [{ name: 'pcs', value: 5 }])).status).toBe(201);
      expect(ids(await t.http.get('/api/inventory/stock/low').set(bearer(users.warehouseAdmin.token)))).toContain(product.id);
    });
  });
});
