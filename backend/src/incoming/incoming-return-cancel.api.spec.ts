import { ROLES, type Role } from '@inventory/common';
import { createListsApp, createUser, type TestApp } from '../../test/test-app';
import { FLOW, getList, ledgerOf, listAt, onHand, post, statusOf, type Actor, type IncomingFixture } from './testing';

// The shared machine can be slow: setup and the long matrices get more than the default minute.
const SETUP_MS = 240_000;

type Action = 'return' | 'cancel';
/** The status each role may return or cancel a list from. */
const ALLOWED: Record<Action, Partial<Record<Role, string>>> = {
  return: { importAdmin: 'pending_import_admin_approval', finance: 'pending_finance_approval' },
  cancel: { warehouseAdmin: 'draft' },
};
const STATUSES = ['draft', 'pending_import_admin_approval', 'pending_finance_approval', 'approved', 'cancelled'];

describe('Incoming lists: return and cancel (issue 14)', () => {
  let t: TestApp;
  let fx: IncomingFixture;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
  }, SETUP_MS);
  afterAll(() => t.close());

  /** A list (two lines) at `status`; a cancelled one is a draft cancelled by its warehouseAdmin. */
  async function listIn(status: string, f: IncomingFixture = fx): Promise<string> {
    if (status !== 'cancelled') return (await listAt(f, status)).id;
    const { id } = await listAt(f, 'draft');
    const res = await post(f, 'cancel', f.users.warehouseAdmin, { list_id: id, remark: 'Duplicate of another GRN' });
    if (res.status !== 200) throw new Error(`cancel: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  }

  const row = async (id: string) => {
    const res = await t.http.get('/api/incomingLists/all?limit=100').set({ Authorization: `Bearer ${t.adminToken}` });
    return res.body.data.incoming_list_all.find((r: { _id: string }) => r._id === id);
  };

  it('lets the importAdmin and finance return a list at their own step: draft with returned {by, at, reason}, cleared on resubmit', async () => {
    for (const [role, status] of Object.entries(ALLOWED.return) as [Role, string][]) {
      const id = await listIn(status);
      const res = await post(fx, 'return', fx.users[role], { list_id: id, remark: { content: `  Wrong quantities (${role})  ` } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Incoming List Returned Successfully');
      const returned = { by: { _id: fx.users[role].id, first_name: 'Test', last_name: role }, at: expect.any(String), reason: `Wrong quantities (${role})` };
      const view = res.body.data.incoming_list[0];
      expect(view).toMatchObject({ status: 'draft', returned, cancelled_by: null, cancelled_at: null });
      expect(view.remarks.at(-1)).toMatchObject({ content: `Wrong quantities (${role})`, remark_by: { _id: fx.users[role].id } });
      expect(await getList(fx, id)).toMatchObject({ status: 'draft', returned });
      expect(await row(id)).toMatchObject({ status: 'draft', returned, latest_remark: { content: `Wrong quantities (${role})` } });
      expect(await ledgerOf(fx, id)).toHaveLength(0);

      // lines are editable again in draft, and a submission clears the return
      const edit = await post(fx, 'product/update', fx.users.warehouseAdmin, { list_id: id, product_id: fx.products[0]._id, quantity: [{ name: 'pcs', value: 7 }] });
      expect(edit.status).toBe(200);
      expect(edit.body.data.list.returned).toMatchObject(returned);
      const submitted = await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: id, remark: 'Fixed' });
      expect(submitted.status).toBe(200);
      expect(submitted.body.data.incoming_list[0]).toMatchObject({ status: 'pending_import_admin_approval', returned: null });
      expect(await row(id)).toMatchObject({ returned: null });
    }
  });

  it('lets the warehouseAdmin cancel a draft: cancelled for good, nothing posted, no further step or line edit (409)', async () => {
    const { id } = await listAt(fx, 'draft');
    const before = await onHand(fx, fx.products[0]._id, fx.warehouse);
    const res = await post(fx, 'cancel', fx.users.warehouseAdmin, { list_id: id, remark: 'Supplier withdrew' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Incoming List Cancelled Successfully');
    expect(res.body.data.incoming_list[0]).toMatchObject({
      status: 'cancelled',
      returned: null,
      cancelled_by: { _id: fx.users.warehouseAdmin.id },
      cancelled_at: expect.any(String),
    });
    expect(res.body.data.incoming_list[0].remarks.at(-1).content).toBe('Supplier withdrew');
    const after = await getList(fx, id);

    for (const step of FLOW) {
      const r = await post(fx, step.path, fx.users[step.role], { list_id: id, remark: 'again' });
      expect(r.status).toBe(409);
      expect(r.body.message).toContain('cancelled');
    }
    for (const role of ['warehouseAdmin', 'importAdmin'] as const) {
      const user = fx.users[role];
      const edits = [
        await post(fx, 'product/add', user, { list_id: id, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }] }),
        await post(fx, 'product/update', user, { list_id: id, product_id: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }] }),
        await post(fx, 'product/remove', user, { list_id: id, product_id: fx.products[0]._id }),
      ];
      for (const e of edits) {
        expect(e.status).toBe(409);
        expect(e.body.message).toContain('cancelled');
      }
    }
    expect(await getList(fx, id)).toEqual(after);
    expect(await ledgerOf(fx, id)).toHaveLength(0);
    expect(await onHand(fx, fx.products[0]._id, fx.warehouse)).toEqual(before);

    // the status filter and the export know cancelled lists
    const filtered = await t.http.get('/api/incomingLists/all?status=cancelled&limit=100').set({ Authorization: `Bearer ${t.adminToken}` });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.incoming_list_all.map((r: { _id: string }) => r._id)).toContain(id);
    expect(filtered.body.data.incoming_list_all.every((r: { status: string }) => r.status === 'cancelled')).toBe(true);
    const csv = await t.http.get('/api/incomingLists/export?format=csv&status=cancelled').set({ Authorization: `Bearer ${t.adminToken}` });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Cancelled');
  });

  it('answers 403 or 409 naming the status for every other (status, action, role) and changes nothing', async () => {
    const actors: [string, Role, Actor][] = [...ROLES.map((r) => [r, r, fx.users[r]] as [string, Role, Actor]), ['otherWarehouseAdmin', 'warehouseAdmin', fx.otherAdmin]];
    for (const status of STATUSES) {
      const id = await listIn(status);
      const before = await getList(fx, id);
      const ledgerBefore = (await ledgerOf(fx, id)).length;
      for (const action of ['return', 'cancel'] as const) {
        for (const [name, role, user] of actors) {
          const from = ALLOWED[action][role];
          if (from === status && name !== 'otherWarehouseAdmin') continue;
          const res = await post(fx, action, user, { list_id: id, remark: 'not allowed' });
          const expected = from === undefined || name === 'otherWarehouseAdmin' ? 403 : 409;
          expect({ status, action, name, code: res.status }).toEqual({ status, action, name, code: expected });
          if (expected === 409) expect(res.body.message).toContain(`its status is ${status}`);
        }
      }
      expect(await getList(fx, id)).toEqual(before);
      expect((await ledgerOf(fx, id)).length).toBe(ledgerBefore);
    }
  }, SETUP_MS);

  it('requires the remark (400 naming remark) when missing or blank, and changes nothing', async () => {
    const cases: [Action, Actor, string][] = [
      ['return', fx.users.importAdmin, 'pending_import_admin_approval'],
      ['cancel', fx.users.warehouseAdmin, 'draft'],
    ];
    for (const [action, user, status] of cases) {
      const id = await listIn(status);
      const before = await getList(fx, id);
      for (const body of [{ list_id: id }, { list_id: id, remark: '' }, { list_id: id, remark: '   ' }, { list_id: id, remark: { content: ' ' } }, { list_id: id, remark: null }]) {
        const res = await post(fx, action, user, body);
        expect({ action, body, code: res.status }).toEqual({ action, body, code: 400 });
        expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['remark']);
        expect(res.body.message).toMatch(/remark/);
      }
      expect(await getList(fx, id)).toEqual(before);
    }
  });

  it('lets exactly one of a return and an approve racing on the same list win, leaving a consistent list', async () => {
    const other = await createUser(t, 'finance');
    const winners: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await listIn('pending_finance_approval');
      const before = await onHand(fx, fx.products[1]._id, fx.warehouse);
      const order = i % 2 === 0;
      // supertest sends a request when it is awaited: fire them in both orders
      const returning = () => post(fx, 'return', order ? fx.users.finance : other, { list_id: id, remark: 'Wrong supplier' });
      const approving = () => post(fx, 'approve', order ? other : fx.users.finance, { list_id: id, remark: 'Paid' });
      const [ret, app] = order ? await Promise.all([returning(), approving()]) : (await Promise.all([approving(), returning()])).reverse();
      expect([ret.status, app.status].sort()).toEqual([200, 409]);
      const list = await getList(fx, id);
      if (ret.status === 200) {
        winners.push('return');
        expect(list).toMatchObject({ status: 'draft', returned: { reason: 'Wrong supplier' }, approved_by: null });
        expect(await ledgerOf(fx, id)).toHaveLength(0);
        expect(await onHand(fx, fx.products[1]._id, fx.warehouse)).toEqual(before);
        expect(list.remarks.some((r: { content: string }) => r.content === 'Paid')).toBe(false);
      } else {
        winners.push('approve');
        expect(list).toMatchObject({ status: 'approved', returned: null });
        expect(await ledgerOf(fx, id)).toHaveLength(2);
        expect((await onHand(fx, fx.products[1]._id, fx.warehouse)).pcs).toBe((before.pcs ?? 0) + 10);
        expect(list.remarks.some((r: { content: string }) => r.content === 'Wrong supplier')).toBe(false);
      }
      expect(await statusOf(fx, id)).toBe(list.status);
    }
    expect(winners).toHaveLength(3);
  });

  it('counts the creator’s returned lists in GET /api/badges until they are submitted again', async () => {
    const creator = await createUser(t, 'warehouseAdmin', fx.warehouse);
    const own: IncomingFixture = { ...fx, users: { ...fx.users, warehouseAdmin: creator } };
    const badges = async (user: Actor) => (await t.http.get('/api/badges').set({ Authorization: `Bearer ${user.token}` })).body.data;
    expect(await badges(creator)).toMatchObject({ incomingReturned: 0, outgoingReturned: 0 });

    const first = await listIn('pending_import_admin_approval', own);
    const second = await listIn('pending_finance_approval', own);
    await listIn('draft', own);
    expect((await post(own, 'return', fx.users.importAdmin, { list_id: first, remark: 'Recount' })).status).toBe(200);
    expect((await post(own, 'return', fx.users.finance, { list_id: second, remark: 'No invoice' })).status).toBe(200);
    expect((await badges(creator)).incomingReturned).toBe(2);
    // the badge is the creator's own: nobody else sees these lists counted
    expect((await badges(fx.users.importAdmin)).incomingReturned).toBe(0);
    expect((await badges(fx.users.finance)).incomingReturned).toBe(0);

    expect((await post(own, 'submit', creator, { list_id: first })).status).toBe(200);
    expect((await badges(creator)).incomingReturned).toBe(1);
    expect((await post(own, 'cancel', creator, { list_id: second, remark: 'Not coming' })).status).toBe(200);
    expect((await badges(creator)).incomingReturned).toBe(0);
  });
});
