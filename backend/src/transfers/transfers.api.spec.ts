import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { inventories, stockAdjustments, stockTransactions } from '../database/schema';
import { dailyTotalMismatches, ledgerMismatches } from '../inventory/testing';
import { levelsOf, stockProduct, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

type Q = { name: string; value: number }[];
type Transfer = {
  _id: string;
  trn: string;
  status: string;
  lines: { _id: string; inventory: { _id: string }; destination_inventory: { _id: string } | null; quantity: Q; received: Q | null; shortfall: Q; available: Q | null }[];
  transit_loss_adjustment: { _id: string } | null;
  [k: string]: unknown;
};

/** Transfers between warehouses through the real app, on PGlite and PostgreSQL. */
describe('Transfers API (issue 15)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  /** The warehouseAdmin of B (the destination) and of C (neither). */
  let adminB: TestUser;
  let adminC: TestUser;
  let A: string;
  let B: string;
  let C: string;
  /** 40 pcs and 10 box in A, purchased at 12.50. */
  let p: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp({ STATS_MEMO_SECONDS: '0' });
    [A, B, C] = [await createWarehouse(t), await createWarehouse(t), await createWarehouse(t)];
    [u, adminB, adminC] = await Promise.all([createRoleUsers(t, A), createUser(t, 'warehouseAdmin', B), createUser(t, 'warehouseAdmin', C)]);
    p = await stockProduct(t, A, u.warehouseAdmin.id, [
      { name: 'pcs', value: 40 },
      { name: 'box', value: 10 },
    ]);
    await t.db.update(inventories).set({ purchasedPrice: '12.50', depreciationRate: '10.000', purchasedDate: new Date('2026-01-15T00:00:00Z') }).where(eq(inventories.id, p.inventoryId));
  }, SETUP_MS);
  afterAll(() => t.close());

  const post = (path: string, token: string, body: unknown) => t.http.post(`/api/transfers/${path}`).set(bearer(token)).send(body as object);
  const get = (path: string, token: string) => t.http.get(`/api/transfers/${path}`).set(bearer(token));
  async function draft(lines: Q[] = [[{ name: 'pcs', value: 10 }]], to = B): Promise<Transfer> {
    const res = await post('create', u.warehouseAdmin.token, { from_warehouse: A, to_warehouse: to, trn: `TRN-${uniq()}`, remark: 'To the branch' });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    let transfer: Transfer = res.body.data.transfer;
    for (const quantity of lines) {
      const added = await post('product/add', u.warehouseAdmin.token, { transfer_id: transfer._id, inventory: p.inventoryId, quantity });
      if (added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.body)}`);
      transfer = added.body.data.transfer;
    }
    return transfer;
  }
  async function dispatched(quantity: Q = [{ name: 'pcs', value: 10 }]): Promise<Transfer> {
    const d = await draft([quantity]);
    const res = await post('dispatch', u.warehouseAdmin.token, { transfer_id: d._id, remark: 'On the truck' });
    if (res.status !== 200) throw new Error(`dispatch: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.transfer;
  }
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  /** Row counts of every table and every level: "nothing changed". */
  async function state() {
    const tables = await rows<{ tablename: string }>(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const counts: Record<string, number> = {};
    for (const { tablename } of tables) counts[tablename] = (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM "${tablename}"`)))[0].n;
    const levels = await rows(sql`SELECT inventory_id, unit, on_hand::text, reserved::text FROM stock_levels ORDER BY 1, 2`);
    const statuses = await rows(sql`SELECT id, status FROM stock_transfers ORDER BY id`);
    return { counts, levels, statuses };
  }
  const destinationOf = async () => (await t.db.select({ id: inventories.id }).from(inventories).where(eq(inventories.productId, p.productId)).then((r) => r.map((x) => x.id))).length;

  describe('create and lines', () => {
    it('creates a draft for the source warehouseAdmin, with the remark; lines show the source’s available stock', async () => {
      const d = await draft([[{ name: 'pcs', value: 4 }, { name: 'box', value: 1 }]]);
      expect(d).toMatchObject({
        status: 'draft',
        from_warehouse: { _id: A },
        to_warehouse: { _id: B },
        created_by: { _id: u.warehouseAdmin.id },
        line_count: 1,
        latest_remark: 'To the branch',
        remarks: [{ content: 'To the branch', remark_by: { _id: u.warehouseAdmin.id } }],
        transit_loss_adjustment: null,
      });
      expect(d.lines).toEqual([
        {
          _id: expect.any(String),
          inventory: { _id: p.inventoryId },
          destination_inventory: null,
          product: { _id: p.productId, name: p.name, code: p.code, units: expect.any(Array) },
          quantity: [{ name: 'pcs', value: 4 }, { name: 'box', value: 1 }],
          received: null,
          shortfall: [],
          available: expect.arrayContaining([{ name: 'pcs', value: expect.any(Number) }]),
          available_hidden: false,
        },
      ]);
      const updated = await post('product/update', u.warehouseAdmin.token, { transfer_id: d._id, line_id: d.lines[0]._id, quantity: [{ name: 'pcs', value: 6 }] });
      expect(updated.status).toBe(200);
      expect(updated.body.data.transfer.lines[0].quantity).toEqual([{ name: 'pcs', value: 6 }]);
      const removed = await post('product/remove', u.warehouseAdmin.token, { transfer_id: d._id, line_id: d.lines[0]._id });
      expect(removed.body.data.transfer.lines).toEqual([]);
      const events = (await t.http.get(`/api/audit/transfer/${d._id}`).set(bearer(adminB.token))).body.data.events.map((e: { action: string }) => e.action);
      expect(events).toEqual(['remove_line', 'update_line', 'add_line', 'create']);
      expect((await post('cancel', u.warehouseAdmin.token, { transfer_id: d._id, remark: 'Not needed' })).body.data.transfer.status).toBe('cancelled');
    });

    it('refuses other roles and warehouses (403), from = to (400), unknown warehouses (404) and a used TRN (409); nothing changes', async () => {
      const before = await state();
      const body = { from_warehouse: A, to_warehouse: B, trn: `TRN-${uniq()}` };
      for (const role of ROLES.filter((r) => r !== 'warehouseAdmin')) expect({ role, status: (await post('create', u[role].token, body)).status }).toEqual({ role, status: 403 });
      expect((await post('create', adminB.token, body)).status).toBe(403);
      const same = await post('create', u.warehouseAdmin.token, { ...body, to_warehouse: A });
      expect(same.status).toBe(400);
      expect(same.body.errors[0].field).toBe('to_warehouse');
      expect((await post('create', u.warehouseAdmin.token, { ...body, to_warehouse: randomUUID() })).status).toBe(404);
      const first = await draft();
      const dup = await post('create', u.warehouseAdmin.token, { ...body, trn: first.trn });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toMatch(/TRN .* already used/);
      await post('cancel', u.warehouseAdmin.token, { transfer_id: first._id });
      const after = await state();
      expect(after.counts.stock_transactions).toBe(before.counts.stock_transactions);
      expect(after.levels).toEqual(before.levels);
    });

    it('keeps lines within available stock (409 naming product, unit, requested, available), of the source warehouse, once per record', async () => {
      const d = await draft([]);
      const tooMuch = await post('product/add', u.warehouseAdmin.token, { transfer_id: d._id, inventory: p.inventoryId, quantity: [{ name: 'box', value: 999 }] });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.message).toMatch(new RegExp(`Not enough stock of ${p.name} \\(box\\): requested 999, available \\d+`));
      const badUnit = await post('product/add', u.warehouseAdmin.token, { transfer_id: d._id, inventory: p.inventoryId, quantity: [{ name: 'kg', value: 1 }] });
      expect(badUnit.status).toBe(400);
      expect(badUnit.body.errors[0].field).toBe('quantity.0.name');
      await post('product/add', u.warehouseAdmin.token, { transfer_id: d._id, inventory: p.inventoryId, quantity: [{ name: 'pcs', value: 1 }] });
      expect((await post('product/add', u.warehouseAdmin.token, { transfer_id: d._id, inventory: p.inventoryId, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(409);
      expect((await post('product/add', adminB.token, { transfer_id: d._id, inventory: p.inventoryId, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(403);
      expect((await post('product/add', u.warehouseAdmin.token, { transfer_id: randomUUID(), inventory: p.inventoryId, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(404);
      await post('cancel', u.warehouseAdmin.token, { transfer_id: d._id });
      expect((await post('product/add', u.warehouseAdmin.token, { transfer_id: d._id, inventory: p.inventoryId, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(409);
    });
  });

  describe('dispatch and receive', () => {
    it('dispatch takes the stock out of the source into transit; receive with a shortfall lands the rest and posts a transit loss', async () => {
      const before = await levelsOf(t, p.inventoryId);
      const empty = await draft([]);
      expect((await post('dispatch', u.warehouseAdmin.token, { transfer_id: empty._id })).status).toBe(409);
      await post('cancel', u.warehouseAdmin.token, { transfer_id: empty._id });
      const d = await dispatched([{ name: 'pcs', value: 10 }, { name: 'box', value: 2 }]);
      expect(d.status).toBe('in_transit');
      expect(d.dispatched_by).toMatchObject({ _id: u.warehouseAdmin.id });
      const after = await levelsOf(t, p.inventoryId);
      expect(after.pcs.onHand).toBe(before.pcs.onHand - 10);
      expect(after.box.onHand).toBe(before.box.onHand - 2);
      const out = await t.db.select().from(stockTransactions).where(eq(stockTransactions.sourceId, d._id));
      expect(out).toEqual([expect.objectContaining({ transactionType: 'outgoing', source: 'transfer', trn: d.trn, inventoryId: p.inventoryId, warehouseId: A })]);
      // the destination's record exists with nothing on hand and the quantity in transit to it
      const dest = d.lines[0].destination_inventory!._id;
      const inB = await t.http.get(`/api/inventory?warehouseId=${B}`).set(bearer(adminB.token));
      const row = inB.body.data.inventories.find((i: { _id: string }) => i._id === dest);
      expect(row.in_transit).toEqual(expect.arrayContaining([{ name: 'pcs', value: 10 }, { name: 'box', value: 2 }]));
      expect(row.on_hand).toEqual(expect.arrayContaining([{ name: 'pcs', value: 0 }]));
      expect((await t.http.get('/api/badges').set(bearer(adminB.token))).body.data.transfersAwaitingReceipt).toBeGreaterThanOrEqual(1);
      expect((await t.http.get('/api/badges').set(bearer(u.warehouseAdmin.token))).body.data.transfersAwaitingReceipt).toBe(0);
      // the source cannot receive, nor can a third warehouse; a shortfall needs the remark
      expect((await post('receive', u.warehouseAdmin.token, { transfer_id: d._id })).status).toBe(403);
      expect((await post('receive', adminC.token, { transfer_id: d._id })).status).toBe(403);
      const short = { transfer_id: d._id, lines: [{ line_id: d.lines[0]._id, quantity: [{ name: 'pcs', value: 8 }] }] };
      const noRemark = await post('receive', adminB.token, short);
      expect(noRemark.status).toBe(400);
      expect(noRemark.body.errors[0].field).toBe('remark');
      const tooMany = await post('receive', adminB.token, { ...short, lines: [{ line_id: d.lines[0]._id, quantity: [{ name: 'pcs', value: 11 }] }], remark: 'x' });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.errors[0].field).toBe('lines.0.quantity.0.value');
      const res = await post('receive', adminB.token, { ...short, remark: 'Two fell off the truck' });
      expect(res.status).toBe(200);
      const r: Transfer = res.body.data.transfer;
      expect(r.status).toBe('received');
      expect(r.lines[0]).toMatchObject({ received: [{ name: 'pcs', value: 8 }, { name: 'box', value: 2 }], shortfall: [{ name: 'pcs', value: 2 }] });
      expect(r.transit_loss_adjustment).not.toBeNull();
      const landed = await levelsOf(t, dest);
      expect(landed.pcs.onHand).toBe(8);
      expect(landed.box.onHand).toBe(2);
      const [loss] = await t.db.select().from(stockAdjustments).where(eq(stockAdjustments.transferId, d._id));
      expect(loss).toMatchObject({ reason: 'transit_loss', status: 'approved', inventoryId: dest, quantity: [{ name: 'pcs', value: -2 }], remark: 'Two fell off the truck' });
      const ledger = await t.db.select().from(stockTransactions).where(eq(stockTransactions.inventoryId, dest)).orderBy(asc(stockTransactions.transactionDate));
      expect(ledger.map((x) => [x.transactionType, x.source])).toEqual([['incoming', 'transfer'], ['outgoing', 'adjustment']]);
      // the destination record took the source's purchase data
      const [destRecord] = await t.db.select().from(inventories).where(eq(inventories.id, dest));
      expect(destRecord).toMatchObject({ purchasedPrice: '12.50', depreciationRate: '10.000' });
      // received: nothing in transit any more; a second receive changes nothing
      const again = await post('receive', adminB.token, { transfer_id: d._id });
      expect(again.status).toBe(409);
      expect(await ledgerMismatches(t.db)).toEqual([]);
      expect(await dailyTotalMismatches(t.db)).toEqual([]);
      // the kinds on Transaction Range
      const search = await t.http.post('/api/transactions/search').set(bearer(t.adminToken)).send({ kind: ['transfer_out', 'transfer_in'] });
      const kinds = search.body.data.transactionsList.filter((x: { trn: string }) => x.trn === d.trn).map((x: { kind: string }) => x.kind).sort();
      expect(kinds).toEqual(['transfer_in', 'transfer_out']);
      // the transfer note
      const pdf = await get(`${d._id}/document`, adminB.token).buffer(true);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.subarray(0, 4).toString()).toBe('%PDF');
      expect((await get(`${empty._id}/document`, t.adminToken)).status).toBe(409);
    });

    it('two parallel dispatches against stock for one: exactly one succeeds; two parallel receives post once', async () => {
      const available = (await levelsOf(t, p.inventoryId)).pcs;
      const amount = available.onHand - available.reserved;
      const [d1, d2] = [await draft([[{ name: 'pcs', value: amount }]]), await draft([[{ name: 'pcs', value: amount }]])];
      const results = await Promise.all([d1, d2].map((d) => post('dispatch', u.warehouseAdmin.token, { transfer_id: d._id })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await levelsOf(t, p.inventoryId)).pcs.onHand).toBe(available.onHand - amount);
      const sent = results[0].status === 200 ? d1 : d2;
      await post('cancel', u.warehouseAdmin.token, { transfer_id: (sent === d1 ? d2 : d1)._id });
      const receives = await Promise.all([1, 2].map(() => post('receive', adminB.token, { transfer_id: sent._id })));
      expect(receives.map((r) => r.status).sort()).toEqual([200, 409]);
      const ins = await t.db.select().from(stockTransactions).where(eq(stockTransactions.sourceId, sent._id));
      expect(ins.filter((x) => x.transactionType === 'incoming')).toHaveLength(1);
      expect(await ledgerMismatches(t.db)).toEqual([]);
      expect(await destinationOf()).toBeGreaterThan(1);
    });
  });

  describe('what stays in use', () => {
    it('a product or warehouse with stock in transit cannot be removed (409 naming the transfer) until it is received', async () => {
      const d = await dispatched([{ name: 'box', value: 1 }]);
      const product = await t.http.delete(`/api/products/${p.productId}`).set(bearer(u.warehouseAdmin.token));
      expect(product.status).toBe(409);
      expect(product.body.message).toContain(`transfer TRN "${d.trn}" (in_transit)`);
      const warehouse = await t.http.delete(`/api/warehouses/remove/${B}`).set(bearer(t.adminToken));
      expect(warehouse.status).toBe(409);
      expect(warehouse.body.message).toContain(`transfer TRN "${d.trn}"`);
      expect((await post('receive', adminB.token, { transfer_id: d._id })).status).toBe(200);
    });
  });

  describe('lists', () => {
    it('scopes the page to the transfers from or to one’s warehouse, searches by TRN and filters by status', async () => {
      const d = await draft([[{ name: 'box', value: 1 }]]);
      const mine = await get(`all?search=${encodeURIComponent(d.trn)}`, u.warehouseAdmin.token);
      expect(mine.body.data).toEqual({ transfer_all: [expect.objectContaining({ _id: d._id, line_count: 1, latest_remark: 'To the branch' })], total_count: 1, total_capped: false });
      expect((await get(`all?search=${encodeURIComponent(d.trn)}`, adminB.token)).body.data.total_count).toBe(1);
      expect((await get(`all?search=${encodeURIComponent(d.trn)}`, adminC.token)).body.data.total_count).toBe(0);
      expect((await get(`one/${d._id}`, adminC.token)).status).toBe(403);
      expect((await get(`all?warehouse=${A}`, adminC.token)).status).toBe(403);
      expect((await get(`all?status=received`, u.finance.token)).body.data.transfer_all.every((x: Transfer) => x.status === 'received')).toBe(true);
      expect((await get('all?status=lost', u.finance.token)).status).toBe(400);
      for (const role of ['sales', 'salesSupervisor', 'importAdmin'] as const) expect((await get('all', u[role].token)).status).toBe(403);
      await post('cancel', u.warehouseAdmin.token, { transfer_id: d._id });
    });
  });
});
