import { count, eq } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { outgoingListReturns, stockTransactions } from '../database/schema';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, stockProduct, type StepName, type StepTokens, type StockedProduct } from './testing';
import { toMilli } from './quantities';
import { errorOf, readPdf } from './documents/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

const PATH: Record<string, StepName[]> = {
  draft: [],
  pending_sales_supervisor_approval: ['submit'],
  pending_finance_approval: ['submit', 'verify'],
  approved: ['submit', 'verify', 'approve'],
  delivered: ['submit', 'verify', 'approve', 'deliver'],
};

type Q = { name: string; value: number };

describe('Outgoing lists: customer returns (issue 14)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let tokens: StepTokens;
  let warehouse: string;
  let customer: string;
  let plenty: StockedProduct;
  let boxed: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp({ COMPANY_NAME: 'Selam Trading PLC' });
    warehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
    tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    customer = await insertCustomer(t, 'Almaz Tesfaye');
    plenty = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 1000 }]);
    boxed = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'kg', value: 500 }, { name: 'box', value: 100 }]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const returnGoods = (user: { token: string }, body: object) => t.http.post('/api/outgoingLists/customer-return').set(bearer(user.token)).send(body);
  const one = async (id: string) => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list;
  const creditNote = (id: string, returnId: string, token = u.warehouseAdmin.token) =>
    t.http
      .get(`/api/outgoingLists/${id}/credit-note?return_id=${returnId}`)
      .set(bearer(token))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  /** A list of `lines` (product, quantity, unit price) brought to `status`; returns its id and line ids in order. */
  async function listIn(status: string, lines: [StockedProduct, Q[], number?][] = [[plenty, [{ name: 'pcs', value: 10 }], 25.5]], cust = customer) {
    const id = await createList(t, u.sales.token, { warehouse, customer: cust });
    for (const [p, q, price] of lines) expect((await addLine(t, u.sales.token, id, p, q, price)).status).toBe(200);
    await advance(t, tokens, id, PATH[status]);
    const view = await one(id);
    return { id, gin: view.gin as string, lines: (view.inventory_list as { _id: string }[]).map((l) => l._id) };
  }

  /** Everything a refused return must leave alone. */
  async function snapshot(listId: string) {
    const [{ n: ledger }] = await t.db.select({ n: count() }).from(stockTransactions);
    const [{ n: returns }] = await t.db.select({ n: count() }).from(outgoingListReturns);
    const list = await one(listId);
    return { ledger, returns, list: { ...list, updatedAt: undefined }, plenty: await levelsOf(t, plenty.inventoryId), boxed: await levelsOf(t, boxed.inventoryId) };
  }

  /** On-hand per unit equals the sum of the record's incoming minus outgoing ledger rows (nothing reserved here). */
  async function expectLevelsMatchLedger(inventoryId: string): Promise<void> {
    const sums = new Map<string, number>();
    for (const r of await t.db.select().from(stockTransactions).where(eq(stockTransactions.inventoryId, inventoryId))) {
      for (const q of r.quantity) sums.set(q.name, (sums.get(q.name) ?? 0) + (r.transactionType === 'incoming' ? 1 : -1) * toMilli(q.value));
    }
    const levels = await levelsOf(t, inventoryId);
    for (const [unit, milli] of sums) expect({ unit, onHand: levels[unit].onHand }).toEqual({ unit, onHand: milli / 1000 });
  }

  it('takes goods back for the warehouseAdmin: levels, linked ledger rows (GIN, customer, kind customer_return), the list’s customer_returns', async () => {
    const list = await listIn('delivered', [
      [plenty, [{ name: 'pcs', value: 10 }], 25.5],
      [boxed, [{ name: 'kg', value: 20 }, { name: 'box', value: 4 }], 3.1],
    ]);
    const before = { plenty: await levelsOf(t, plenty.inventoryId), boxed: await levelsOf(t, boxed.inventoryId) };
    const res = await returnGoods(u.warehouseAdmin, {
      list_id: list.id,
      lines: [
        { line_id: list.lines[1], quantity: [{ name: 'kg', value: 2.5 }, { name: 'box', value: 1 }] },
        { line_id: list.lines[0], quantity: [{ name: 'pcs', value: 3 }] },
      ],
      remark: { content: '  Damaged in transport ' },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Customer Return Recorded Successfully');
    const ret = res.body.data.customer_return;
    const expected = {
      _id: expect.any(String),
      credit_note: expect.stringMatching(/^CN-\d+$/),
      returned_by: { _id: u.warehouseAdmin.id, first_name: 'Test', last_name: 'warehouseAdmin' },
      returned_at: expect.any(String),
      reason: 'Damaged in transport',
      lines: [
        { line_id: list.lines[0], product: { _id: plenty.productId, name: plenty.name, code: plenty.code }, quantity: [{ name: 'pcs', value: 3 }], unitPrice: 25.5, unitPrices: [{ name: 'pcs', price: 25.5 }] },
        { line_id: list.lines[1], product: { _id: boxed.productId, name: boxed.name, code: boxed.code }, quantity: [{ name: 'kg', value: 2.5 }, { name: 'box', value: 1 }], unitPrice: 3.1, unitPrices: [{ name: 'kg', price: 3.1 }] },
      ],
    };
    expect(ret).toEqual(expected);
    expect(res.body.data.outgoing_list).toMatchObject({ status: 'delivered', customer_returns: [expected] });
    expect((await one(list.id)).customer_returns).toEqual([expected]);

    expect(await levelsOf(t, plenty.inventoryId)).toEqual({ pcs: { onHand: before.plenty.pcs.onHand + 3, reserved: 0 } });
    expect(await levelsOf(t, boxed.inventoryId)).toEqual({
      kg: { onHand: before.boxed.kg.onHand + 2.5, reserved: 0 },
      box: { onHand: before.boxed.box.onHand + 1, reserved: 0 },
    });
    await expectLevelsMatchLedger(plenty.inventoryId);
    await expectLevelsMatchLedger(boxed.inventoryId);

    const rows = (await ledgerRowsOf(t, list.id)).filter((r) => r.transactionType === 'incoming');
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ source: 'outgoing_list', sourceId: list.id, gin: list.gin, customerId: customer, userId: u.warehouseAdmin.id, remarks: 'Damaged in transport', reversesId: null });
    }
    const search = await t.http.post('/api/transactions/search?limit=100').set(bearer(u.warehouseAdmin.token)).send({ kind: 'customer_return', ginSearchQuery: list.gin });
    expect(search.status).toBe(200);
    const found = search.body.data.transactionsList as { kind: string; transaction_type: string; gin: string; customer: { _id: string }; source_id: string }[];
    expect(found).toHaveLength(2);
    for (const r of found) expect(r).toMatchObject({ kind: 'customer_return', transaction_type: 'incoming', gin: list.gin, customer: { _id: customer }, source_id: list.id });
    const deliveries = await t.http.post('/api/transactions/search?limit=100').set(bearer(u.warehouseAdmin.token)).send({ kind: 'delivery', ginSearchQuery: list.gin });
    expect(deliveries.body.data.transactionsList.map((r: { kind: string }) => r.kind)).toEqual(['delivery', 'delivery']);
  });

  it('bounds every line and unit by delivered minus already returned: two returns, then a third that exceeds (409 naming product, unit and what is left)', async () => {
    const list = await listIn('delivered');
    const back = (value: number) => returnGoods(u.warehouseAdmin, { list_id: list.id, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value }] }], remark: 'Returned' });
    expect((await back(4)).status).toBe(201);
    expect((await back(3.5)).status).toBe(201);
    const before = await snapshot(list.id);
    const third = await back(2.6);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(
      `Cannot take back 2.6 pcs of ${plenty.name} (line ${list.lines[0]}): delivered 10, already returned 7.5; at most 2.5 pcs may still be returned`,
    );
    expect(await snapshot(list.id)).toEqual(before);
    // a repeat with the same Idempotency-Key answers the first return again and posts nothing
    const key = { 'Idempotency-Key': `cr-${list.id}` };
    const first = await t.http.post('/api/outgoingLists/customer-return').set(bearer(u.warehouseAdmin.token)).set(key).send({ list_id: list.id, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 1 }] }], remark: 'Returned' });
    const repeat = await t.http.post('/api/outgoingLists/customer-return').set(bearer(u.warehouseAdmin.token)).set(key).send({ list_id: list.id, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 1 }] }], remark: 'Returned' });
    expect([first.status, repeat.status]).toEqual([201, 201]);
    expect(repeat.body.data.customer_return._id).toBe(first.body.data.customer_return._id);
    expect((await back(1.5)).status).toBe(201);
    const none = await back(0.001);
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/at most 0 pcs may still be returned/);
    expect((await one(list.id)).customer_returns.map((r: { lines: { quantity: Q[] }[] }) => r.lines[0].quantity[0].value)).toEqual([4, 3.5, 1, 1.5]);
    await expectLevelsMatchLedger(plenty.inventoryId);
  });

  it('refuses other roles and warehouses (403), lists not delivered (409 naming the status), bad bodies (400 naming the field); nothing changes', async () => {
    const list = await listIn('delivered');
    const body = { list_id: list.id, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 1 }] }], remark: 'Wrong size' };
    const notDelivered: [string, Awaited<ReturnType<typeof listIn>>][] = [];
    for (const status of ['draft', 'pending_sales_supervisor_approval', 'pending_finance_approval', 'approved']) notDelivered.push([status, await listIn(status)]);
    const before = await snapshot(list.id);
    for (const role of ['admin', 'sales', 'salesSupervisor', 'finance', 'importAdmin'] as Role[]) {
      expect({ role, status: (await returnGoods(u[role], body)).status }).toEqual({ role, status: 403 });
    }
    const stranger = await createUser(t, 'warehouseAdmin', await createWarehouse(t));
    expect((await returnGoods(stranger, body)).status).toBe(403);
    expect((await returnGoods(u.warehouseAdmin, { ...body, list_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    const bad: [object, string][] = [
      [{ ...body, remark: '   ' }, 'remark'],
      [{ list_id: list.id, lines: body.lines }, 'remark'],
      [{ ...body, lines: [] }, 'lines'],
      [{ ...body, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 0 }] }] }, 'lines.0.quantity.0.value'],
      [{ ...body, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: -1 }] }] }, 'lines.0.quantity.0.value'],
      [{ ...body, lines: [{ line_id: list.lines[0], quantity: [] }] }, 'lines.0.quantity'],
      [{ ...body, lines: [{ line_id: list.lines[0], quantity: [{ name: 'kg', value: 1 }] }] }, 'lines.0.quantity.0.name'],
      [{ ...body, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 1 }, { name: 'pcs', value: 1 }] }] }, 'lines.0.quantity.1.name'],
      [{ ...body, lines: [body.lines[0], body.lines[0]] }, 'lines.1.line_id'],
      [{ ...body, lines: [{ line_id: '00000000-0000-4000-8000-000000000000', quantity: [{ name: 'pcs', value: 1 }] }] }, 'lines.0.line_id'],
      [{ ...body, lines: [{ line_id: 'x', quantity: [{ name: 'pcs', value: 1 }] }] }, 'lines.0.line_id'],
    ];
    for (const [b, field] of bad) {
      const res = await returnGoods(u.warehouseAdmin, b);
      expect({ field, status: res.status, named: res.body.errors?.[0]?.field }).toEqual({ field, status: 400, named: field });
    }
    for (const [status, other] of notDelivered) {
      const res = await returnGoods(u.warehouseAdmin, { ...body, list_id: other.id, lines: [{ line_id: other.lines[0], quantity: [{ name: 'pcs', value: 1 }] }] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Only a delivered list takes customer returns: the list is ${status}`);
    }
    expect(await snapshot(list.id)).toEqual(before);
  });

  it('lets exactly one of two parallel returns that together exceed the delivery succeed', async () => {
    const list = await listIn('delivered');
    const body = { list_id: list.id, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 6 }] }], remark: 'Race' };
    const results = await Promise.all([returnGoods(u.warehouseAdmin, body), returnGoods(u.warehouseAdmin, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await one(list.id)).customer_returns).toHaveLength(1);
    expect((await ledgerRowsOf(t, list.id)).filter((r) => r.transactionType === 'incoming')).toHaveLength(1);
    await expectLevelsMatchLedger(plenty.inventoryId);
  });

  it('prints the credit note of a return: returned lines at their prices, VAT included, negative total in ETB; 404 / 409 / 403', async () => {
    const list = await listIn('delivered', [
      [plenty, [{ name: 'pcs', value: 10 }], 100.5],
      [boxed, [{ name: 'kg', value: 8 }], 0.1],
    ]);
    const res = await returnGoods(u.warehouseAdmin, {
      list_id: list.id,
      lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 3 }] }, { line_id: list.lines[1], quantity: [{ name: 'kg', value: 2.5 }] }],
      remark: 'Wrong colour',
    });
    expect(res.status).toBe(201);
    const returnId = res.body.data.customer_return._id as string;
    const pdf = await creditNote(list.id, returnId, t.adminToken);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf);
    // 3 × 100.50 = 301.50; 2.5 × 0.10 = 0.25; credit -301.75, VAT -39.36, excl. VAT -262.39
    for (const field of [
      'Credit Note', 'Selam Trading PLC', `GIN: ${list.gin}`, 'Almaz Tesfaye', 'Wrong colour', plenty.code, plenty.name, '3 pcs', '100.50', '-301.50',
      boxed.code, '2.5 kg', '0.10', '-0.25', 'Total excl. VAT', '-262.39 ETB', 'VAT (15%)', '-39.36 ETB', 'Grand total (VAT incl.)', '-301.75 ETB',
      'Received back by', 'Test warehouseAdmin',
    ]) {
      expect(text).toContain(field);
    }

    const unknown = await creditNote(list.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const other = await listIn('delivered');
    const mismatch = await creditNote(other.id, returnId);
    expect(mismatch.status).toBe(409);
    expect(errorOf(mismatch).message).toBe(`The list ${other.gin} has no customer return ${returnId}`);
    expect((await creditNote(list.id, 'nope')).status).toBe(400);
    for (const role of ['sales', 'finance', 'salesSupervisor', 'importAdmin'] as Role[]) expect((await creditNote(list.id, returnId, u[role].token)).status).toBe(403);
  });

  it('counts sales net of returns: top-selling, top customers, in-vs-out and the interval chart drop by exactly the returned quantity, as the ledger says', async () => {
    const buyer = await insertCustomer(t, 'Net Buyer');
    const bulk = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 5000 }]);
    const list = await listIn('delivered', [[bulk, [{ name: 'pcs', value: 900 }], 1]], buyer);
    const today = new Date().toISOString().slice(0, 10);
    const get = (path: string) => t.http.get(`/api/stats/${path}`).set(bearer(t.adminToken));
    const post = (path: string, body: object) => t.http.post(`/api/stats/${path}`).set(bearer(t.adminToken)).send(body);
    const figures = async () => {
      const top = (await get('rank/products/outgoing/numbers')).body.data.find((r: { productId: string }) => r.productId === bulk.productId);
      const cust = (await get('rank/customers/frequency')).body.data.find((r: { customerId: string }) => r.customerId === buyer);
      const inOut = (await post('rank/products', { startDate: today, endDate: today })).body.data.find((r: { productId: string }) => r.productId === bulk.productId);
      const allTime = (await post('rank/products', {})).body.data.find((r: { productId: string }) => r.productId === bulk.productId);
      const chart = (await post('rank/products/outgoing/periodic/numbers', { startDate: today, endDate: today, period: 'daily' })).body.data.series.find(
        (s: { productId: string }) => s.productId === bulk.productId,
      );
      return { top, cust, inOut, allTime, chart };
    };
    /** Net outgoing of the product from the ledger: deliveries and issues minus customer returns. */
    const fromLedger = async () => {
      let milli = 0;
      for (const r of await t.db.select().from(stockTransactions).where(eq(stockTransactions.productId, bulk.productId))) {
        const q = toMilli(r.quantity[0].value);
        if (r.transactionType === 'outgoing') milli += q;
        else if (r.source === 'outgoing_list') milli -= q;
      }
      return milli / 1000;
    };
    const before = await figures();
    expect(before.top).toMatchObject({ unit: 'pcs', totalQuantity: 900, frequency: 1 });
    expect(before.cust).toMatchObject({ unit: 'pcs', totalQuantity: 900, totalTransactions: 1 });
    expect(before.inOut).toMatchObject({ incomingQuantity: 5000, outgoingQuantity: 900 });

    const res = await returnGoods(u.warehouseAdmin, { list_id: list.id, lines: [{ line_id: list.lines[0], quantity: [{ name: 'pcs', value: 120.5 }] }], remark: 'Surplus' });
    expect(res.status).toBe(201);
    const after = await figures();
    const net = await fromLedger();
    expect(net).toBe(779.5);
    expect(after.top).toMatchObject({ unit: 'pcs', totalQuantity: net, frequency: 1 });
    expect(after.cust).toMatchObject({ unit: 'pcs', totalQuantity: net, totalTransactions: 1 });
    expect(after.inOut).toMatchObject({ incomingQuantity: 5000, outgoingQuantity: net });
    expect(after.allTime).toMatchObject({ incomingQuantity: 5000, outgoingQuantity: net });
    expect(after.chart).toMatchObject({ totalQuantity: net, quantities: [net] });
    expect(before.chart.totalQuantity - after.chart.totalQuantity).toBe(120.5);
  });
});
