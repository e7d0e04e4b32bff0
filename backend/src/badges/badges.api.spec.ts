import { eq } from 'drizzle-orm';
import { customers, outgoingLists } from '../database/schema';
import { createListsApp, bearer, createUser, uniq, type TestApp } from '../../test/test-app';
import { listAt, type Actor, type IncomingFixture } from '../incoming/testing';

// The shared machine can be slow: setup and the long matrices get more than the default minute.
const SETUP_MS = 240_000;

describe('Badges API', () => {
  let t: TestApp;
  let fx: IncomingFixture;

  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    await listAt(fx, 'pending_import_admin_approval');
    await listAt(fx, 'pending_import_admin_approval');
    await listAt(fx, 'pending_finance_approval');
    await listAt(fx, 'approved');
    await listAt(fx, 'draft');
    await outgoing(['pending_sales_supervisor_approval', 'pending_finance_approval', 'pending_finance_approval', 'approved']);
  }, SETUP_MS);
  afterAll(() => t.close());

  /** Outgoing lists inserted directly in `statuses` (their workflow belongs to the outgoing module). */
  async function outgoing(statuses: string[]): Promise<void> {
    const [customer] = await t.db.insert(customers).values({ name: 'C', company: 'Co', phoneNo: ['911223344'], email: 'c@test.local' }).returning();
    await t.db.insert(outgoingLists).values(
      statuses.map((status) => ({ gin: `GIN-${uniq()}`, status, customerId: customer.id, warehouseId: fx.warehouse, createdBy: fx.users.sales.id })),
    );
  }

  const badges = async (user: Actor) => {
    const res = await t.http.get('/api/badges').set(bearer(user.token));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const none = { incomingAwaitingFinance: 0, incomingAwaitingImportAdmin: 0, outgoingAwaitingFinance: 0, outgoingAwaitingSupervisor: 0, outgoingAwaitingDelivery: 0, incomingReturned: 0, outgoingReturned: 0, pendingAdjustments: 0, transfersAwaitingReceipt: 0, pendingStockCounts: 0 };

  it('counts the lists awaiting the caller’s role', async () => {
    expect(await badges(fx.users.importAdmin)).toEqual({ ...none, incomingAwaitingImportAdmin: 2 });
    expect(await badges(fx.users.finance)).toEqual({ ...none, incomingAwaitingFinance: 1, outgoingAwaitingFinance: 2 });
    expect(await badges(fx.users.salesSupervisor)).toEqual({ ...none, outgoingAwaitingSupervisor: 1 });
    expect(await badges(fx.users.warehouseAdmin)).toEqual({ ...none, outgoingAwaitingDelivery: 1 });
    for (const role of ['admin', 'sales'] as const) {
      expect(await badges(fx.users[role])).toEqual(none);
    }
  });

  it('counts only the own warehouse for a user tied to one', async () => {
    const scoped = await createUser(t, 'importAdmin', fx.otherWarehouse);
    expect(await badges(scoped)).toEqual(none);
    expect(await badges(await createUser(t, 'warehouseAdmin', fx.otherWarehouse))).toEqual(none);
  });

  it('counts the approved outgoing lists awaiting delivery for the warehouse’s warehouseAdmin, until delivered', async () => {
    const keeper = await createUser(t, 'warehouseAdmin', fx.otherWarehouse);
    const [customer] = await t.db.insert(customers).values({ name: 'D', company: 'Co', phoneNo: ['911223355'], email: `d.${uniq()}@test.local` }).returning();
    const [list] = await t.db
      .insert(outgoingLists)
      .values({ gin: `GIN-${uniq()}`, status: 'approved', customerId: customer.id, warehouseId: fx.otherWarehouse, createdBy: fx.users.sales.id })
      .returning();
    expect((await badges(keeper)).outgoingAwaitingDelivery).toBe(1);
    expect((await badges(fx.users.warehouseAdmin)).outgoingAwaitingDelivery).toBe(1);
    await t.db.update(outgoingLists).set({ status: 'delivered' }).where(eq(outgoingLists.id, list.id));
    expect((await badges(keeper)).outgoingAwaitingDelivery).toBe(0);
  });

  it('follows the workflow: a confirm moves a list from the import admin’s badge to finance’s', async () => {
    const { id } = await listAt(fx, 'pending_import_admin_approval');
    expect((await badges(fx.users.importAdmin)).incomingAwaitingImportAdmin).toBe(3);
    const res = await t.http
      .post('/api/incomingLists/import-admin/approve-and-submit-for-finance-approval')
      .set(bearer(fx.users.importAdmin.token))
      .send({ list_id: id, remark: 'ok' });
    expect(res.status).toBe(200);
    expect((await badges(fx.users.importAdmin)).incomingAwaitingImportAdmin).toBe(2);
    expect((await badges(fx.users.finance)).incomingAwaitingFinance).toBe(2);
  });

  it('needs a token', async () => {
    expect((await t.http.get('/api/badges')).status).toBe(401);
  });
});
