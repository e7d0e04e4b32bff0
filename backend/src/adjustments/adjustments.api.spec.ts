import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { stockAdjustments, stockCustomerTotals, stockDailyTotals, stockProductTotals, stockTransactions } from '../database/schema';
import { dailyTotalMismatches, ledgerMismatches } from '../inventory/testing';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { addLine, advance, createList, insertCustomer, insertProduct, levelsOf, stockProduct, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

type Body = Record<string, unknown>;
type Adjustment = {
  _id: string;
  status: string;
  reason: string;
  quantity: { name: string; value: number }[];
  transactions: { _id: string }[];
  [k: string]: unknown;
};

/** Stock adjustments through the real app, on PGlite and PostgreSQL. */
describe('Adjustments API (issue 15)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  /** The warehouseAdmin of warehouse B. */
  let otherAdmin: TestUser;
  let A: string;
  let B: string;
  /** 20 pcs and 5 box in A. */
  let p: StockedProduct;
  /** The same product's record in B (10 pcs, 0 box). */
  let pInB: string;

  beforeAll(async () => {
    t = await createTestApp({ STATS_MEMO_SECONDS: '0' });
    A = await createWarehouse(t);
    B = await createWarehouse(t);
    [u, otherAdmin] = await Promise.all([createRoleUsers(t, A), createUser(t, 'warehouseAdmin', B)]);
    p = await stockProduct(t, A, u.warehouseAdmin.id, [
      { name: 'pcs', value: 20 },
      { name: 'box', value: 5 },
    ]);
    pInB = await receiveInto(p.productId, B, [{ name: 'pcs', value: 10 }]);
  }, SETUP_MS);
  afterAll(() => t.close());

  async function receiveInto(productId: string, warehouseId: string, quantity: { name: string; value: number }[]): Promise<string> {
    const ledger = t.app.get(StockLedgerService);
    const r = await ledger.run((tx) => ledger.receive(tx, { productId, warehouseId, quantity, grn: `GRN-${uniq()}`, userId: u.warehouseAdmin.id, source: 'direct' }));
    return r.inventoryId;
  }

  const post = (path: string, token: string, body: unknown) => t.http.post(`/api/adjustments/${path}`).set(bearer(token)).send(body as object);
  const valid = (over: Body = {}): Body => ({ inventory: p.inventoryId, quantity: [{ name: 'pcs', value: -2 }], reason: 'damaged', remark: 'Dropped by the forklift', ...over });
  /** A pending adjustment created by `by` (the warehouseAdmin of A by default). */
  async function created(over: Body = {}, by: TestUser = u.warehouseAdmin): Promise<Adjustment> {
    const res = await post('create', by.token, valid(over));
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.adjustment;
  }
  const approve = (id: string, token = u.finance.token, remark?: unknown) => post('approve', token, { adjustment_id: id, ...(remark !== undefined ? { remark } : {}) });
  const reject = (id: string, token = u.finance.token, remark: unknown = 'Not confirmed by the count') => post('reject', token, { adjustment_id: id, remark });
  const one = (id: string, token = t.adminToken) => t.http.get(`/api/adjustments/one/${id}`).set(bearer(token));

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** Row counts of every table, every stock level and every adjustment's status: "nothing changed". */
  async function state() {
    const tables = await rows<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const counts: Record<string, number> = {};
    for (const { tablename } of tables) counts[tablename] = (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${tablename}"`)))[0].n;
    const levels = await rows(sql`SELECT inventory_id, unit, on_hand::text, reserved::text FROM stock_levels ORDER BY 1, 2`);
    const adjustments = await t.db.select({ id: stockAdjustments.id, status: stockAdjustments.status }).from(stockAdjustments).orderBy(asc(stockAdjustments.id));
    return { counts, levels, adjustments };
  }
  const ledgerRowsOf = (adjustmentId: string) => t.db.select().from(stockTransactions).where(eq(stockTransactions.sourceId, adjustmentId)).orderBy(asc(stockTransactions.transactionType));
  const events = async (id: string) => {
    const res = await t.http.get(`/api/audit/adjustment/${id}?limit=100`).set(bearer(t.adminToken));
    expect(res.status).toBe(200);
    return res.body.data.events as { action: string; user: { _id: string }; changes: { field: string; before: unknown; after: unknown }[] }[];
  };
  const pendingCount = async () => t.db.$count(stockAdjustments, eq(stockAdjustments.status, 'pending_approval'));

  describe('create', () => {
    it('records a pending request for the warehouseAdmin of the record’s warehouse; nothing is posted', async () => {
      const before = await state();
      const res = await post('create', u.warehouseAdmin.token, valid({ quantity: [{ name: 'pcs', value: -2.5 }, { name: 'box', value: 1 }], remark: { content: '  Dropped by the forklift  ' } }));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Adjustment Created Successfully');
      const a = res.body.data.adjustment;
      expect(a).toEqual({
        _id: expect.any(String),
        inventory: { _id: p.inventoryId },
        product: { _id: p.productId, name: p.name, code: p.code },
        warehouse: { _id: A, name: expect.any(String) },
        quantity: [{ name: 'pcs', value: -2.5 }, { name: 'box', value: 1 }],
        reason: 'damaged',
        remark: 'Dropped by the forklift',
        status: 'pending_approval',
        created_by: { _id: u.warehouseAdmin.id, first_name: 'Test', last_name: 'warehouseAdmin' },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        decided_by: null,
        decidedAt: null,
        decision_remark: null,
        transactions: [],
      });
      const after = await state();
      expect(after.levels).toEqual(before.levels);
      expect(after.counts.stock_transactions).toBe(before.counts.stock_transactions);
      expect(after.counts.stock_adjustments).toBe(before.counts.stock_adjustments + 1);
      expect(after.counts.audit_events).toBe(before.counts.audit_events + 1);
      const [event] = await events(a._id);
      expect(event.action).toBe('create');
      expect(event.user._id).toBe(u.warehouseAdmin.id);
      expect(event.changes).toEqual(
        expect.arrayContaining([
          { field: 'status', before: null, after: 'pending_approval' },
          { field: 'quantity', before: null, after: [{ name: 'pcs', value: -2.5 }, { name: 'box', value: 1 }] },
          { field: 'reason', before: null, after: 'damaged' },
          { field: 'remark', before: null, after: 'Dropped by the forklift' },
        ]),
      );
      expect((await one(a._id)).body.data.adjustment).toEqual(a);
    });

    it('is refused to every other role (403), to another warehouse’s admin (403) and for an unknown record (404); nothing changes', async () => {
      const before = await state();
      for (const role of ROLES.filter((r) => r !== 'warehouseAdmin')) {
        const res = await post('create', u[role].token, valid());
        expect({ role, status: res.status }).toEqual({ role, status: 403 });
      }
      const other = await post('create', otherAdmin.token, valid());
      expect(other.status).toBe(403);
      expect(other.body.message).toMatch(/own warehouse/);
      expect((await post('create', u.warehouseAdmin.token, valid({ inventory: pInB }))).status).toBe(403);
      const unknown = await post('create', u.warehouseAdmin.token, valid({ inventory: randomUUID() }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toMatch(/Inventory record not found/);
      expect(await state()).toEqual(before);
    });

    it('answers 400 naming the field for every bad value; nothing changes', async () => {
      const before = await state();
      const cases: [Body, string][] = [
        [{ inventory: 'abc' }, 'inventory'],
        [{ quantity: undefined }, 'quantity'],
        [{ quantity: [] }, 'quantity'],
        [{ quantity: 'pcs' }, 'quantity'],
        [{ quantity: [[]] }, 'quantity'],
        [{ quantity: [null] }, 'quantity'],
        [{ quantity: [{ name: 'pcs', value: 0 }] }, 'quantity.0.value'],
        [{ quantity: [{ name: 'pcs', value: 1.2345 }] }, 'quantity.0.value'],
        [{ quantity: [{ name: 'pcs', value: '2' }] }, 'quantity.0.value'],
        [{ quantity: [{ name: 'pcs', value: 1e-9 }] }, 'quantity.0.value'],
        [{ quantity: [{ name: 'pcs', value: -1e12 }] }, 'quantity.0.value'],
        [{ quantity: [{ name: '', value: 1 }] }, 'quantity.0.name'],
        [{ quantity: [{ name: 'kg', value: 1 }] }, 'quantity.0.name'],
        [{ quantity: [{ name: 'pcs', value: 1 }, { name: 'pcs', value: -1 }] }, 'quantity.1.name'],
        [{ quantity: [{ name: 'pcs', value: 1, extra: 1 }] }, 'quantity.0.extra'],
        [{ reason: undefined }, 'reason'],
        [{ reason: 'stolen' }, 'reason'],
        [{ reason: 'Damaged' }, 'reason'],
        [{ remark: undefined }, 'remark'],
        [{ remark: '   ' }, 'remark'],
        [{ remark: { content: '' } }, 'remark'],
        [{ remark: 'x'.repeat(2001) }, 'remark'],
        [{ remark: 5 }, 'remark'],
        [{ extra: true }, 'extra'],
      ];
      for (const [over, field] of cases) {
        const res = await post('create', u.warehouseAdmin.token, valid(over));
        expect({ over, status: res.status, field: res.body.errors?.[0]?.field }).toEqual({ over, status: 400, field });
      }
      const zero = await post('create', u.warehouseAdmin.token, valid({ quantity: [{ name: 'pcs', value: 0 }] }));
      expect(zero.body.message).toMatch(/value must not be 0/);
      const unit = await post('create', u.warehouseAdmin.token, valid({ quantity: [{ name: 'kg', value: 1 }] }));
      expect(unit.body.message).toMatch(/"kg" is not a unit of/);
      const reason = await post('create', u.warehouseAdmin.token, valid({ reason: 'stolen' }));
      expect(reason.body.message).toBe('reason must be one of damaged, expired, lost, found, other');
      expect(await state()).toEqual(before);
    });
  });

  describe('approve', () => {
    it('posts through the ledger for finance: additions incoming, removals outgoing, levels equal to the ledger', async () => {
      const q = await stockProduct(t, A, u.warehouseAdmin.id, [
        { name: 'pcs', value: 10 },
        { name: 'box', value: 4 },
      ]);
      const a = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: -3.5 }, { name: 'box', value: 2 }], reason: 'found', remark: 'Count after stocktake' });
      const res = await approve(a._id, u.finance.token, { content: 'Checked with the count sheet' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Adjustment Approved Successfully');
      const done = res.body.data.adjustment as Adjustment;
      expect(done).toMatchObject({
        status: 'approved',
        decided_by: { _id: u.finance.id, first_name: 'Test', last_name: 'finance' },
        decidedAt: expect.any(String),
        decision_remark: 'Checked with the count sheet',
      });
      expect(done.transactions).toHaveLength(2);
      expect(await levelsOf(t, q.inventoryId)).toEqual({ pcs: { onHand: 6.5, reserved: 0 }, box: { onHand: 6, reserved: 0 } });
      expect(await ledgerMismatches(t.db)).toEqual([]);
      expect(await dailyTotalMismatches(t.db)).toEqual([]); // adjustments stay out of the statistics' rollups
      const ledger = await ledgerRowsOf(a._id);
      expect(ledger.map((r) => ({ id: r.id, type: r.transactionType, quantity: r.quantity, source: r.source, remarks: r.remarks, grn: r.grn, gin: r.gin, user: r.userId }))).toEqual([
        { id: done.transactions[0]._id, type: 'incoming', quantity: [{ name: 'box', value: 2 }], source: 'adjustment', remarks: 'Found: Count after stocktake', grn: null, gin: null, user: u.finance.id },
        { id: done.transactions[1]._id, type: 'outgoing', quantity: [{ name: 'pcs', value: 3.5 }], source: 'adjustment', remarks: 'Found: Count after stocktake', grn: null, gin: null, user: u.finance.id },
      ]);
      const [event] = await events(a._id);
      expect(event.action).toBe('approve');
      expect(event.changes).toEqual([
        { field: 'status', before: 'pending_approval', after: 'approved' },
        { field: 'transactions', before: null, after: done.transactions.map((x) => x._id) },
        { field: 'remark', before: null, after: 'Checked with the count sheet' },
      ]);
      expect((await one(a._id, u.warehouseAdmin.token)).body.data.adjustment).toEqual(done);
    });

    it('is refused to every role but finance (403); nothing changes', async () => {
      const a = await created();
      const before = await state();
      for (const role of ROLES.filter((r) => r !== 'finance')) {
        expect({ role, status: (await approve(a._id, u[role].token)).status }).toEqual({ role, status: 403 });
        expect({ role, status: (await reject(a._id, u[role].token)).status }).toEqual({ role, status: 403 });
      }
      expect((await approve(a._id, otherAdmin.token)).status).toBe(403);
      expect(await state()).toEqual(before);
      expect((await events(a._id)).map((e) => e.action)).toEqual(['create']);
    });

    it('answers 409 naming product, unit, requested and available when a removal exceeds what is available; nothing changes', async () => {
      const q = await stockProduct(t, A, u.warehouseAdmin.id, [
        { name: 'pcs', value: 4 },
        { name: 'box', value: 1 },
      ]);
      const a = await created({ inventory: q.inventoryId, quantity: [{ name: 'box', value: 3 }, { name: 'pcs', value: -4.001 }], reason: 'lost' });
      const before = await state();
      const res = await approve(a._id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Not enough stock of ${q.name} (pcs): requested 4.001, available 4`);
      expect(await state()).toEqual(before);
      expect(await ledgerRowsOf(a._id)).toEqual([]);
      expect((await one(a._id)).body.data.adjustment.status).toBe('pending_approval');
      expect((await events(a._id)).map((e) => e.action)).toEqual(['create']);
      // reserved stock is not available either
      const list = await createList(t, u.sales.token, { warehouse: A, customer: await insertCustomer(t) });
      expect((await addLine(t, u.sales.token, list, q, [{ name: 'pcs', value: 3 }])).status).toBe(200);
      await advance(t, { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token }, list, ['submit', 'verify', 'approve']);
      const b = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: -2 }] });
      const short = await approve(b._id);
      expect(short.status).toBe(409);
      expect(short.body.message).toBe(`Not enough stock of ${q.name} (pcs): requested 2, available 1`);
      // exactly what is available may go
      expect((await approve((await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: -1 }] }))._id)).status).toBe(200);
      expect(await levelsOf(t, q.inventoryId)).toEqual({ pcs: { onHand: 3, reserved: 3 }, box: { onHand: 1, reserved: 0 } });
    });

    it('answers 409 naming the status on a decided adjustment, and 404 for an unknown one', async () => {
      const a = await created();
      expect((await approve(a._id)).status).toBe(200);
      const before = await state();
      const again = await approve(a._id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Only a pending adjustment can be approved: this adjustment is approved');
      const rej = await reject(a._id);
      expect(rej.status).toBe(409);
      expect(rej.body.message).toBe('Only a pending adjustment can be rejected: this adjustment is approved');
      const r = await created();
      expect((await reject(r._id)).status).toBe(200);
      const before2 = await state();
      expect((await approve(r._id)).body.message).toBe('Only a pending adjustment can be approved: this adjustment is rejected');
      expect((await reject(r._id)).body.message).toBe('Only a pending adjustment can be rejected: this adjustment is rejected');
      expect(await state()).toEqual(before2);
      expect((await approve(randomUUID())).status).toBe(404);
      expect((await reject(randomUUID())).status).toBe(404);
      expect((await ledgerRowsOf(a._id)).length).toBe(1);
      expect((await state()).levels).toEqual(before.levels);
    });

    it('answers 400 naming the field for a bad body', async () => {
      for (const [body, field] of [
        [{}, 'adjustment_id'],
        [{ adjustment_id: 'x' }, 'adjustment_id'],
        [{ adjustment_id: randomUUID(), remark: 5 }, 'remark'],
        [{ adjustment_id: randomUUID(), remark: 'x'.repeat(2001) }, 'remark'],
        [{ adjustment_id: randomUUID(), extra: 1 }, 'extra'],
      ] as [Body, string][]) {
        const res = await post('approve', u.finance.token, body);
        expect({ body, status: res.status, field: res.body.errors?.[0]?.field }).toEqual({ body, status: 400, field });
      }
    });

    it('posts once when approved in parallel, and once when an approval is repeated with its Idempotency-Key', async () => {
      const q = await stockProduct(t, A, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
      const a = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: -6 }] });
      const results = await Promise.all([1, 2, 3].map(() => approve(a._id)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await ledgerRowsOf(a._id)).toHaveLength(1);
      expect(await levelsOf(t, q.inventoryId)).toEqual({ pcs: { onHand: 4, reserved: 0 } });
      expect((await events(a._id)).map((e) => e.action)).toEqual(['approve', 'create']);
      // a parallel approval and rejection: exactly one decides
      const b = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: -1 }] });
      const [ap, rj] = await Promise.all([approve(b._id), reject(b._id)]);
      expect([ap.status, rj.status].sort()).toEqual([200, 409]);
      expect((await ledgerRowsOf(b._id)).length).toBe(ap.status === 200 ? 1 : 0);
      // a retried approval with its key answers the same and posts nothing more
      const c = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: 2 }] });
      const key = randomUUID();
      const first = await t.http.post('/api/adjustments/approve').set(bearer(u.finance.token)).set('Idempotency-Key', key).send({ adjustment_id: c._id });
      const second = await t.http.post('/api/adjustments/approve').set(bearer(u.finance.token)).set('Idempotency-Key', key).send({ adjustment_id: c._id });
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(await ledgerRowsOf(c._id)).toHaveLength(1);
      expect(await ledgerMismatches(t.db)).toEqual([]);
    });

    it('adds a fraction of a unit, and an adjustment’s ledger row cannot be reversed', async () => {
      const a = await created({ inventory: p.inventoryId, quantity: [{ name: 'box', value: 0.5 }], reason: 'other', remark: 'Found behind the shelf' });
      const before = (await levelsOf(t, p.inventoryId)).box.onHand;
      const res = await approve(a._id);
      expect(res.status).toBe(200);
      expect((await levelsOf(t, p.inventoryId)).box.onHand).toBe(before + 0.5);
      const reverse = await t.http
        .post('/api/transactions/reverse')
        .set(bearer(u.warehouseAdmin.token))
        .send({ transaction_id: res.body.data.adjustment.transactions[0]._id, remark: 'Wrong' });
      expect(reverse.status).toBe(409);
      expect(reverse.body.message).toMatch(/stock adjustment/);
    });
  });

  describe('reject', () => {
    it('rejects a pending adjustment with the reason; nothing is posted', async () => {
      const a = await created();
      const before = await state();
      for (const [remark, message] of [
        [undefined, /remark is required/],
        ['  ', /remark is required/],
      ] as [unknown, RegExp][]) {
        const res = await post('reject', u.finance.token, { adjustment_id: a._id, ...(remark === undefined ? {} : { remark }) });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe('remark');
        expect(res.body.message).toMatch(message);
      }
      expect(await state()).toEqual(before);
      const res = await reject(a._id, u.finance.token, { content: 'Not confirmed by the count' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Adjustment Rejected Successfully');
      expect(res.body.data.adjustment).toMatchObject({
        status: 'rejected',
        decided_by: { _id: u.finance.id },
        decision_remark: 'Not confirmed by the count',
        transactions: [],
      });
      const after = await state();
      expect(after.levels).toEqual(before.levels);
      expect(after.counts.stock_transactions).toBe(before.counts.stock_transactions);
      const [event] = await events(a._id);
      expect(event.action).toBe('reject');
      expect(event.changes).toEqual([
        { field: 'status', before: 'pending_approval', after: 'rejected' },
        { field: 'remark', before: null, after: 'Not confirmed by the count' },
      ]);
    });
  });

  describe('reading', () => {
    const tag = uniq();
    let q: StockedProduct;
    let qInB: string;
    const ids: Record<'a1' | 'a2' | 'a3' | 'a4', string> = { a1: '', a2: '', a3: '', a4: '' };
    const list = (query: Record<string, unknown>, token = t.adminToken) => t.http.get('/api/adjustments/all').query(query).set(bearer(token));
    const idsOf = (res: { body: { data: { adjustment_all: Adjustment[] } } }) => res.body.data.adjustment_all.map((a) => a._id);
    const of = (...names: (keyof typeof ids)[]) => names.map((n) => ids[n]);

    beforeAll(async () => {
      const product = await insertProduct(t, ['pcs'], `Adj ${tag} bolt`);
      const ledger = t.app.get(StockLedgerService);
      const inA = await ledger.run((tx) => ledger.receive(tx, { productId: product.id, warehouseId: A, quantity: [{ name: 'pcs', value: 50 }], grn: `GRN-${uniq()}`, userId: u.warehouseAdmin.id, source: 'direct' }));
      q = { productId: product.id, inventoryId: inA.inventoryId, code: product.code, name: product.name };
      qInB = await receiveInto(product.id, B, [{ name: 'pcs', value: 50 }]);
      ids.a1 = (await created({ inventory: q.inventoryId, reason: 'damaged' }))._id;
      ids.a2 = (await created({ inventory: q.inventoryId, reason: 'lost' }))._id;
      expect((await approve(ids.a2)).status).toBe(200);
      ids.a3 = (await created({ inventory: q.inventoryId, reason: 'found', quantity: [{ name: 'pcs', value: 1 }] }))._id;
      expect((await reject(ids.a3)).status).toBe(200);
      ids.a4 = (await created({ inventory: qInB, reason: 'expired' }, otherAdmin))._id;
    }, SETUP_MS);

    it('lists newest first with total_count, for admin and finance every warehouse', async () => {
      for (const token of [t.adminToken, u.finance.token]) {
        const res = await list({ search: tag }, token);
        expect(res.status).toBe(200);
        expect(res.body.message).toBe('Adjustments fetched successfully');
        expect(idsOf(res)).toEqual(of('a4', 'a3', 'a2', 'a1'));
        expect(res.body.data.total_count).toBe(4);
      }
      const row = (await list({ search: tag })).body.data.adjustment_all[0];
      expect(row).toEqual((await one(ids.a4)).body.data.adjustment);
      expect((await t.http.get('/api/adjustments').query({ search: tag }).set(bearer(t.adminToken))).body.data).toEqual((await list({ search: tag })).body.data);
    });

    it('filters by status, reason, warehouse, days and product code; pages and sorts', async () => {
      expect(idsOf(await list({ search: tag, status: 'pending_approval' }))).toEqual(of('a4', 'a1'));
      expect(idsOf(await list({ search: tag, status: 'approved,rejected' }))).toEqual(of('a3', 'a2'));
      expect(idsOf(await list({ search: tag, reason: ['damaged', 'expired'] }))).toEqual(of('a4', 'a1'));
      expect(idsOf(await list({ search: tag, reason: 'found' }))).toEqual(of('a3'));
      expect(idsOf(await list({ search: tag, warehouse: B }))).toEqual(of('a4'));
      expect(idsOf(await list({ search: q.code.toLowerCase() }))).toEqual(of('a4', 'a3', 'a2', 'a1'));
      const today = new Date().toISOString().slice(0, 10);
      expect(idsOf(await list({ search: tag, from: today, to: today }))).toEqual(of('a4', 'a3', 'a2', 'a1'));
      expect((await list({ search: tag, to: '2000-01-01' })).body.data).toEqual({ adjustment_all: [], total_count: 0, total_capped: false });
      const page1 = await list({ search: tag, limit: 3, page: 1 });
      const page2 = await list({ search: tag, limit: 3, page: 2 });
      expect([...idsOf(page1), ...idsOf(page2)]).toEqual(of('a4', 'a3', 'a2', 'a1'));
      expect(page2.body.data.total_count).toBe(4);
      expect(idsOf(await list({ search: tag, sort: 'reason' }))).toEqual(of('a1', 'a4', 'a3', 'a2'));
      expect(idsOf(await list({ search: tag, sort: 'reason', order: 'desc' }))).toEqual(of('a2', 'a3', 'a4', 'a1'));
      const byStatus = (order: 'asc' | 'desc') => {
        const rank: Record<string, number> = { approved: 0, pending_approval: 1, rejected: 2 };
        const status: Record<string, string> = { a1: 'pending_approval', a2: 'approved', a3: 'rejected', a4: 'pending_approval' };
        const sign = order === 'asc' ? 1 : -1;
        return (Object.keys(ids) as (keyof typeof ids)[])
          .sort((x, y) => sign * (rank[status[x]] - rank[status[y]] || (ids[x] < ids[y] ? -1 : 1)))
          .map((k) => ids[k]);
      };
      expect(idsOf(await list({ search: tag, sort: 'status' }))).toEqual(byStatus('asc'));
      expect(idsOf(await list({ search: tag, sort: 'status', order: 'desc' }))).toEqual(byStatus('desc'));
      const created = await list({ search: tag, sort: 'createdAt', order: 'asc' });
      expect(idsOf(created)).toEqual(of('a1', 'a2', 'a3', 'a4'));
    });

    it('limits a warehouseAdmin to its own warehouse (403 for another) and refuses roles without adjustments.read', async () => {
      expect(idsOf(await list({ search: tag }, u.warehouseAdmin.token))).toEqual(of('a3', 'a2', 'a1'));
      expect(idsOf(await list({ search: tag }, otherAdmin.token))).toEqual(of('a4'));
      expect((await list({ search: tag, warehouse: B }, u.warehouseAdmin.token)).status).toBe(403);
      expect((await one(ids.a4, u.warehouseAdmin.token)).status).toBe(403);
      expect((await one(ids.a1, otherAdmin.token)).status).toBe(403);
      expect((await one(ids.a1, u.warehouseAdmin.token)).status).toBe(200);
      expect((await one(ids.a4, u.finance.token)).status).toBe(200);
      for (const role of ['sales', 'salesSupervisor', 'importAdmin'] as const) {
        expect({ role, list: (await list({}, u[role].token)).status, one: (await one(ids.a1, u[role].token)).status }).toEqual({ role, list: 403, one: 403 });
      }
      expect((await one(randomUUID())).status).toBe(404);
      expect((await one('abc')).status).toBe(400);
      // the audit history follows the same scope
      expect((await t.http.get(`/api/audit/adjustment/${ids.a1}`).set(bearer(u.warehouseAdmin.token))).status).toBe(200);
      expect((await t.http.get(`/api/audit/adjustment/${ids.a1}`).set(bearer(otherAdmin.token))).status).toBe(403);
      expect((await t.http.get(`/api/audit/adjustment/${ids.a1}`).set(bearer(u.sales.token))).status).toBe(403);
      expect((await t.http.get('/api/audit').query({ entity: 'adjustment', entity_id: ids.a2 }).set(bearer(t.adminToken))).body.data.events.map((e: { action: string }) => e.action)).toEqual([
        'approve',
        'create',
      ]);
    });

    it('answers 400 naming the field for a bad query', async () => {
      for (const [query, field] of [
        [{ status: 'open' }, 'status'],
        [{ reason: 'stolen' }, 'reason'],
        [{ warehouse: 'abc' }, 'warehouse'],
        [{ sort: 'product' }, 'sort'],
        [{ order: 'up', sort: 'reason' }, 'order'],
        [{ from: '2024-13-01' }, 'from'],
        [{ limit: 101 }, 'limit'],
        [{ bogus: 1 }, 'bogus'],
      ] as [Record<string, unknown>, string][]) {
        const res = await list(query);
        expect({ query, status: res.status, field: res.body.errors?.[0]?.field }).toEqual({ query, status: 400, field });
      }
    });

    it('shows approved adjustments on Transaction Range as their own kind with the reason, filterable and exported', async () => {
      const search = await t.http.post('/api/transactions/search?limit=100').set(bearer(t.adminToken)).send({ kind: 'adjustment', productSearchQuery: tag });
      expect(search.status).toBe(200);
      const [row] = search.body.data.transactionsList;
      expect(search.body.data.transactionsList).toHaveLength(1);
      expect(row).toMatchObject({
        kind: 'adjustment',
        transaction_type: 'outgoing',
        source: 'adjustment',
        source_id: ids.a2,
        remarks: 'Lost: Dropped by the forklift',
        quantity: [{ name: 'pcs', value: 2 }],
        grn: null,
        gin: null,
        reverses: null,
        reversed_by: null,
      });
      const others = await t.http.post('/api/transactions/search?limit=100').set(bearer(t.adminToken)).send({ kind: ['receipt', 'issue', 'delivery'], productSearchQuery: tag });
      expect(others.body.data.transactionsList.every((r: { kind: string }) => r.kind !== 'adjustment')).toBe(true);
      expect(others.body.data.transactionsList).toHaveLength(2);
      const csv = await t.http.post('/api/transactions/export?format=csv').set(bearer(t.adminToken)).send({ kind: ['adjustment'], productSearchQuery: tag });
      expect(csv.status).toBe(200);
      const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('Adjustment');
      expect(lines[1]).toContain('Reason: Lost');
      const bad = await t.http.post('/api/transactions/search').set(bearer(t.adminToken)).send({ kind: 'adjustments' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/reversal, adjustment/);
    });
  });

  describe('statistics, valuation and badge', () => {
    it('leaves top-selling, top customers, in-vs-out and the interval chart unchanged; stock and valuation follow', async () => {
      // sales and receipts to rank: a delivered list to a customer and direct receipts
      const product = await insertProduct(t, ['pcs']);
      const ledger = t.app.get(StockLedgerService);
      const received = await ledger.run((tx) =>
        ledger.receive(tx, { productId: product.id, warehouseId: A, quantity: [{ name: 'pcs', value: 30 }], grn: `GRN-${uniq()}`, userId: u.warehouseAdmin.id, source: 'direct', purchasedPrice: '10.00', depreciationRate: '0' }),
      );
      const q: StockedProduct = { productId: product.id, inventoryId: received.inventoryId, code: product.code, name: product.name };
      const list = await createList(t, u.sales.token, { warehouse: A, customer: await insertCustomer(t) });
      expect((await addLine(t, u.sales.token, list, q, [{ name: 'pcs', value: 4 }])).status).toBe(200);
      await advance(t, { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token }, list, ['submit', 'verify', 'approve', 'deliver']);
      const today = new Date().toISOString().slice(0, 10);
      const stats = async () => {
        const get = (path: string) => t.http.get(`/api/stats/${path}`).set(bearer(t.adminToken));
        const post = (path: string, body: object) => t.http.post(`/api/stats/${path}`).set(bearer(t.adminToken)).send(body);
        const answers = await Promise.all([
          get('rank/products/outgoing/numbers'),
          get('rank/customers/frequency'),
          post('rank/products', {}),
          post('rank/products', { startDate: today, endDate: today }),
          post('rank/products', { startDate: today, endDate: today, warehouseId: A }),
          post('rank/products/outgoing/periodic/numbers', { startDate: today, endDate: today, period: 'daily' }),
        ]);
        for (const a of answers) expect(a.status).toBe(200);
        const rollups = {
          daily: await t.db.select().from(stockDailyTotals).orderBy(asc(stockDailyTotals.productId), asc(stockDailyTotals.transactionType), asc(stockDailyTotals.unit), asc(stockDailyTotals.customerId)),
          products: await t.db.select().from(stockProductTotals).orderBy(asc(stockProductTotals.productId), asc(stockProductTotals.warehouseId), asc(stockProductTotals.unit)),
          customers: await t.db.select().from(stockCustomerTotals).orderBy(asc(stockCustomerTotals.customerId), asc(stockCustomerTotals.warehouseId), asc(stockCustomerTotals.unit)),
        };
        return { answers: answers.map((a) => a.body.data), rollups };
      };
      const valuation = async () => {
        const res = await t.http.post('/api/reports/asset/valuations').set(bearer(u.finance.token)).send({ warehouseId: A });
        expect(res.status).toBe(200);
        const row = (res.body.data.valuations as { _id: string; quantity: { value: number }; valuation: string }[]).find((v) => v._id === q.inventoryId)!;
        return { quantity: row.quantity.value, valuation: row.valuation };
      };
      const before = await stats();
      expect(before.answers[0].length).toBeGreaterThan(0);
      expect(before.answers[1].length).toBeGreaterThan(0);
      expect(await valuation()).toEqual({ quantity: 26, valuation: '260.00' });
      const removal = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: -5 }], reason: 'expired' });
      expect((await approve(removal._id)).status).toBe(200);
      const addition = await created({ inventory: q.inventoryId, quantity: [{ name: 'pcs', value: 1.5 }], reason: 'found' });
      expect((await approve(addition._id)).status).toBe(200);
      expect(await stats()).toEqual(before);
      expect(await levelsOf(t, q.inventoryId)).toEqual({ pcs: { onHand: 22.5, reserved: 0 } });
      expect(await valuation()).toEqual({ quantity: 22.5, valuation: '225.00' });
      expect(await ledgerMismatches(t.db)).toEqual([]);
    });

    it('gives finance a badge counting pending adjustments (0 for other roles)', async () => {
      const badges = async (user: TestUser) => {
        const res = await t.http.get('/api/badges').set(bearer(user.token));
        expect(res.status).toBe(200);
        return res.body.data.pendingAdjustments as number;
      };
      const pending = await pendingCount();
      expect(pending).toBeGreaterThan(0);
      expect(await badges(u.finance)).toBe(pending);
      const a = await created();
      expect(await badges(u.finance)).toBe(pending + 1);
      for (const role of ROLES.filter((r) => r !== 'finance')) expect({ role, n: await badges(u[role]) }).toEqual({ role, n: 0 });
      expect((await reject(a._id)).status).toBe(200);
      expect(await badges(u.finance)).toBe(pending);
    });
  });
});
