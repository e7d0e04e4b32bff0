import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createUser, createWarehouse, type TestApp, type TestUser, createTestApp } from '../../test/test-app';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, step, stockProduct, type StockedProduct } from './testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

describe('Outgoing lists API: flow, reservation and delivery', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let warehouse: string;
  let otherWarehouse: string;
  let otherWa: TestUser;
  let customer: string;
  let a: StockedProduct;
  let b: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    otherWarehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
    otherWa = await createUser(t, 'warehouseAdmin', otherWarehouse);
    customer = await insertCustomer(t, 'Abebe Kebede');
    a = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }, { name: 'box', value: 5 }]);
    b = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'kg', value: 20.5 }]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const tokens = () => ({ sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token });
  const get = async (id: string) => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list;

  it('runs create, lines, submit, confirm, approve (reserves) and delivery (issues) with the right roles', async () => {
    const created = await t.http
      .post('/api/outgoingLists/create')
      .set(bearer(u.sales.token))
      .send({ warehouse, customer, gin: 'GIN-FLOW-1', fs_number: 'FS-77', remarks: { content: 'Urgent', remark_by: u.finance.id } });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Outgoing List Created Successfully');
    const list = created.body.data.outgoing_list;
    expect(list).toMatchObject({
      gin: 'GIN-FLOW-1',
      status: 'draft',
      fs_number: 'FS-77',
      customer: { _id: customer, name: 'Abebe Kebede', company: 'Abebe Kebede PLC', phone_no: ['911000111'] },
      warehouse: { _id: warehouse },
      created_by: { _id: u.sales.id, first_name: 'Test', last_name: 'sales' },
      submitted_by: null,
      verified_by: null,
      inventory_list: [],
    });
    expect(list.remarks).toEqual([expect.objectContaining({ content: 'Urgent', remark_by: expect.objectContaining({ _id: u.sales.id }) })]);
    const id = list._id;

    expect((await addLine(t, u.sales.token, id, a, [{ name: 'pcs', value: 4 }], 100.5)).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, b, [{ name: 'kg', value: 3.25 }])).status).toBe(200);
    const again = await addLine(t, u.sales.token, id, a, [{ name: 'pcs', value: 1 }, { name: 'box', value: 2 }], 100.5);
    expect(again.status).toBe(200);
    expect(again.body.data.list).toMatchObject({ _id: id, line_count: 2, total_price: '502.50' });
    expect(again.body.data.line).toMatchObject({
      product: { _id: a.productId, code: a.code, name: a.name, quantity: ['pcs', 'box'] },
      inventory: a.inventoryId,
      quantity: [{ name: 'pcs', value: 5 }, { name: 'box', value: 2 }],
      unitPrice: 100.5,
    });
    const upd = await t.http
      .post('/api/outgoingLists/product/update')
      .set(bearer(u.sales.token))
      .send({ list_id: id, product_id: b.productId, quantity: [{ name: 'kg', value: 2.5 }], unitPrice: 40 });
    expect(upd.status).toBe(200);
    expect(upd.body.data.line).toMatchObject({ quantity: [{ name: 'kg', value: 2.5 }], unitPrice: 40 });
    // no unitPrice keeps the line's price; null clears it
    const kept = await t.http.post('/api/outgoingLists/product/update').set(bearer(u.sales.token)).send({ list_id: id, product_id: b.productId, quantity: [{ name: 'kg', value: 2.5 }] });
    expect(kept.body.data.line.unitPrice).toBe(40);
    const cleared = await t.http
      .post('/api/outgoingLists/product/update')
      .set(bearer(u.sales.token))
      .send({ list_id: id, product_id: b.productId, quantity: [{ name: 'kg', value: 2.5 }], unitPrice: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.line.unitPrice).toBeUndefined();
    expect(cleared.body.data.list.total_price).toBe('502.50');
    await t.http.post('/api/outgoingLists/product/update').set(bearer(u.sales.token)).send({ list_id: id, product_id: b.productId, quantity: [{ name: 'kg', value: 2.5 }], unitPrice: 40 });

    const sub = await step(t, u.sales.token, 'submit', id, 'Please check');
    expect(sub.status).toBe(200);
    expect(sub.body.message).toBe('Outgoing List Submitted Successfully');
    expect(sub.body.data.outgoing_list).toMatchObject({ status: 'pending_sales_supervisor_approval', submitted_by: { _id: u.sales.id } });

    const ver = await step(t, u.salesSupervisor.token, 'verify', id, { content: 'Checked', remark_by: u.sales.id });
    expect(ver.body.data.outgoing_list).toMatchObject({ status: 'pending_finance_approval', verified_by: { _id: u.salesSupervisor.id } });

    const app = await step(t, u.finance.token, 'approve', id, 'Paid');
    expect(app.status).toBe(200);
    expect(app.body.data.outgoing_list).toMatchObject({ status: 'approved', approved_by: { _id: u.finance.id } });
    expect(await levelsOf(t, a.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 5 }, box: { onHand: 5, reserved: 2 } });
    expect(await levelsOf(t, b.inventoryId)).toEqual({ kg: { onHand: 20.5, reserved: 2.5 } });
    expect(await ledgerRowsOf(t, id)).toEqual([]);

    const del = await step(t, u.warehouseAdmin.token, 'deliver', id, 'Loaded on truck');
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Delivery Confirmed Successfully');
    const done = del.body.data.outgoing_list;
    expect(done).toMatchObject({ status: 'delivered', outgoing_delivery_overseen_by: { _id: u.warehouseAdmin.id } });
    expect(Date.now() - Date.parse(done.outgoing_delivered_on)).toBeLessThan(60_000);
    expect(done.remarks.map((r: { content: string; remark_by: { _id: string } }) => [r.content, r.remark_by._id])).toEqual([
      ['Urgent', u.sales.id],
      ['Please check', u.sales.id],
      ['Checked', u.salesSupervisor.id],
      ['Paid', u.finance.id],
      ['Loaded on truck', u.warehouseAdmin.id],
    ]);
    expect(await levelsOf(t, a.inventoryId)).toEqual({ pcs: { onHand: 5, reserved: 0 }, box: { onHand: 3, reserved: 0 } });
    expect(await levelsOf(t, b.inventoryId)).toEqual({ kg: { onHand: 18, reserved: 0 } });
    const rows = await ledgerRowsOf(t, id);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ transactionType: 'outgoing', gin: 'GIN-FLOW-1', customerId: customer, source: 'outgoing_list', userId: u.warehouseAdmin.id });
    }
    expect(rows.find((r) => r.inventoryId === b.inventoryId)?.quantity).toEqual([{ name: 'kg', value: 2.5 }]);
  });

  it('lists with ?status= and scopes by warehouse', async () => {
    const other = await stockProduct(t, otherWarehouse, otherWa.id, [{ name: 'pcs', value: 3 }]);
    const mine = await createList(t, u.sales.token, { warehouse: otherWarehouse, customer });
    expect((await addLine(t, u.sales.token, mine, other, [{ name: 'pcs', value: 1 }])).status).toBe(200);
    const all = async (token: string, query = '') =>
      (await t.http.get(`/api/outgoingLists/all${query}`).query({ limit: 100 }).set(bearer(token))).body.data.outgoing_list_all as { _id: string; status: string; warehouse: { _id: string } }[];
    expect((await all(t.adminToken)).map((l) => l._id)).toContain(mine);
    expect((await all(u.warehouseAdmin.token)).every((l) => l.warehouse._id === warehouse)).toBe(true);
    expect((await all(otherWa.token)).map((l) => l._id)).toEqual([mine]);
    expect((await all(u.sales.token, '?status=delivered')).every((l) => l.status === 'delivered')).toBe(true);
    expect((await all(u.sales.token, '?status=draft')).map((l) => l._id)).toContain(mine);
    expect((await t.http.get('/api/outgoingLists/all?status=nope').set(bearer(u.sales.token))).status).toBe(400);
    expect((await t.http.get(`/api/outgoingLists/all?warehouse=${warehouse}`).set(bearer(otherWa.token))).status).toBe(403);
    expect((await t.http.get(`/api/outgoingLists/one/${mine}`).set(bearer(u.warehouseAdmin.token))).status).toBe(403);
    expect((await t.http.get('/api/outgoingLists/all').set(bearer(u.importAdmin.token))).status).toBe(403);
  });

  it('refuses a line asking more than is available (409) and changes nothing', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const before = await get(id);
    const res = await addLine(t, u.sales.token, id, a, [{ name: 'pcs', value: 5.001 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Not enough .* pcs requested 5.001, available 5/);
    expect((await addLine(t, u.sales.token, id, a, [{ name: 'pcs', value: 3 }])).status).toBe(200);
    const sum = await addLine(t, u.sales.token, id, a, [{ name: 'pcs', value: 3 }]);
    expect(sum.status).toBe(409);
    expect((await get(id)).inventory_list[0].quantity).toEqual([{ name: 'pcs', value: 3 }]);
    const upd = await t.http.post('/api/outgoingLists/product/update').set(bearer(u.sales.token)).send({ list_id: id, product_id: a.productId, quantity: [{ name: 'pcs', value: 6 }] });
    expect(upd.status).toBe(409);
    expect((await get(id)).inventory_list).toHaveLength(1);
    expect(before.inventory_list).toEqual([]);
  });

  it('refuses approval when a line is short (409) and reserves nothing of any line', async () => {
    const first = await createList(t, u.sales.token, { warehouse, customer });
    const second = await createList(t, u.sales.token, { warehouse, customer });
    for (const id of [first, second]) {
      expect((await addLine(t, u.sales.token, id, b, [{ name: 'kg', value: 1 }])).status).toBe(200);
      expect((await addLine(t, u.sales.token, id, a, [{ name: 'pcs', value: 3 }])).status).toBe(200);
      await advance(t, tokens(), id, ['submit', 'verify']);
    }
    await advance(t, tokens(), first, ['approve']);
    const before = { a: await levelsOf(t, a.inventoryId), b: await levelsOf(t, b.inventoryId) };
    const res = await step(t, u.finance.token, 'approve', second);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Not enough stock/);
    expect((await get(second)).status).toBe('pending_finance_approval');
    expect({ a: await levelsOf(t, a.inventoryId), b: await levelsOf(t, b.inventoryId) }).toEqual(before);
    expect(before.a.pcs).toEqual({ onHand: 5, reserved: 3 });
  });

  it('refuses submitting an empty list (409)', async () => {
    const id = await createList(t, u.sales.token, { warehouse, customer });
    const res = await step(t, u.sales.token, 'submit', id);
    expect(res.status).toBe(409);
    expect((await get(id)).status).toBe('draft');
  });
});
