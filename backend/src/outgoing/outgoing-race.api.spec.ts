import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, step, stockProduct, type StepTokens, type StockedProduct } from './testing';

/** No sequence of requests, parallel or not, can oversell, on PGlite and PostgreSQL. */
/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

describe('Outgoing lists API: parallel approvals and deliveries', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let tokens: StepTokens;
  let warehouse: string;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = await createWarehouse(t);
    u = await createRoleUsers(t, warehouse);
    tokens = { sales: u.sales.token, salesSupervisor: u.salesSupervisor.token, finance: u.finance.token, warehouseAdmin: u.warehouseAdmin.token };
    customer = await insertCustomer(t);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());

  /** `count` lists each asking `each` pcs of `p`, advanced to pending_finance_approval. */
  async function listsAwaitingFinance(p: StockedProduct, count: number, each: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = await createList(t, u.sales.token, { warehouse, customer });
      expect((await addLine(t, u.sales.token, id, p, [{ name: 'pcs', value: each }])).status).toBe(200);
      await advance(t, tokens, id, ['submit', 'verify']);
      ids.push(id);
    }
    return ids;
  }
  const statusOf = async (id: string) => (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(t.adminToken))).body.data.outgoing_list.status;

  it('approves exactly one of two lists each needing 6 of 10, approved in parallel', async () => {
    const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
    const ids = await listsAwaitingFinance(p, 2, 6);
    const results = await Promise.all(ids.map((id) => step(t, u.finance.token, 'approve', id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 6 } });
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.sort()).toEqual(['approved', 'pending_finance_approval']);

    const winner = ids[results.findIndex((r) => r.status === 200)];
    const deliveries = await Promise.all([1, 2, 3].map(() => step(t, u.warehouseAdmin.token, 'deliver', winner)));
    expect(deliveries.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 4, reserved: 0 } });
    expect(await ledgerRowsOf(t, winner)).toHaveLength(1);

    const loser = ids.find((id) => id !== winner)!;
    expect((await step(t, u.finance.token, 'approve', loser)).status).toBe(409);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 4, reserved: 0 } });
  });

  it('reserves at most the stock when many lists are approved at once, and double approvals act once', async () => {
    const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
    const ids = await listsAwaitingFinance(p, 5, 3);
    const results = await Promise.all([...ids, ...ids].map((id) => step(t, u.finance.token, 'approve', id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 9 } });
  });

  it('delivers competing approved lists in parallel without losing an update', async () => {
    const p = await stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value: 10 }]);
    const ids = await listsAwaitingFinance(p, 4, 2.5);
    for (const id of ids) await advance(t, tokens, id, ['approve']);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 10 } });
    const results = await Promise.all([...ids, ...ids].map((id) => step(t, u.warehouseAdmin.token, 'deliver', id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 0, reserved: 0 } });
    const rows = (await Promise.all(ids.map((id) => ledgerRowsOf(t, id)))).flat();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.customerId === customer && r.transactionType === 'outgoing')).toBe(true);
  });
});
