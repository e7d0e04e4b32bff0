import { createListsApp, bearer, uniq, type TestApp } from '../../test/test-app';
import { draftList, getList, post, type IncomingFixture } from './testing';

// The shared machine can be slow: setup and the long matrices get more than the default minute.
const SETUP_MS = 240_000;

describe('Incoming lists API', () => {
  let t: TestApp;
  let fx: IncomingFixture;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
  }, SETUP_MS);
  afterAll(() => t.close());

  const all = async (query = '', token = t.adminToken) => {
    const res = await t.http.get(`/api/incomingLists/all${query}`).query({ limit: 100 }).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.data.incoming_list_all as { _id: string; status: string; warehouse: { _id: string } }[];
  };

  it('creates a draft with the spec’s shape; remark_by of the body is ignored', async () => {
    const grn = `GRN-${uniq()}`;
    const res = await post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.warehouse, grn, remarks: { content: ' First ', remark_by: fx.users.sales.id } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Incoming List Created Successfully');
    const list = res.body.data.incoming_list[0];
    expect(list).toMatchObject({
      grn,
      status: 'draft',
      warehouse: { _id: fx.warehouse },
      created_by: { _id: fx.users.warehouseAdmin.id, first_name: 'Test', last_name: 'warehouseAdmin' },
      remarks: [{ content: 'First', remark_by: { _id: fx.users.warehouseAdmin.id, first_name: 'Test', last_name: 'warehouseAdmin' } }],
      inventory_list: [],
      submitted_by: null,
      confirmed_by: null,
      approved_by: null,
    });
    expect(typeof list.warehouse.name).toBe('string');
    expect(typeof list.createdAt).toBe('string');

    const one = await t.http.get(`/api/incomingLists/one/${list._id}`).set(bearer(fx.users.finance.token));
    expect(one.status).toBe(200);
    expect(one.body.data.incoming_list).toEqual([list]);
  });

  it('answers 409 for a GRN already used and creates nothing', async () => {
    const { grn } = await draftList(fx, 0);
    const count = (await all()).length;
    const res = await post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.warehouse, grn });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`GRN "${grn}" is already used`);
    expect(await all()).toHaveLength(count);
  });

  it('names the GRN when creates race: one 201, the others 409 naming the value', async () => {
    const grn = `GRN-RACE-${uniq()}`;
    const count = (await all()).length;
    const results = await Promise.all([1, 2, 3].map(() => post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.warehouse, grn })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ statusCode: 409, message: `GRN "${grn}" is already used`, error: 'Conflict' });
    expect(await all()).toHaveLength(count + 1);
    // case-sensitive: another case is another GRN
    expect((await post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.warehouse, grn: grn.toLowerCase() })).status).toBe(201);
  });

  it('adds lines, adds the same product to its line, updates and removes lines', async () => {
    const { id } = await draftList(fx, 0);
    const [p1, p2] = fx.products;
    const add = (product: string, quantity: object[]) => post(fx, 'product/add', fx.users.warehouseAdmin, { list_id: id, product, quantity });
    expect((await add(p1._id, [{ name: 'pcs', value: 1.1 }])).status).toBe(200);
    const merged = await add(p1._id, [{ name: 'pcs', value: 2.2 }, { name: 'box', value: 1 }]);
    expect(merged.status).toBe(200);
    expect(merged.body.message).toBe('Incoming List Updated Successfully');
    const line = merged.body.data.line;
    expect(line).toMatchObject({ product: { _id: p1._id, name: p1.name, code: p1.code, quantity: ['pcs', 'box'] }, quantity: [{ name: 'pcs', value: 3.3 }, { name: 'box', value: 1 }] });
    expect(line.product).toHaveProperty('image_extension');
    expect(merged.body.data.list).toMatchObject({ _id: id, line_count: 1 });
    expect((await add(p2._id, [{ name: 'box', value: 4 }])).status).toBe(200);

    const upd = await post(fx, 'product/update', fx.users.warehouseAdmin, { list_id: id, product_id: p1._id, quantity: [{ name: 'box', value: 7 }], purchasedPrice: 99.5 });
    expect(upd.status).toBe(200);
    expect(upd.body.data.line).toMatchObject({ _id: line._id, quantity: [{ name: 'box', value: 7 }], purchasedPrice: 99.5 });

    const rem = await post(fx, 'product/remove', fx.users.warehouseAdmin, { list_id: id, product_id: p1._id });
    expect(rem.status).toBe(200);
    expect(rem.body.message).toBe('Incoming List Removed Successfully');
    expect(rem.body.data).toMatchObject({ list: { _id: id, line_count: 1 }, line: { _id: line._id, removed: true } });
    expect((await getList(fx, id)).inventory_list.map((l: { product: { _id: string } }) => l.product._id)).toEqual([p2._id]);

    const again = await post(fx, 'product/remove', fx.users.warehouseAdmin, { list_id: id, product_id: p1._id });
    expect(again.status).toBe(404);
  });

  it('filters by status and scopes a warehouseAdmin to its own warehouse', async () => {
    const mine = await draftList(fx, 1);
    const other = await post(fx, 'create', fx.otherAdmin, { warehouse: fx.otherWarehouse, grn: `GRN-${uniq()}` });
    expect(other.status).toBe(201);
    const otherId = other.body.data.incoming_list[0]._id;
    await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: mine.id });

    const pending = await all('?status=pending_import_admin_approval');
    expect(pending.map((l) => l._id)).toContain(mine.id);
    expect(pending.every((l) => l.status === 'pending_import_admin_approval')).toBe(true);
    expect((await all('?status=draft')).map((l) => l._id)).toContain(otherId);

    const own = await all('', fx.users.warehouseAdmin.token);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((l) => l.warehouse._id === fx.warehouse)).toBe(true);
    expect((await all('', fx.users.importAdmin.token)).map((l) => l._id)).toEqual(expect.arrayContaining([mine.id, otherId]));

    const denied = [
      await t.http.get(`/api/incomingLists/one/${otherId}`).set(bearer(fx.users.warehouseAdmin.token)),
      await t.http.get(`/api/incomingLists/all?warehouse=${fx.otherWarehouse}`).set(bearer(fx.users.warehouseAdmin.token)),
      await post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.otherWarehouse, grn: `GRN-${uniq()}` }),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403]);
  });

  it('lets only admin, warehouseAdmin, importAdmin and finance read, and only warehouseAdmin create', async () => {
    for (const role of ['sales', 'salesSupervisor'] as const) {
      expect((await t.http.get('/api/incomingLists/all').set(bearer(fx.users[role].token))).status).toBe(403);
    }
    const count = (await all()).length;
    for (const role of ['admin', 'finance', 'importAdmin', 'sales', 'salesSupervisor'] as const) {
      const res = await post(fx, 'create', fx.users[role], { warehouse: fx.warehouse, grn: `GRN-${uniq()}` });
      expect(res.status).toBe(403);
    }
    expect(await all()).toHaveLength(count);
    expect((await t.http.get('/api/incomingLists/all')).status).toBe(401);
  });

  it.each([
    [{}, /warehouse must be a valid id/],
    [{ grn: 'G1' }, /warehouse/],
    [{ warehouse: 'x', grn: 'G1' }, /warehouse must be a valid id/],
    [{ warehouse: 'WH', grn: '' }, /Missing GRN/],
    [{ warehouse: 'WH', grn: 5 }, /string/],
    [{ warehouse: 'WH', grn: 'x'.repeat(10_000) }, /shorter than or equal/],
    [{ warehouse: 'WH', grn: 'G', remarks: 5 }, /remarks must be a string or \{content\}/],
    [{ warehouse: 'WH', grn: 'G', remarks: { content: 'x'.repeat(10_000) } }, /shorter than or equal/],
    [{ warehouse: 'WH', grn: 'G', remarks: { content: 'a', extra: 1 } }, /remarks must be a string or \{content\}/],
    [{ warehouse: 'WH', grn: 'G', extra: 1 }, /Unknown field "extra"/],
    [{ warehouse: '00000000-0000-4000-8000-000000000000', grn: 'G' }, /(active warehouse|own warehouse)/],
  ])('rejects a bad create body #%# with 4xx and creates nothing', async (body, message) => {
    const count = (await all()).length;
    const send = JSON.parse(JSON.stringify(body).replace('"WH"', JSON.stringify(fx.warehouse)));
    const res = await post(fx, 'create', fx.users.warehouseAdmin, send);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toMatch(message);
    expect(await all()).toHaveLength(count);
  });

  it.each([
    [{ quantity: [] }, 400, /at least one unit/],
    [{ quantity: [{ name: 'kg', value: 1 }] }, 400, /not a unit/],
    [{ quantity: [{ name: 'pcs', value: 0 }] }, 400, /greater than 0/],
    [{ quantity: [{ name: 'pcs', value: -2 }] }, 400, /greater than 0/],
    [{ quantity: [{ name: 'pcs', value: 1.2345 }] }, 400, /3 decimals/],
    [{ quantity: [{ name: 'pcs', value: '3' }] }, 400, /number/],
    [{ quantity: [{ name: 'pcs', value: 1 }, { name: 'pcs', value: 1 }] }, 400, /twice/],
    [{ quantity: 'pcs' }, 400, /array/],
    [{ quantity: [{ name: 'pcs', value: 1 }], purchasedPrice: -1 }, 400, /purchasedPrice/],
    [{ quantity: [{ name: 'pcs', value: 1 }], extra: true }, 400, /Unknown field "extra"/],
    [{ quantity: [{ name: 'pcs', value: 1 }], product: 'nope' }, 400, /product must be a valid id/],
    [{ quantity: [{ name: 'pcs', value: 1 }], product: '00000000-0000-4000-8000-000000000000' }, 404, /Product not found/],
  ])('rejects a bad line #%# and changes nothing', async (patch, status, message) => {
    const { id } = await draftList(fx, 1);
    const before = await getList(fx, id);
    const res = await post(fx, 'product/add', fx.users.warehouseAdmin, { list_id: id, product: fx.products[0]._id, ...patch });
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect((await getList(fx, id)).inventory_list).toEqual(before.inventory_list);
  });

  it('answers 400 for malformed ids and 404 for unknown lists', async () => {
    expect((await t.http.get('/api/incomingLists/one/abc').set(bearer(t.adminToken))).status).toBe(400);
    expect((await t.http.get('/api/incomingLists/one/00000000-0000-4000-8000-000000000000').set(bearer(t.adminToken))).status).toBe(404);
    expect((await t.http.get('/api/incomingLists/all?status=closed').set(bearer(t.adminToken))).status).toBe(400);
    const unknown = { list_id: '00000000-0000-4000-8000-000000000000', remark: 'x' };
    expect((await post(fx, 'submit', fx.users.warehouseAdmin, unknown)).status).toBe(404);
    expect((await post(fx, 'approve', fx.users.finance, unknown)).status).toBe(404);
    expect((await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: 'x' })).status).toBe(400);
    const { id } = await draftList(fx, 1);
    const bad = await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: id, remark: { content: 5 } });
    expect(bad.status).toBe(400);
    expect((await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: id, remark: ['x'] })).status).toBe(400);
    expect((await getList(fx, id)).status).toBe('draft');
  });
});
