import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, step, stockProduct, type StepName, type StockedProduct } from './testing';

/** The steps that lead to each status from draft. */
const PATH: Record<string, StepName[]> = {
  draft: [],
  pending_sales_supervisor_approval: ['submit'],
  pending_finance_approval: ['submit', 'verify'],
  approved: ['submit', 'verify', 'approve'],
  delivered: ['submit', 'verify', 'approve', 'deliver'],
};
const ALLOWED: Record<StepName, { from: string; role: Role }> = {
  submit: { from: 'draft', role: 'sales' },
  verify: { from: 'pending_sales_supervisor_approval', role: 'salesSupervisor' },
  approve: { from: 'pending_finance_approval', role: 'finance' },
  deliver: { from: 'approved', role: 'warehouseAdmin' },
};
const LINE_EDITORS: Record<string, Role[]> = { draft: ['sales'], pending_sales_supervisor_approval: ['sales', 'salesSupervisor'] };

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

describe('Outgoing lists API: every refused (status, step, role) and bad input', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let otherWa: TestUser;
  let warehouse: string;
  let customer: string;
  let p: StockedProduct;
  const lists: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
    otherWa = await createUser(t, 'warehouseAdmin', await createWarehouse(t));
    customer = await insertCustomer(t);
    p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 100 }]);
    const tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    for (const [status, steps] of Object.entries(PATH)) {
      lists[status] = await createList(t, u.sales.token, { warehouse, customer });
      expect((await addLine(t, u.sales.token, lists[status], p, [{ name: 'pcs', value: 2 }])).status).toBe(200);
      await advance(t, tokens, lists[status], steps);
    }
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  const snapshot = async () => ({
    lists: (await t.http.get('/api/outgoingLists/all').query({ limit: 100 }).set(bearer(t.adminToken))).body.data.outgoing_list_all,
    levels: await levelsOf(t, p.inventoryId),
    ledger: (await Promise.all(Object.values(lists).map((id) => ledgerRowsOf(t, id)))).flat().length,
  });
  const actors = (): TestUser[] => [...Object.values(u), otherWa];

  it('answers 403 or 409 for every step not allowed for the status and role, and changes nothing', async () => {
    const before = await snapshot();
    let refused = 0;
    for (const [status, id] of Object.entries(lists)) {
      for (const [name, rule] of Object.entries(ALLOWED) as [StepName, (typeof ALLOWED)[StepName]][]) {
        for (const user of actors()) {
          if (status === rule.from && user.role === rule.role && user !== otherWa) continue;
          const res = await step(t, user.token, name, id, 'nope');
          expect([403, 409]).toContain(res.status);
          if (res.status === 409) expect(res.body.message).toContain(`the list is ${status}`);
          if (user.role === rule.role && user !== otherWa) expect(res.status).toBe(409);
          refused++;
        }
      }
    }
    expect(refused).toBe(5 * 4 * 7 - 4);
    expect(await snapshot()).toEqual(before);
  }, SETUP_TIMEOUT);

  it('lets lines change only in draft (sales) and at the supervisor (sales, salesSupervisor)', async () => {
    const before = await snapshot();
    for (const [status, id] of Object.entries(lists)) {
      for (const user of actors()) {
        if ((LINE_EDITORS[status] ?? []).includes(user.role) && user !== otherWa) continue;
        const upd = await t.http.post('/api/outgoingLists/product/update').set(bearer(user.token)).send({ list_id: id, product_id: p.productId, quantity: [{ name: 'pcs', value: 1 }] });
        const rem = await t.http.post('/api/outgoingLists/product/remove').set(bearer(user.token)).send({ list_id: id, product_id: p.productId });
        const add = await addLine(t, user.token, id, p, [{ name: 'pcs', value: 1 }]);
        for (const res of [upd, rem, add]) expect([403, 409]).toContain(res.status);
      }
    }
    expect(await snapshot()).toEqual(before);
    const sup = await t.http
      .post('/api/outgoingLists/product/update')
      .set(bearer(u.salesSupervisor.token))
      .send({ list_id: lists.pending_sales_supervisor_approval, product_id: p.productId, quantity: [{ name: 'pcs', value: 3 }] });
    expect(sup.status).toBe(200);
    expect(sup.body.data.line.quantity).toEqual([{ name: 'pcs', value: 3 }]);
  }, SETUP_TIMEOUT);

  it('answers 409 for a taken GIN and 400 for unknown customer or warehouse', async () => {
    const gin = `GIN-DUP-${Date.now()}`;
    const body = { warehouse, customer, gin, fs_number: 'FS' };
    expect((await t.http.post('/api/outgoingLists/create').set(bearer(u.sales.token)).send(body)).status).toBe(201);
    const dup = await t.http.post('/api/outgoingLists/create').set(bearer(u.sales.token)).send(body);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`GIN "${gin}" is already used`);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.post('/api/outgoingLists/create').set(bearer(u.sales.token)).send({ ...body, gin: `${gin}x`, customer: unknown })).status).toBe(400);
    expect((await t.http.post('/api/outgoingLists/create').set(bearer(u.sales.token)).send({ ...body, gin: `${gin}y`, warehouse: unknown })).status).toBe(400);
    for (const role of ['finance', 'warehouseAdmin', 'salesSupervisor', 'importAdmin', 'admin'] as Role[]) {
      expect((await t.http.post('/api/outgoingLists/create').set(bearer(u[role].token)).send({ ...body, gin: `${gin}${role}` })).status).toBe(403);
    }
  });

  it('names the GIN when creates race: one 201, the others 409 naming the value', async () => {
    const gin = `GIN-RACE-${Date.now()}`;
    const create = () => t.http.post('/api/outgoingLists/create').set(bearer(u.sales.token)).send({ warehouse, customer, gin });
    const results = await Promise.all([create(), create(), create()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ statusCode: 409, message: `GIN "${gin}" is already used` });
    const all = await t.http.get('/api/outgoingLists/all').query({ search: gin }).set(bearer(t.adminToken));
    expect(all.body.data.outgoing_list_all.filter((l: { gin: string }) => l.gin === gin)).toHaveLength(1);
  });

  const draftBody = () => ({ list_id: lists.draft, product: p.productId, inventory: p.inventoryId, quantity: [{ name: 'pcs', value: 1 }] });
  it.each([
    ['create', { warehouse: undefined, customer: undefined }, /warehouse must be a valid id/],
    ['create', { warehouse: 'x', customer: 'y', gin: 'g' }, /valid id/],
    ['create', { gin: 'x'.repeat(10_000) }, /shorter than or equal/],
    ['create', { extra: 1 }, /Unknown field "extra"/],
    ['product/add', { quantity: [{ name: 'pcs', value: 0 }] }, /greater than 0/],
    ['product/add', { quantity: [{ name: 'pcs', value: 1.0001 }] }, /at most 3 decimals/],
    ['product/add', { quantity: [{ name: 'crate', value: 1 }] }, /not a unit/],
    ['product/add', { quantity: [] }, /at least one unit/],
    ['product/add', { quantity: 'many' }, /array/],
    ['product/add', { unitPrice: 1.234 }, /2 decimals/],
    ['product/add', { unitPrice: -1 }, /unitPrice must not be negative/],
    ['product/add', { inventory: 'nope' }, /inventory must be a valid id/],
    ['product/add', { product: '00000000-0000-4000-8000-000000000000' }, /not of this product/],
    ['submit-for-sales-supervisor-approval', { remark: 'x'.repeat(10_000) }, /shorter than or equal/],
    ['submit-for-sales-supervisor-approval', { remark: 5 }, /string or \{content\}/],
    ['submit-for-sales-supervisor-approval', { list_id: 'bad' }, /list_id must be a valid id/],
  ])('rejects bad input to %s #%# with 400 and changes nothing', async (route, patch, message) => {
    const before = await snapshot();
    const base = route === 'create' ? { warehouse, customer, gin: `G-${Date.now()}` } : route === 'product/add' ? draftBody() : { list_id: lists.draft };
    const res = await t.http.post(`/api/outgoingLists/${route}`).set(bearer(u.sales.token)).send({ ...base, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for malformed ids and 404 for unknown lists, lines and records', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.get('/api/outgoingLists/one/abc').set(bearer(u.sales.token))).status).toBe(400);
    expect((await t.http.get(`/api/outgoingLists/one/${unknown}`).set(bearer(u.sales.token))).status).toBe(404);
    expect((await step(t, u.sales.token, 'submit', unknown)).status).toBe(404);
    const rem = await t.http.post('/api/outgoingLists/product/remove').set(bearer(u.sales.token)).send({ list_id: lists.draft, product_id: unknown });
    expect(rem.status).toBe(404);
    expect((await addLine(t, u.sales.token, lists.draft, { ...p, inventoryId: unknown }, [{ name: 'pcs', value: 1 }])).status).toBe(404);
    expect((await t.http.get('/api/outgoingLists/all')).status).toBe(401);
  });
});
