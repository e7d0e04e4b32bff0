import { bearer, createRoleUsers, createUser, createWarehouse, createTestApp, uniq, type TestApp, type TestUser } from '../../test/test-app';
import type { Role } from '@inventory/common';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { createProduct, dailyTotalMismatches, issue, ledgerCount, ledgerMismatches, levelsOf, receive, type TestProduct } from '../inventory/testing';

type Row = { _id: string; kind: string; transaction_type: string; remarks: string | null; reverses: { _id: string } | null; reversed_by: { _id: string } | null };

/** Reversal of direct movements: POST /api/transactions/reverse and the rows' `kind`. */
describe('Transactions API: reversal of direct movements', () => {
  let t: TestApp;
  let w1: string;
  let w2: string;
  let users: Record<Role, TestUser>;
  let wa: string;
  let wa2: TestUser;
  let bolt: TestProduct;

  const reverse = (body: Record<string, unknown>, token = wa) => t.http.post('/api/transactions/reverse').set(bearer(token)).send(body);
  const search = async (body: Record<string, unknown>): Promise<Row[]> => {
    const res = await t.http.post('/api/transactions/search?page=1&limit=100').set(bearer(t.adminToken)).send(body);
    expect(res.status).toBe(200);
    return res.body.data.transactionsList;
  };
  const rowOf = async (id: string): Promise<Row> => (await search({})).find((r) => r._id === id)!;
  /** A direct receipt of `value` pcs of `product` in w1; its inventory id and transaction id. */
  const stock = async (product: TestProduct, value: number) => {
    const res = await receive(t, wa, { warehouse: w1, product: product.id, quantity: [{ name: 'pcs', value }] });
    expect(res.status).toBe(201);
    return { inventoryId: res.body.data.inventory._id as string, transactionId: res.body.data.transaction_id as string };
  };
  const consistent = async () => {
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    w1 = await createWarehouse(t);
    w2 = await createWarehouse(t);
    users = await createRoleUsers(t, w1);
    wa = users.warehouseAdmin.token;
    wa2 = await createUser(t, 'warehouseAdmin', w2);
    bolt = await createProduct(t.db, { name: `Hex bolt ${uniq()}` });
  }, 180_000); // app start-up is slow on the shared 2-core machine
  afterAll(() => t.close());

  it('reverses a direct receipt: an issue-like row linked both ways, levels and rollups equal the ledger', async () => {
    const p = await createProduct(t.db);
    const { inventoryId, transactionId } = await stock(p, 10);
    const res = await reverse({ transaction_id: transactionId, remark: '  Received twice by mistake ' });
    expect(res.status).toBe(200);
    const { reversal, original } = res.body.data;
    expect(reversal).toMatchObject({
      transaction_type: 'outgoing',
      kind: 'reversal',
      inventory_id: inventoryId,
      remarks: 'Received twice by mistake',
      quantity: [{ name: 'pcs', value: 10 }],
      reverses: { _id: transactionId },
      reversed_by: null,
      user: { _id: users.warehouseAdmin.id },
    });
    expect(original).toMatchObject({ _id: transactionId, kind: 'receipt', reverses: null, reversed_by: { _id: reversal._id } });
    expect(await rowOf(transactionId)).toMatchObject({ reversed_by: { _id: reversal._id } });
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '0/0' });
    await consistent();
  });

  it('statistics take the original back: a reversed receipt is no sale, a reversed issue no receipt', async () => {
    const p = await createProduct(t.db);
    const { inventoryId, transactionId } = await stock(p, 50);
    const out = await issue(t, wa, inventoryId, [{ name: 'pcs', value: 8 }]);
    expect(out.status).toBe(201);
    const inVsOut = async () =>
      ((await t.http.post('/api/stats/rank/products').set(bearer(t.adminToken)).send({})).body.data as { productId: string }[]).find((r) => r.productId === p.id);
    const topSelling = async () =>
      ((await t.http.get('/api/stats/rank/products/outgoing/numbers').set(bearer(t.adminToken))).body.data as { productId: string }[]).find((r) => r.productId === p.id);
    expect(await inVsOut()).toMatchObject({ incomingQuantity: 50, outgoingQuantity: 8 });
    expect(await topSelling()).toMatchObject({ totalQuantity: 8, frequency: 1 });

    expect((await reverse({ transaction_id: out.body.data.transaction_id, remark: 'Issued to the wrong site' })).status).toBe(200);
    expect(await inVsOut()).toMatchObject({ incomingQuantity: 50, outgoingQuantity: 0 });
    const top = (await topSelling()) as { totalQuantity: number; frequency: number } | undefined; // listed at 0, or not at all
    expect([top?.totalQuantity ?? 0, top?.frequency ?? 0]).toEqual([0, 0]);

    expect((await reverse({ transaction_id: transactionId, remark: 'Received twice by mistake' })).status).toBe(200);
    const after = (await inVsOut()) as { incomingQuantity: number; outgoingQuantity: number } | undefined;
    expect([after?.incomingQuantity ?? 0, after?.outgoingQuantity ?? 0]).toEqual([0, 0]);
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '0/0' });
    await consistent();
  });

  it('reverses a direct issue: the stock comes back', async () => {
    const p = await createProduct(t.db);
    const { inventoryId } = await stock(p, 10);
    const out = await issue(t, wa, inventoryId, [{ name: 'pcs', value: 4 }]);
    expect(out.status).toBe(201);
    const res = await reverse({ transaction_id: out.body.data.transaction_id, remark: 'Wrong product issued' });
    expect(res.status).toBe(200);
    expect(res.body.data.reversal).toMatchObject({ transaction_type: 'incoming', kind: 'reversal', reverses: { _id: out.body.data.transaction_id } });
    expect(res.body.data.original).toMatchObject({ kind: 'issue', reversed_by: { _id: res.body.data.reversal._id } });
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '10/0' });
    await consistent();
  });

  it('answers 409 on a second reversal and on the reversal of a reversal; nothing changes', async () => {
    const p = await createProduct(t.db);
    const { inventoryId, transactionId } = await stock(p, 3);
    const first = await reverse({ transaction_id: transactionId, remark: 'Mistake' });
    expect(first.status).toBe(200);
    const before = await ledgerCount(t.db);
    const again = await reverse({ transaction_id: transactionId, remark: 'Mistake again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already reversed/);
    const ofReversal = await reverse({ transaction_id: first.body.data.reversal._id, remark: 'Undo the undo' });
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.message).toMatch(/reversal cannot be reversed/);
    expect(await ledgerCount(t.db)).toBe(before);
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '0/0' });
  });

  it("answers 409 for a list's movement: lists are corrected through their own flow", async () => {
    const p = await createProduct(t.db);
    const ledger = t.app.get(StockLedgerService);
    const listId = '00000000-0000-4000-8000-000000000001';
    const r = await ledger.run((tx) =>
      ledger.receive(tx, { productId: p.id, warehouseId: w1, quantity: [{ name: 'pcs', value: 5 }], grn: `GRN-${uniq()}`, userId: users.warehouseAdmin.id, source: 'incoming_list', sourceId: listId }),
    );
    const d = await ledger.run((tx) =>
      ledger.issue(tx, { inventoryId: r.inventoryId, quantity: [{ name: 'pcs', value: 1 }], gin: `GIN-${uniq()}`, userId: users.warehouseAdmin.id, source: 'outgoing_list', sourceId: listId }),
    );
    const before = await ledgerCount(t.db);
    for (const [id, list] of [[r.transactionId, 'incoming'], [d.transactionId, 'outgoing']]) {
      const res = await reverse({ transaction_id: id, remark: 'Wrong' });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(new RegExp(`${list} list, which is corrected through the list's own flow`));
    }
    expect(await ledgerCount(t.db)).toBe(before);
    expect(await levelsOf(t.db, r.inventoryId)).toEqual({ pcs: '4/0' });
    expect((await rowOf(r.transactionId)).kind).toBe('list_receipt');
    expect((await rowOf(d.transactionId)).kind).toBe('delivery');
  });

  it('answers 409 naming product, unit and the missing amount when the received stock is gone; nothing changes', async () => {
    const p = await createProduct(t.db, { name: `Shortfall widget ${uniq()}` });
    const { inventoryId, transactionId } = await stock(p, 5);
    expect((await issue(t, wa, inventoryId, [{ name: 'pcs', value: 2.5 }])).status).toBe(201);
    const before = await ledgerCount(t.db);
    const res = await reverse({ transaction_id: transactionId, remark: 'Mistake' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(p.name);
    expect(res.body.message).toMatch(/missing 2\.5 pcs/);
    expect(await ledgerCount(t.db)).toBe(before);
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '2.5/0' });
    expect((await rowOf(transactionId)).reversed_by).toBeNull();
    await consistent();
  });

  it('answers 403 to every other role and to the warehouseAdmin of another warehouse; nothing changes', async () => {
    const { transactionId } = await stock(bolt, 2);
    const before = await ledgerCount(t.db);
    const others = [...(['admin', 'finance', 'salesSupervisor', 'importAdmin', 'sales'] as Role[]).map((r) => users[r].token), wa2.token];
    for (const token of others) {
      const res = await reverse({ transaction_id: transactionId, remark: 'Not mine' }, token);
      expect(res.status).toBe(403);
    }
    expect(await ledgerCount(t.db)).toBe(before);
  });

  it('answers 400 naming remark or transaction_id, 404 for an unknown movement', async () => {
    const { transactionId } = await stock(bolt, 1);
    for (const body of [{ transaction_id: transactionId }, { transaction_id: transactionId, remark: '   ' }, { transaction_id: transactionId, remark: { content: '' } }]) {
      const res = await reverse(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/remark is required/);
    }
    const bad = await reverse({ transaction_id: 'nope', remark: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/transaction_id/);
    const unknown = await reverse({ transaction_id: '00000000-0000-4000-8000-0000000000ff', remark: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('lets exactly one of two parallel reversals of one movement through', async () => {
    const p = await createProduct(t.db);
    const { inventoryId, transactionId } = await stock(p, 7);
    const results = await Promise.all([1, 2].map((n) => reverse({ transaction_id: transactionId, remark: `Race ${n}` })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await levelsOf(t.db, inventoryId)).toEqual({ pcs: '0/0' });
    expect((await search({ kind: 'reversal' })).filter((r) => r.reverses?._id === transactionId)).toHaveLength(1);
    await consistent();
  });

  it('gives every row a kind, filters on one or several kinds and exports a Kind column', async () => {
    const all = await search({});
    expect(new Set(all.map((r) => r.kind))).toEqual(new Set(['receipt', 'issue', 'list_receipt', 'delivery', 'reversal']));
    for (const kinds of [['reversal'], ['receipt', 'issue'], ['list_receipt', 'delivery']]) {
      const rows = await search({ kind: kinds });
      expect(rows.length).toBe(all.filter((r) => kinds.includes(r.kind)).length);
      expect(rows.every((r) => kinds.includes(r.kind))).toBe(true);
    }
    expect((await search({ kind: 'Receipt' })).every((r) => r.kind === 'receipt')).toBe(true);
    for (const kind of ['bogus', ['receipt', 'nope']]) {
      const res = await t.http.post('/api/transactions/search').set(bearer(t.adminToken)).send({ kind });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/kind must be one or several of receipt, issue, list_receipt, delivery, customer_return, reversal/);
    }
    const range = await t.http.post('/api/transactions/range?limit=100').set(bearer(t.adminToken)).send({ startDate: '2000-01-01', endDate: '2100-01-01' });
    expect(range.body.data.transactionsList.every((r: Row) => typeof r.kind === 'string')).toBe(true);
    const csv = await t.http.post('/api/transactions/export?format=csv').set(bearer(t.adminToken)).send({ kind: ['reversal', 'list_receipt'] });
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Kind');
    expect(csv.text).toContain('Reversal');
    expect(csv.text).toContain('List receipt');
    expect(csv.text).not.toMatch(/,Receipt,|,Issue,|,Delivery,/);
  });
});
