import { sql } from 'drizzle-orm';
import { bearer, createListsApp, type TestApp } from '../../test/test-app';
import { auditEvents } from '../database/schema';
import { post, type IncomingFixture } from '../incoming/testing';
import { addLine, advance, createList, insertCustomer, stockProduct, type StepTokens, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

type Change = { field: string; before: unknown; after: unknown };
type Event = { action: string; entity: string; entity_id: string; user: { _id: string | null; role: string | null }; changes: Change[] };

/** The audit trail of incoming and outgoing lists, direct receipts and issues, and reversals. */
describe('Audit trail of stock lists and movements (issue 14)', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  let tokens: StepTokens;
  let customer: string;
  let stocked: StockedProduct;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    const u = fx.users;
    tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    customer = await insertCustomer(t, 'Almaz Tesfaye');
    stocked = await stockProduct(t, fx.warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 1000 }], 'Hex bolt M8');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  /** A record's history, oldest first. */
  async function history(entity: string, id: string, token = t.adminToken): Promise<Event[]> {
    const res = await t.http.get(`/api/audit/${entity}/${id}?limit=100`).set(bearer(token));
    expect(res.status).toBe(200);
    return [...res.body.data.events].reverse();
  }
  const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0].n;
  const outgoing = (path: string, token: string, body: object) => t.http.post(`/api/outgoingLists/${path}`).set(bearer(token)).send(body);
  const oneOutgoing = async (id: string) => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list;
  const status = (before: string | null, after: string) => ({ field: 'status', before, after });
  const remark = (text: string) => ({ field: 'remark', before: null, after: text });

  it('an incoming list through create, line add and update, submit, return, resubmit, confirm and approve: one event per step, in order', async () => {
    const { warehouseAdmin: wa, importAdmin, finance } = fx.users;
    const [bolt] = fx.products;
    const grn = `GRN-AUDIT-${Date.now()}`;
    const created = await post(fx, 'create', wa, { warehouse: fx.warehouse, grn, remarks: 'From Djibouti' });
    expect(created.status).toBe(201);
    const id: string = created.body.data.incoming_list[0]._id;
    const ok = async (res: { status: number; body: unknown }) => expect([res.status, res.body]).toEqual([200, expect.anything()]);
    await ok(await post(fx, 'product/add', wa, { list_id: id, product: bolt._id, quantity: [{ name: 'pcs', value: 10 }] }));
    await ok(await post(fx, 'product/update', wa, { list_id: id, product_id: bolt._id, quantity: [{ name: 'pcs', value: 12 }], purchasedPrice: 25.5 }));
    await ok(await post(fx, 'submit', wa, { list_id: id }));
    await ok(await post(fx, 'return', importAdmin, { list_id: id, remark: 'Count the bolts again' }));
    await ok(await post(fx, 'submit', wa, { list_id: id, remark: 'Counted: 12' }));
    await ok(await post(fx, 'import-admin/approve-and-submit-for-finance-approval', importAdmin, { list_id: id }));
    await ok(await post(fx, 'approve', finance, { list_id: id, remark: 'Paid' }));

    const events = await history('incoming_list', id, wa.token);
    expect(events.map((e) => e.action)).toEqual(['create', 'add_line', 'update_line', 'submit', 'return', 'submit', 'confirm', 'approve']);
    expect(events.every((e) => e.entity === 'incoming_list' && e.entity_id === id)).toBe(true);
    const [create, add, update, submit, ret, resubmit, confirm, approve] = events;
    expect(create.user).toMatchObject({ _id: wa.id, role: 'warehouseAdmin' });
    expect(create.changes).toEqual(
      expect.arrayContaining([
        { field: 'grn', before: null, after: grn },
        { field: 'warehouse', before: null, after: expect.stringMatching(/^Warehouse /) },
        status(null, 'draft'),
        remark('From Djibouti'),
      ]),
    );
    const line = `line ${bolt.name}`;
    expect(add.changes).toEqual([{ field: line, before: null, after: [{ name: 'pcs', value: 10 }] }]);
    expect(update.changes).toEqual([
      { field: line, before: [{ name: 'pcs', value: 10 }], after: [{ name: 'pcs', value: 12 }] },
      { field: `${line} purchasedPrice`, before: null, after: 25.5 },
    ]);
    expect(submit.changes).toEqual([status('draft', 'pending_import_admin_approval')]);
    expect(ret.user).toMatchObject({ _id: importAdmin.id, role: 'importAdmin' });
    expect(ret.changes).toEqual([status('pending_import_admin_approval', 'draft'), remark('Count the bolts again')]);
    expect(resubmit.changes).toEqual([status('draft', 'pending_import_admin_approval'), remark('Counted: 12')]);
    expect(confirm.changes).toEqual([status('pending_import_admin_approval', 'pending_finance_approval')]);
    expect(approve.user).toMatchObject({ _id: finance.id, role: 'finance' });
    expect(approve.changes).toEqual([
      status('pending_finance_approval', 'approved'),
      remark('Paid'),
      { field: 'received', before: null, after: [{ product: bolt.name, quantity: [{ name: 'pcs', value: 12 }] }] },
    ]);
  });

  it('an incoming line removal and a cancel name the line and the reason', async () => {
    const wa = fx.users.warehouseAdmin;
    const [bolt, nut] = fx.products;
    const { id } = await createIncoming([bolt, nut]);
    expect((await post(fx, 'product/remove', wa, { list_id: id, product_id: nut._id })).status).toBe(200);
    expect((await post(fx, 'cancel', wa, { list_id: id, remark: 'Order withdrawn' })).status).toBe(200);
    const events = await history('incoming_list', id);
    expect(events.map((e) => e.action)).toEqual(['create', 'add_line', 'add_line', 'remove_line', 'cancel']);
    expect(events[3].changes).toEqual([{ field: `line ${nut.name}`, before: [{ name: 'pcs', value: 10 }], after: null }]);
    expect(events[4].changes).toEqual([status('draft', 'cancelled'), remark('Order withdrawn')]);
  });

  it('an outgoing list through create, line add and update, submit, confirm, approve, deliver and customer return', async () => {
    const { sales, salesSupervisor, finance, warehouseAdmin: wa } = fx.users;
    const id = await createList(t, sales.token, { warehouse: fx.warehouse, customer });
    expect((await addLine(t, sales.token, id, stocked, [{ name: 'pcs', value: 5 }], 10)).status).toBe(200);
    const lineId: string = (await oneOutgoing(id)).inventory_list[0]._id;
    expect((await outgoing('product/update', sales.token, { list_id: id, product_id: lineId, quantity: [{ name: 'pcs', value: 6 }], unitPrice: 12.5 })).status).toBe(200);
    await advance(t, tokens, id, ['submit', 'verify', 'approve', 'deliver']);
    const back = await outgoing('customer-return', wa.token, { list_id: id, lines: [{ line_id: lineId, quantity: [{ name: 'pcs', value: 2 }] }], remark: 'Two were bent' });
    expect(back.status).toBe(201);

    const events = await history('outgoing_list', id, sales.token);
    expect(events.map((e) => e.action)).toEqual(['create', 'add_line', 'update_line', 'submit', 'confirm', 'approve', 'deliver', 'customer_return']);
    const [create, add, update, submit, confirm, approve, deliver, customerReturn] = events;
    expect(create.changes).toEqual(
      expect.arrayContaining([
        { field: 'gin', before: null, after: expect.stringMatching(/^GIN-/) },
        { field: 'customer', before: null, after: 'Almaz Tesfaye' },
        { field: 'fs_number', before: null, after: 'FS-1' },
        status(null, 'draft'),
        remark('New list'),
      ]),
    );
    const line = 'line Hex bolt M8';
    expect(add.changes).toEqual([
      { field: line, before: null, after: [{ name: 'pcs', value: 5 }] },
      { field: `${line} unitPrice`, before: null, after: 10 },
    ]);
    expect(update.changes).toEqual([
      { field: line, before: [{ name: 'pcs', value: 5 }], after: [{ name: 'pcs', value: 6 }] },
      { field: `${line} unitPrice`, before: 10, after: 12.5 },
    ]);
    expect(submit).toMatchObject({ user: { _id: sales.id }, changes: [status('draft', 'pending_sales_supervisor_approval')] });
    expect(confirm).toMatchObject({ user: { _id: salesSupervisor.id }, changes: [status('pending_sales_supervisor_approval', 'pending_finance_approval')] });
    const moved = [{ product: 'Hex bolt M8', quantity: [{ name: 'pcs', value: 6 }] }];
    expect(approve).toMatchObject({ user: { _id: finance.id }, changes: [status('pending_finance_approval', 'approved'), { field: 'reserved', before: null, after: moved }] });
    expect(deliver).toMatchObject({ user: { _id: wa.id }, changes: [status('approved', 'delivered'), { field: 'issued', before: null, after: moved }] });
    expect(customerReturn.user).toMatchObject({ _id: wa.id, role: 'warehouseAdmin' });
    expect(customerReturn.changes).toEqual([
      { field: 'customer_return', before: null, after: back.body.data.customer_return._id },
      { field: 'credit_note', before: null, after: back.body.data.customer_return.credit_note },
      { field: 'returned', before: null, after: [{ line_id: lineId, product: 'Hex bolt M8', quantity: [{ name: 'pcs', value: 2 }] }] },
      remark('Two were bent'),
    ]);
  });

  it('an outgoing return, line removal and the cancel of an approved list (releasing its reservation)', async () => {
    const { sales, salesSupervisor, finance } = fx.users;
    const id = await createList(t, sales.token, { warehouse: fx.warehouse, customer });
    expect((await addLine(t, sales.token, id, stocked, [{ name: 'pcs', value: 3 }])).status).toBe(200);
    expect((await addLine(t, sales.token, id, stocked, [{ name: 'pcs', value: 1 }], 9)).status).toBe(200);
    const priced = (await oneOutgoing(id)).inventory_list[1]._id;
    expect((await outgoing('product/remove', sales.token, { list_id: id, product_id: priced })).status).toBe(200);
    await advance(t, tokens, id, ['submit']);
    expect((await outgoing('return', salesSupervisor.token, { list_id: id, remark: 'Wrong customer branch' })).status).toBe(200);
    await advance(t, tokens, id, ['submit', 'verify', 'approve']);
    expect((await outgoing('cancel', finance.token, { list_id: id, remark: 'Customer cancelled the order' })).status).toBe(200);

    const events = await history('outgoing_list', id);
    expect(events.map((e) => e.action)).toEqual(['create', 'add_line', 'add_line', 'remove_line', 'submit', 'return', 'submit', 'confirm', 'approve', 'cancel']);
    expect(events[3].changes).toEqual([
      { field: 'line Hex bolt M8', before: [{ name: 'pcs', value: 1 }], after: null },
      { field: 'line Hex bolt M8 unitPrice', before: 9, after: null },
    ]);
    expect(events[5]).toMatchObject({ user: { _id: salesSupervisor.id }, changes: [status('pending_sales_supervisor_approval', 'draft'), remark('Wrong customer branch')] });
    expect(events[9]).toMatchObject({
      user: { _id: finance.id, role: 'finance' },
      changes: [status('approved', 'cancelled'), remark('Customer cancelled the order'), { field: 'released', before: null, after: [{ product: 'Hex bolt M8', quantity: [{ name: 'pcs', value: 3 }] }] }],
    });
  });

  it('an outgoing line whose new price another line of the stock has merges into it, and the event says so', async () => {
    const { sales } = fx.users;
    const id = await createList(t, sales.token, { warehouse: fx.warehouse, customer });
    expect((await addLine(t, sales.token, id, stocked, [{ name: 'pcs', value: 3 }])).status).toBe(200);
    expect((await addLine(t, sales.token, id, stocked, [{ name: 'pcs', value: 1 }], 9)).status).toBe(200);
    const [plain, priced] = (await oneOutgoing(id)).inventory_list.map((l: { _id: string }) => l._id);
    const res = await outgoing('product/update', sales.token, { list_id: id, product_id: priced, quantity: [{ name: 'pcs', value: 1 }], unitPrice: null });
    expect(res.status).toBe(200);
    expect(res.body.data.line._id).toBe(plain);
    const events = await history('outgoing_list', id);
    expect(events.at(-1)).toMatchObject({
      action: 'update_line',
      changes: [
        { field: 'line Hex bolt M8', before: [{ name: 'pcs', value: 1 }], after: [{ name: 'pcs', value: 4 }] },
        { field: 'line Hex bolt M8 unitPrice', before: 9, after: null },
        { field: 'merged_into_line', before: null, after: plain },
      ],
    });
  });

  it("a direct receipt's history shows the receipt and then its reversal; a direct issue shows the issue", async () => {
    const wa = fx.users.warehouseAdmin;
    const [bolt] = fx.products;
    const received = await t.http
      .post('/api/inventory/incoming')
      .set(bearer(wa.token))
      .send({ warehouse: fx.warehouse, product: bolt._id, quantity: [{ name: 'pcs', value: 7 }], grn: 'GRN-DIRECT-1', remarks: 'Walk-in delivery', purchasedPrice: 3.5 });
    expect(received.status).toBe(201);
    const receipt: string = received.body.data.transaction_id;
    const inventoryId: string = received.body.data.inventory._id;
    const reversed = await t.http.post('/api/transactions/reverse').set(bearer(wa.token)).send({ transaction_id: receipt, remark: 'Booked twice' });
    expect(reversed.status).toBe(200);

    const events = await history('transaction', receipt, wa.token);
    expect(events.map((e) => e.action)).toEqual(['receipt', 'reverse']);
    expect(events.every((e) => e.entity === 'transaction' && e.entity_id === receipt)).toBe(true);
    expect(events[0].changes).toEqual([
      { field: 'product', before: null, after: bolt._id },
      { field: 'warehouse', before: null, after: fx.warehouse },
      { field: 'inventory', before: null, after: inventoryId },
      { field: 'quantity', before: null, after: [{ name: 'pcs', value: 7 }] },
      { field: 'grn', before: null, after: 'GRN-DIRECT-1' },
      { field: 'remark', before: null, after: 'Walk-in delivery' },
      { field: 'purchasedPrice', before: null, after: 3.5 },
    ]);
    expect(events[1]).toMatchObject({
      user: { _id: wa.id, role: 'warehouseAdmin' },
      changes: [
        { field: 'reversed_by', before: null, after: reversed.body.data.reversal._id },
        { field: 'remark', before: null, after: 'Booked twice' },
      ],
    });

    const issued = await t.http
      .post('/api/inventory/outgoing')
      .set(bearer(wa.token))
      .send({ id: stocked.inventoryId, quantity: [{ name: 'pcs', value: 4 }], gin: 'GIN-DIRECT-1', taken_by: 'Kebede' });
    expect(issued.status).toBe(201);
    expect(issued.body.data.inventory).toMatchObject({ _id: stocked.inventoryId, product: { name: 'Hex bolt M8' }, warehouse: { _id: fx.warehouse } });
    const issue = await history('transaction', issued.body.data.transaction_id);
    expect(issue.map((e) => e.action)).toEqual(['issue']);
    expect(issue[0].changes).toEqual([
      { field: 'product', before: null, after: stocked.productId },
      { field: 'warehouse', before: null, after: fx.warehouse },
      { field: 'inventory', before: null, after: stocked.inventoryId },
      { field: 'quantity', before: null, after: [{ name: 'pcs', value: 4 }] },
      { field: 'gin', before: null, after: 'GIN-DIRECT-1' },
      { field: 'taken_by', before: null, after: 'Kebede' },
    ]);
  });

  it('a refused request (403, 404, 409) writes no event', async () => {
    const { warehouseAdmin: wa, importAdmin, sales, finance } = fx.users;
    const incoming = await createIncoming(fx.products.slice(0, 1));
    const submitted = await createIncoming(fx.products.slice(0, 1));
    expect((await post(fx, 'submit', wa, { list_id: submitted.id })).status).toBe(200);
    const out = await createList(t, sales.token, { warehouse: fx.warehouse, customer });
    expect((await addLine(t, sales.token, out, stocked, [{ name: 'pcs', value: 1 }])).status).toBe(200);
    const received = await t.http
      .post('/api/inventory/incoming')
      .set(bearer(wa.token))
      .send({ warehouse: fx.warehouse, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }], grn: 'GRN-DIRECT-2' });
    expect(received.status).toBe(201);
    const receipt = received.body.data.transaction_id;
    expect((await t.http.post('/api/transactions/reverse').set(bearer(wa.token)).send({ transaction_id: receipt, remark: 'Wrong' })).status).toBe(200);

    const before = await eventCount();
    const refused: [string, Promise<{ status: number }>, number][] = [
      ['incoming submit by finance (role)', post(fx, 'submit', finance, { list_id: incoming.id }), 403],
      ['incoming line edit by the import admin in draft', post(fx, 'product/update', importAdmin, { list_id: incoming.id, product_id: fx.products[0]._id, quantity: [{ name: 'pcs', value: 2 }] }), 403],
      ['incoming cancel by the import admin', post(fx, 'cancel', importAdmin, { list_id: incoming.id, remark: 'No' }), 403],
      ['incoming step of another warehouse', post(fx, 'submit', fx.otherAdmin, { list_id: incoming.id }), 403],
      ['incoming submit twice', post(fx, 'submit', wa, { list_id: submitted.id }), 409],
      ['incoming approve before confirm', post(fx, 'approve', finance, { list_id: submitted.id }), 409],
      ['incoming line edit after submit', post(fx, 'product/add', wa, { list_id: submitted.id, product: fx.products[1]._id, quantity: [{ name: 'pcs', value: 1 }] }), 200],
      ['incoming unknown line', post(fx, 'product/remove', wa, { list_id: incoming.id, product_id: fx.products[1]._id }), 404],
      ['outgoing approve of a draft', outgoing('approve', finance.token, { list_id: out }), 409],
      ['outgoing deliver by sales (role)', outgoing('delivery/confirm', sales.token, { list_id: out }), 403],
      ['outgoing line beyond stock', addLine(t, sales.token, out, stocked, [{ name: 'pcs', value: 100_000 }]), 409],
      ['outgoing customer return of a draft', outgoing('customer-return', wa.token, { list_id: out, lines: [{ line_id: out, quantity: [{ name: 'pcs', value: 1 }] }], remark: 'x' }), 409],
      ['second reversal', t.http.post('/api/transactions/reverse').set(bearer(wa.token)).send({ transaction_id: receipt, remark: 'Again' }), 409],
      ['reversal of another warehouse', t.http.post('/api/transactions/reverse').set(bearer(fx.otherAdmin.token)).send({ transaction_id: receipt, remark: 'x' }), 403],
      ['issue beyond stock', t.http.post('/api/inventory/outgoing').set(bearer(wa.token)).send({ id: stocked.inventoryId, quantity: [{ name: 'pcs', value: 100_000 }], gin: 'GIN-X' }), 409],
      ['receipt into another warehouse', t.http.post('/api/inventory/incoming').set(bearer(wa.token)).send({ warehouse: fx.otherWarehouse, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }], grn: 'GRN-X' }), 403],
    ];
    const accepted = [];
    for (const [what, res, expected] of refused) {
      expect([what, (await res).status]).toEqual([what, expected]);
      if (expected === 200) accepted.push(what);
    }
    // only the one accepted request (a line edit the warehouseAdmin may still make after submit) wrote an event
    expect(accepted).toHaveLength(1);
    expect(await eventCount()).toBe(before + 1);
    expect((await history('incoming_list', submitted.id)).map((e) => e.action)).toEqual(['create', 'add_line', 'submit', 'add_line']);
  });

  it("the history of another warehouse's list or movement answers 403 to that warehouse's admin", async () => {
    const { id } = await createIncoming(fx.products.slice(0, 1));
    const out = await createList(t, fx.users.sales.token, { warehouse: fx.warehouse, customer });
    const received = await t.http
      .post('/api/inventory/incoming')
      .set(bearer(fx.users.warehouseAdmin.token))
      .send({ warehouse: fx.warehouse, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }], grn: 'GRN-DIRECT-3' });
    const other = fx.otherAdmin.token;
    for (const [entity, recordId] of [
      ['incoming_list', id],
      ['outgoing_list', out],
      ['transaction', received.body.data.transaction_id],
    ]) {
      expect([entity, (await t.http.get(`/api/audit/${entity}/${recordId}`).set(bearer(other))).status]).toEqual([entity, 403]);
      expect((await history(entity, recordId, fx.users.warehouseAdmin.token)).length).toBeGreaterThan(0);
    }
    // the sales role may read outgoing lists but not incoming ones
    expect((await t.http.get(`/api/audit/incoming_list/${id}`).set(bearer(fx.users.sales.token))).status).toBe(403);
  });

  /** A draft incoming list in the fixture's warehouse with a 10 pcs line of each product. */
  async function createIncoming(products: { _id: string }[]): Promise<{ id: string }> {
    const res = await post(fx, 'create', fx.users.warehouseAdmin, { warehouse: fx.warehouse, grn: `GRN-A-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` });
    expect(res.status).toBe(201);
    const id = res.body.data.incoming_list[0]._id;
    for (const p of products) {
      expect((await post(fx, 'product/add', fx.users.warehouseAdmin, { list_id: id, product: p._id, quantity: [{ name: 'pcs', value: 10 }] })).status).toBe(200);
    }
    return { id };
  }
});
