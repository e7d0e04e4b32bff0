import { and, eq } from 'drizzle-orm';
import { ROLES, type Role } from '@inventory/common';
import { outgoingListItems, outgoingLists, stockTransactions } from '../database/schema';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, step, stockProduct, type StepName, type StepTokens, type StockedProduct } from './testing';
import { toMilli } from './quantities';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

type Action = 'return' | 'cancel';
/** The status each role may return or cancel a list from. */
const ALLOWED: Record<Action, Partial<Record<Role, string>>> = {
  return: { salesSupervisor: 'pending_sales_supervisor_approval', finance: 'pending_finance_approval' },
  cancel: { sales: 'draft', finance: 'approved' },
};
/** The steps that bring a new draft to each status. */
const PATH: Record<string, StepName[]> = {
  draft: [],
  pending_sales_supervisor_approval: ['submit'],
  pending_finance_approval: ['submit', 'verify'],
  approved: ['submit', 'verify', 'approve'],
  delivered: ['submit', 'verify', 'approve', 'deliver'],
};
const STATUSES = [...Object.keys(PATH), 'cancelled'];

describe('Outgoing lists: return and cancel (issue 14)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let tokens: StepTokens;
  let warehouse: string;
  let customer: string;
  let plenty: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
    tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    customer = await insertCustomer(t);
    plenty = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 1000 }]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const post = (path: string, user: { token: string }, body: object) => t.http.post(`/api/outgoingLists/${path}`).set(bearer(user.token)).send(body);
  const one = async (id: string) => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list;
  const row = async (id: string) => {
    const res = await t.http.get('/api/outgoingLists/all?limit=100').set(bearer(t.adminToken));
    return res.body.data.outgoing_list_all.find((r: { _id: string }) => r._id === id);
  };

  /** A list asking 2 pcs of `p` at `status`, created by `creator` (a cancelled one is a draft cancelled by sales). */
  async function listIn(status: string, p: StockedProduct = plenty, creator: TestUser = u.sales): Promise<string> {
    const id = await createList(t, creator.token, { warehouse, customer });
    expect((await addLine(t, creator.token, id, p, [{ name: 'pcs', value: 2 }], 5)).status).toBe(200);
    if (status === 'cancelled') {
      expect((await post('cancel', creator, { list_id: id, remark: 'Customer changed the order' })).status).toBe(200);
      return id;
    }
    await advance(t, { ...tokens, sales: creator.token }, id, PATH[status]);
    return id;
  }

  /**
   * Levels equal the ledger: on hand per unit is the sum of the record's incoming minus outgoing
   * ledger rows, reserved the sum of the lines of its approved (not yet delivered) lists.
   */
  async function expectLevelsMatchLedger(inventoryId: string): Promise<void> {
    const expected = new Map<string, { onHand: number; reserved: number }>();
    const at = (unit: string) => expected.get(unit) ?? expected.set(unit, { onHand: 0, reserved: 0 }).get(unit)!;
    for (const r of await t.db.select().from(stockTransactions).where(eq(stockTransactions.inventoryId, inventoryId))) {
      for (const q of r.quantity) at(q.name).onHand += (r.transactionType === 'incoming' ? 1 : -1) * toMilli(q.value);
    }
    const reservedLines = await t.db
      .select({ quantity: outgoingListItems.quantity })
      .from(outgoingListItems)
      .innerJoin(outgoingLists, eq(outgoingLists.id, outgoingListItems.listId))
      .where(and(eq(outgoingListItems.inventoryId, inventoryId), eq(outgoingLists.status, 'approved')));
    for (const l of reservedLines) for (const q of l.quantity) at(q.name).reserved += toMilli(q.value);
    const levels = await levelsOf(t, inventoryId);
    const fromLedger = Object.fromEntries([...expected].map(([unit, v]) => [unit, { onHand: v.onHand / 1000, reserved: v.reserved / 1000 }]));
    expect(levels).toEqual(expect.objectContaining(fromLedger));
    for (const [unit, v] of Object.entries(levels)) if (!expected.has(unit)) expect({ unit, ...v }).toEqual({ unit, onHand: 0, reserved: 0 });
  }

  it('lets the salesSupervisor and finance return a list at their own step: draft with returned {by, at, reason}, cleared on resubmit', async () => {
    for (const [role, status] of Object.entries(ALLOWED.return) as [Role, string][]) {
      const id = await listIn(status);
      const levels = await levelsOf(t, plenty.inventoryId);
      const res = await post('return', u[role], { list_id: id, remark: { content: `  Wrong price (${role}) `, remark_by: u.admin.id } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Outgoing List Returned Successfully');
      const returned = { by: { _id: u[role].id, first_name: 'Test', last_name: role }, at: expect.any(String), reason: `Wrong price (${role})` };
      const view = res.body.data.outgoing_list;
      expect(view).toMatchObject({ status: 'draft', returned, cancelled_by: null, cancelledAt: null });
      expect(view.remarks.at(-1)).toMatchObject({ content: `Wrong price (${role})`, remark_by: { _id: u[role].id } });
      expect(await one(id)).toMatchObject({ status: 'draft', returned });
      expect(await row(id)).toMatchObject({ status: 'draft', returned, latest_remark: { content: `Wrong price (${role})` } });
      expect(await levelsOf(t, plenty.inventoryId)).toEqual(levels);

      // sales fixes a line in draft and resubmits: the return is cleared
      const line = view.inventory_list[0]._id;
      const edit = await post('product/update', u.sales, { list_id: id, product_id: line, quantity: [{ name: 'pcs', value: 3 }], unitPrice: 6 });
      expect(edit.status).toBe(200);
      expect(edit.body.data.list.returned).toMatchObject(returned);
      const submitted = await step(t, u.sales.token, 'submit', id, 'Price fixed');
      expect(submitted.status).toBe(200);
      expect(submitted.body.data.outgoing_list).toMatchObject({ status: 'pending_sales_supervisor_approval', returned: null });
      expect(await row(id)).toMatchObject({ returned: null });
    }
  });

  it('lets sales cancel a draft: cancelled for good, nothing reserved or posted, no further step or line edit (409)', async () => {
    const id = await listIn('draft');
    const levels = await levelsOf(t, plenty.inventoryId);
    const res = await post('cancel', u.sales, { list_id: id, remark: 'Customer changed the order' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Outgoing List Cancelled Successfully');
    expect(res.body.data.outgoing_list).toMatchObject({ status: 'cancelled', returned: null, cancelled_by: { _id: u.sales.id }, cancelledAt: expect.any(String) });
    const after = await one(id);
    for (const [name, token] of [['submit', u.sales.token], ['verify', u.salesSupervisor.token], ['approve', u.finance.token], ['deliver', u.warehouseAdmin.token]] as const) {
      const r = await step(t, token, name, id, 'again');
      expect(r.status).toBe(409);
      expect(r.body.message).toContain('cancelled');
    }
    for (const user of [u.sales, u.salesSupervisor]) {
      const line = after.inventory_list[0]._id;
      const edits = [
        await addLine(t, user.token, id, plenty, [{ name: 'pcs', value: 1 }]),
        await post('product/update', user, { list_id: id, product_id: line, quantity: [{ name: 'pcs', value: 1 }] }),
        await post('product/remove', user, { list_id: id, product_id: line }),
      ];
      for (const e of edits) {
        expect(e.status).toBe(409);
        expect(e.body.message).toContain('cancelled');
      }
    }
    expect(await one(id)).toEqual(after);
    expect(await levelsOf(t, plenty.inventoryId)).toEqual(levels);
    expect(await ledgerRowsOf(t, id)).toHaveLength(0);

    const filtered = await t.http.get('/api/outgoingLists/all?status=cancelled&limit=100').set(bearer(t.adminToken));
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.outgoing_list_all.map((r: { _id: string }) => r._id)).toContain(id);
    expect(filtered.body.data.outgoing_list_all.every((r: { status: string }) => r.status === 'cancelled')).toBe(true);
    const csv = await t.http.get('/api/outgoingLists/export?format=csv&status=cancelled').set(bearer(t.adminToken));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Cancelled');
  });

  it('lets finance cancel an approved list, releasing its whole reservation in the same transaction (levels equal the ledger)', async () => {
    const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [
      { name: 'pcs', value: 20 },
      { name: 'box', value: 4 },
    ]);
    const other = await listIn('approved', p);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    expect((await addLine(t, u.sales.token, id, p, [{ name: 'pcs', value: 5 }, { name: 'box', value: 1.5 }], 10)).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, p, [{ name: 'pcs', value: 3 }], 12)).status).toBe(200);
    await advance(t, tokens, id, ['submit', 'verify', 'approve']);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 20, reserved: 10 }, box: { onHand: 4, reserved: 1.5 } });
    await expectLevelsMatchLedger(p.inventoryId);

    const res = await post('cancel', u.finance, { list_id: id, remark: 'Customer did not pay' });
    expect(res.status).toBe(200);
    expect(res.body.data.outgoing_list).toMatchObject({ status: 'cancelled', cancelled_by: { _id: u.finance.id } });
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 20, reserved: 2 }, box: { onHand: 4, reserved: 0 } });
    await expectLevelsMatchLedger(p.inventoryId);
    expect(await ledgerRowsOf(t, id)).toHaveLength(0);

    const deliver = await step(t, u.warehouseAdmin.token, 'deliver', id);
    expect(deliver.status).toBe(409);
    expect(deliver.body.message).toContain('cancelled');
    // the released stock is available again: the other list still delivers, the rest can be reserved
    await advance(t, tokens, other, ['deliver']);
    const again = await listIn('draft', p);
    expect((await addLine(t, u.sales.token, again, p, [{ name: 'pcs', value: 16 }])).status).toBe(200);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 18, reserved: 0 }, box: { onHand: 4, reserved: 0 } });
    await expectLevelsMatchLedger(p.inventoryId);
  });

  it('answers 403 or 409 naming the status for every other (status, action, role) and changes nothing', async () => {
    for (const status of STATUSES) {
      const id = await listIn(status);
      const before = await one(id);
      const levels = await levelsOf(t, plenty.inventoryId);
      for (const action of ['return', 'cancel'] as const) {
        for (const role of ROLES) {
          const from = ALLOWED[action][role];
          if (from === status) continue;
          const res = await post(action, u[role], { list_id: id, remark: 'not allowed' });
          const expected = from === undefined ? 403 : 409;
          expect({ status, action, role, code: res.status }).toEqual({ status, action, role, code: expected });
          if (expected === 409) expect(res.body.message).toContain(`the list is ${status}`);
        }
      }
      expect(await one(id)).toEqual(before);
      expect(await levelsOf(t, plenty.inventoryId)).toEqual(levels);
    }
    await expectLevelsMatchLedger(plenty.inventoryId);
  }, SETUP_TIMEOUT);

  it('requires the remark (400 naming remark) when missing or blank, and changes nothing', async () => {
    const cases: [Action, TestUser, string][] = [
      ['return', u.salesSupervisor, 'pending_sales_supervisor_approval'],
      ['cancel', u.sales, 'draft'],
      ['cancel', u.finance, 'approved'],
    ];
    for (const [action, user, status] of cases) {
      const id = await listIn(status);
      const before = await one(id);
      const levels = await levelsOf(t, plenty.inventoryId);
      for (const body of [{ list_id: id }, { list_id: id, remark: '' }, { list_id: id, remark: ' \t ' }, { list_id: id, remark: { content: '' } }, { list_id: id, remark: null }]) {
        const res = await post(action, user, body);
        expect({ action, body, code: res.status }).toEqual({ action, body, code: 400 });
        expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['remark']);
        expect(res.body.message).toMatch(/remark/);
      }
      expect(await one(id)).toEqual(before);
      expect(await levelsOf(t, plenty.inventoryId)).toEqual(levels);
    }
  });

  it('lets exactly one of a return and an approve racing on the same list win', async () => {
    const other = await createUser(t, 'finance');
    for (let i = 0; i < 3; i++) {
      const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
      const id = await listIn('pending_finance_approval', p);
      const returning = () => post('return', i % 2 ? other : u.finance, { list_id: id, remark: 'Check the customer' });
      const approving = () => step(t, i % 2 ? u.finance.token : other.token, 'approve', id, 'Approved');
      const [ret, app] = i % 2 ? (await Promise.all([approving(), returning()])).reverse() : await Promise.all([returning(), approving()]);
      expect([ret.status, app.status].sort()).toEqual([200, 409]);
      const list = await one(id);
      if (ret.status === 200) {
        expect(list).toMatchObject({ status: 'draft', returned: { reason: 'Check the customer' }, approved_by: null });
        expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 0 } });
      } else {
        expect(list).toMatchObject({ status: 'approved', returned: null });
        expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 2 } });
      }
      await expectLevelsMatchLedger(p.inventoryId);
    }
  });

  it('lets exactly one of a cancel and a delivery racing on the same approved list win (levels equal the ledger)', async () => {
    for (let i = 0; i < 3; i++) {
      const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
      const id = await listIn('approved', p);
      // supertest sends a request when it is awaited: fire them in both orders
      const cancelling = () => post('cancel', u.finance, { list_id: id, remark: 'Customer cancelled' });
      const delivering = () => step(t, u.warehouseAdmin.token, 'deliver', id);
      const [cancel, deliver] = i % 2 ? (await Promise.all([delivering(), cancelling()])).reverse() : await Promise.all([cancelling(), delivering()]);
      expect([cancel.status, deliver.status].sort()).toEqual([200, 409]);
      const list = await one(id);
      if (cancel.status === 200) {
        expect(list).toMatchObject({ status: 'cancelled', outgoing_delivered_on: null });
        expect(await ledgerRowsOf(t, id)).toHaveLength(0);
        expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 0 } });
      } else {
        expect(list).toMatchObject({ status: 'delivered', cancelled_by: null });
        expect(await ledgerRowsOf(t, id)).toHaveLength(1);
        expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 8, reserved: 0 } });
      }
      await expectLevelsMatchLedger(p.inventoryId);
    }
  });

  it('counts the creator’s returned lists in GET /api/badges until they are submitted again', async () => {
    const creator = await createUser(t, 'sales');
    const badges = async (user: { token: string }) => (await t.http.get('/api/badges').set(bearer(user.token))).body.data;
    expect(await badges(creator)).toMatchObject({ incomingReturned: 0, outgoingReturned: 0 });
    const first = await listIn('pending_sales_supervisor_approval', plenty, creator);
    const second = await listIn('pending_finance_approval', plenty, creator);
    await listIn('draft', plenty, creator);
    expect((await post('return', u.salesSupervisor, { list_id: first, remark: 'Wrong customer' })).status).toBe(200);
    expect((await post('return', u.finance, { list_id: second, remark: 'Prices missing' })).status).toBe(200);
    expect((await badges(creator)).outgoingReturned).toBe(2);
    for (const user of [u.salesSupervisor, u.finance]) expect((await badges(user)).outgoingReturned).toBe(0);

    expect((await step(t, creator.token, 'submit', first)).status).toBe(200);
    expect((await badges(creator)).outgoingReturned).toBe(1);
    expect((await post('cancel', creator, { list_id: second, remark: 'Order dropped' })).status).toBe(200);
    expect((await badges(creator)).outgoingReturned).toBe(0);
  });
});
