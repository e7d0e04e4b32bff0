import { eq } from 'drizzle-orm';
import { ROLES } from '@inventory/common';
import { incomingListItems } from '../database/schema';
import { createListsApp, createUser, type TestApp } from '../../test/test-app';
import { draftList, FLOW, getList, ledgerOf, listAt, onHand, post, statusOf, type Actor, type IncomingFixture } from './testing';

// The shared machine can be slow: setup and the long matrices get more than the default minute.
const SETUP_MS = 240_000;

describe('Incoming lists workflow API', () => {
  let t: TestApp;
  let fx: IncomingFixture;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
  }, SETUP_MS);
  afterAll(() => t.close());

  it('runs the whole flow with the right roles and posts the lines into stock once', async () => {
    const { id, grn } = await draftList(fx, 2);
    await post(fx, 'product/add', fx.users.warehouseAdmin, { list_id: id, product: fx.products[0]._id, quantity: [{ name: 'box', value: 2.5 }], purchasedPrice: 12.5 });

    const submitted = await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: id, remark: 'Please check' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.message).toBe('Incoming List Submitted Successfully');
    expect(submitted.body.data.incoming_list[0]).toMatchObject({ status: 'pending_import_admin_approval', submitted_by: { _id: fx.users.warehouseAdmin.id } });

    const confirmed = await post(fx, 'import-admin/approve-and-submit-for-finance-approval', fx.users.importAdmin, { list_id: id, remark: { content: 'Counted' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('Import Admin Incoming List Confirmed Successfully');
    expect(confirmed.body.data.incoming_list[0]).toMatchObject({ status: 'pending_finance_approval', confirmed_by: { _id: fx.users.importAdmin.id } });

    const approved = await post(fx, 'approve', fx.users.finance, { list_id: id, remark: { content: 'Paid', remark_by: fx.users.sales.id } });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe('Incoming List Approved Successfully');
    const list = approved.body.data.incoming_list[0];
    expect(list).toMatchObject({ status: 'approved', approved_by: { _id: fx.users.finance.id, first_name: 'Test', last_name: 'finance' } });
    expect(typeof list.approved_at).toBe('string');
    expect(list.remarks.map((r: { content: string; remark_by: { _id: string } }) => [r.content, r.remark_by._id])).toEqual([
      ['New list', fx.users.warehouseAdmin.id],
      ['Please check', fx.users.warehouseAdmin.id],
      ['Counted', fx.users.importAdmin.id],
      ['Paid', fx.users.finance.id],
    ]);

    expect(await onHand(fx, fx.products[0]._id, fx.warehouse)).toEqual({ pcs: 10, box: 2.5 });
    expect(await onHand(fx, fx.products[1]._id, fx.warehouse)).toEqual({ pcs: 10, box: 0 });
    const ledger = await ledgerOf(fx, id);
    expect(ledger).toHaveLength(2);
    for (const row of ledger) {
      expect(row).toMatchObject({ transactionType: 'incoming', grn, source: 'incoming_list', sourceId: id, warehouseId: fx.warehouse, userId: fx.users.finance.id });
    }
    const byProduct = Object.fromEntries(ledger.map((r) => [r.productId, r.quantity]));
    expect(byProduct[fx.products[0]._id]).toEqual([{ name: 'pcs', value: 10 }, { name: 'box', value: 2.5 }]);
    expect(byProduct[fx.products[1]._id]).toEqual([{ name: 'pcs', value: 10 }]);

    const again = await post(fx, 'approve', fx.users.finance, { list_id: id, remark: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/approved/);
    expect(await ledgerOf(fx, id)).toHaveLength(2);
    expect(await onHand(fx, fx.products[0]._id, fx.warehouse)).toEqual({ pcs: 10, box: 2.5 });
    expect((await getList(fx, id)).remarks).toHaveLength(4);
  });

  it('posts a list once when two approves race: exactly one succeeds, the other answers 409', async () => {
    const { id } = await listAt(fx, 'pending_finance_approval');
    const before = await onHand(fx, fx.products[1]._id, fx.warehouse);
    const other = await createUser(t, 'finance');
    const results = await Promise.all([
      post(fx, 'approve', fx.users.finance, { list_id: id, remark: 'one' }),
      post(fx, 'approve', other, { list_id: id, remark: 'two' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ledgerOf(fx, id)).toHaveLength(2);
    expect((await onHand(fx, fx.products[1]._id, fx.warehouse)).pcs).toBe((before.pcs ?? 0) + 10);
    expect((await getList(fx, id)).remarks).toHaveLength(4);
  });

  it('refuses to submit an empty list (409) and leaves it a draft', async () => {
    const { id } = await draftList(fx, 0);
    const res = await post(fx, 'submit', fx.users.warehouseAdmin, { list_id: id, remark: 'empty' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/empty/i);
    expect(await statusOf(fx, id)).toBe('draft');
    expect((await getList(fx, id)).remarks).toHaveLength(1);
  });

  it('refuses to confirm a list whose lines were all removed after submit (409) and changes nothing', async () => {
    const { id } = await listAt(fx, 'pending_import_admin_approval');
    for (const p of fx.products) {
      expect((await post(fx, 'product/remove', fx.users.importAdmin, { list_id: id, product_id: p._id })).status).toBe(200);
    }
    const before = await getList(fx, id);
    const res = await post(fx, 'import-admin/approve-and-submit-for-finance-approval', fx.users.importAdmin, { list_id: id, remark: 'empty' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An empty list cannot be confirmed: add at least one product');
    expect(await getList(fx, id)).toEqual(before);
    expect(before).toMatchObject({ status: 'pending_import_admin_approval', confirmed_by: null });
    // adding a product back lets it go on
    await post(fx, 'product/add', fx.users.importAdmin, { list_id: id, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }] });
    expect((await post(fx, 'import-admin/approve-and-submit-for-finance-approval', fx.users.importAdmin, { list_id: id })).status).toBe(200);
  });

  it('refuses to approve an empty list awaiting finance (data from before confirm checked it): 409, nothing posted', async () => {
    const { id } = await listAt(fx, 'pending_finance_approval');
    await fx.t.db.delete(incomingListItems).where(eq(incomingListItems.listId, id));
    const before = await getList(fx, id);
    const res = await post(fx, 'approve', fx.users.finance, { list_id: id, remark: 'empty' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An empty list cannot be approved: it has no products to receive');
    expect(await getList(fx, id)).toEqual(before);
    expect(before).toMatchObject({ status: 'pending_finance_approval', approved_by: null, approved_at: null });
    expect(await ledgerOf(fx, id)).toHaveLength(0);
  });

  it('answers 403 or 409 for every (status, step, role) that is not allowed, and changes nothing', async () => {
    const lists: Record<string, string> = {};
    for (const status of ['draft', 'pending_import_admin_approval', 'pending_finance_approval', 'approved']) {
      lists[status] = (await listAt(fx, status)).id;
    }
    const actors: [string, Actor][] = [...ROLES.map((r) => [r, fx.users[r]] as [string, Actor]), ['otherWarehouseAdmin', fx.otherAdmin]];
    for (const [status, id] of Object.entries(lists)) {
      const ledgerBefore = (await ledgerOf(fx, id)).length;
      for (const step of FLOW) {
        for (const [name, user] of actors) {
          if (step.status === status && step.role === name) continue;
          const res = await post(fx, step.path, user, { list_id: id, remark: 'not allowed' });
          expect({ status, step: step.path, name, code: [403, 409].includes(res.status) }).toEqual({ status, step: step.path, name, code: true });
          if (res.status === 409) expect(res.body.message).toContain(status);
        }
      }
      expect(await statusOf(fx, id)).toBe(status);
      expect((await ledgerOf(fx, id)).length).toBe(ledgerBefore);
      expect((await getList(fx, id)).remarks.some((r: { content: string }) => r.content === 'not allowed')).toBe(false);
    }
  }, SETUP_MS);

  it('lets lines change only in draft (warehouseAdmin) and pending_import_admin_approval (warehouseAdmin, importAdmin)', async () => {
    const allowed: Record<string, string[]> = {
      draft: ['warehouseAdmin'],
      pending_import_admin_approval: ['warehouseAdmin', 'importAdmin'],
      pending_finance_approval: [],
      approved: [],
    };
    for (const [status, editors] of Object.entries(allowed)) {
      const { id } = await listAt(fx, status);
      for (const role of ROLES) {
        const user = fx.users[role];
        const before = await getList(fx, id);
        const res = await post(fx, 'product/update', user, { list_id: id, product_id: fx.products[0]._id, quantity: [{ name: 'pcs', value: 3 }] });
        if (editors.includes(role)) {
          expect(res.status).toBe(200);
          continue;
        }
        expect({ status, role, code: [403, 409].includes(res.status) }).toEqual({ status, role, code: true });
        const removed = await post(fx, 'product/remove', user, { list_id: id, product_id: fx.products[0]._id });
        const added = await post(fx, 'product/add', user, { list_id: id, product: fx.products[0]._id, quantity: [{ name: 'pcs', value: 1 }] });
        expect([removed.status, added.status].every((s) => [403, 409].includes(s))).toBe(true);
        expect((await getList(fx, id)).inventory_list).toEqual(before.inventory_list);
      }
      if (status === 'pending_finance_approval' || status === 'approved') {
        const res = await post(fx, 'product/remove', fx.users.warehouseAdmin, { list_id: id, product_id: fx.products[0]._id });
        expect(res.status).toBe(409);
        expect(res.body.message).toContain(status);
      }
    }
  }, SETUP_MS);

  it('lets the other warehouse’s admin neither change nor submit a list (403)', async () => {
    const { id } = await draftList(fx, 1);
    const add = await post(fx, 'product/add', fx.otherAdmin, { list_id: id, product: fx.products[1]._id, quantity: [{ name: 'pcs', value: 1 }] });
    expect(add.status).toBe(403);
    expect((await post(fx, 'submit', fx.otherAdmin, { list_id: id })).status).toBe(403);
    expect(await statusOf(fx, id)).toBe('draft');
    expect((await getList(fx, id)).inventory_list).toHaveLength(1);
  });
});
