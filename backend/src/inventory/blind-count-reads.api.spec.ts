import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { inventories } from '../database/schema';
import { stockProduct, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

type Movement = { _id: string; inventory_id: string; quantity: { name: string; value: number }[]; quantities_hidden: boolean };
type Line = { _id: string; inventory: { _id: string }; available: { name: string; value: number }[] | null; available_hidden: boolean };

const ETHIOPIC = /[\u1200-\u137F]/;
const BLIND = /the record is being counted, so its quantities are not shown/;

/**
 * A blind count is blind beyond Inventory, on PGlite and PostgreSQL: while it is counted, its
 * counters (the warehouseAdmins of its warehouse) read the movements of its records in the
 * ledger (search, day, range, export) without quantities, a draft transfer's line of such a record
 * without its available stock, and the 409s of too little stock without the levels (in English and
 * Amharic). Finance reads everything; once the count is submitted the counters do again.
 */
describe('Blind count: the ledger, transfers and stock errors of counted records', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let W: string;
  let W2: string;
  /** On the blind count (its category): 40 pcs received. */
  let counted: StockedProduct;
  /** Another category of the same warehouse: never on the count; 9 pcs. */
  let other: StockedProduct;
  let countId: string;
  let transferId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [W, W2] = await Promise.all([createWarehouse(t), createWarehouse(t)]);
    u = await createRoleUsers(t, W);
    counted = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 40 }]);
    other = await stockProduct(t, W, u.warehouseAdmin.id, [{ name: 'pcs', value: 9 }]);
  }, SETUP_MS);
  afterAll(() => t.close());

  const post = (path: string, token: string, body: object, headers: Record<string, string> = {}) => t.http.post(`/api/${path}`).set(bearer(token)).set(headers).send(body);
  const today = new Date().toISOString().slice(0, 10);
  /** The rows of `s` in a ledger list route's answer. */
  async function movements(route: 'search' | 'daily' | 'range', token: string, s: StockedProduct): Promise<Movement[]> {
    const body = route === 'search' ? { warehouseId: W } : route === 'daily' ? { date: today } : { startDate: today, endDate: today };
    const res = await post(`transactions/${route}?limit=100`, token, body);
    expect(res.status).toBe(200);
    return (res.body.data.transactionsList as Movement[]).filter((m) => m.inventory_id === s.inventoryId);
  }
  /** The ledger export's (CSV) `Quantity (pcs)` cells of the rows of `s`. */
  async function exportedQuantities(token: string, s: StockedProduct): Promise<string[]> {
    const res = await t.http.post('/api/transactions/export?format=csv').set(bearer(token)).send({ warehouseId: W });
    expect(res.status).toBe(200);
    const rows = (parse(res.text, { columns: true, bom: true }) as Record<string, string>[]).filter((r) => r.Code === s.code);
    expect(rows.length).toBeGreaterThan(0);
    return rows.map((r) => r['Quantity (pcs)']);
  }
  const line = async (token: string, s: StockedProduct): Promise<Line> => {
    const res = await t.http.get(`/api/transfers/one/${transferId}`).set(bearer(token));
    expect(res.status).toBe(200);
    return (res.body.data.transfer.lines as Line[]).find((l) => l.inventory._id === s.inventoryId)!;
  };

  it('before the count the counters read every quantity', async () => {
    expect(await movements('search', u.warehouseAdmin.token, counted)).toEqual([expect.objectContaining({ quantity: [{ name: 'pcs', value: 40 }], quantities_hidden: false })]);
    const [{ categoryId }] = await t.db.select({ categoryId: inventories.categoryId }).from(inventories).where(eq(inventories.id, counted.inventoryId));
    const res = await post('stockCounts/create', u.warehouseAdmin.token, { warehouse: W, category: categoryId, blind: true });
    expect(res.status).toBe(201);
    countId = res.body.data.stock_count._id;
  });

  it('the ledger reads (search, day, range, export) carry no quantity of a counted record for its counters; finance reads them', async () => {
    for (const route of ['search', 'daily', 'range'] as const) {
      expect(await movements(route, u.warehouseAdmin.token, counted)).toEqual([expect.objectContaining({ quantity: [], quantities_hidden: true })]);
      expect(await movements(route, u.warehouseAdmin.token, other)).toEqual([expect.objectContaining({ quantity: [{ name: 'pcs', value: 9 }], quantities_hidden: false })]);
      expect(await movements(route, u.finance.token, counted)).toEqual([expect.objectContaining({ quantity: [{ name: 'pcs', value: 40 }], quantities_hidden: false })]);
    }
    expect(await exportedQuantities(u.warehouseAdmin.token, counted)).toEqual(['']);
    expect(await exportedQuantities(u.warehouseAdmin.token, other)).toEqual(['9']);
    expect(await exportedQuantities(u.finance.token, counted)).toEqual(['40']);
  });

  it('a draft transfer line of a counted record shows its counters no available stock, and its 409 no level', async () => {
    const created = await post('transfers/create', u.warehouseAdmin.token, { from_warehouse: W, to_warehouse: W2, trn: `TRN-${uniq()}` });
    expect(created.status).toBe(201);
    transferId = created.body.data.transfer._id;
    for (const s of [counted, other]) expect((await post('transfers/product/add', u.warehouseAdmin.token, { transfer_id: transferId, inventory: s.inventoryId, quantity: [{ name: 'pcs', value: 1 }] })).status).toBe(200);
    expect(await line(u.warehouseAdmin.token, counted)).toMatchObject({ available: [], available_hidden: true });
    expect(await line(u.warehouseAdmin.token, other)).toMatchObject({ available: [{ name: 'pcs', value: 9 }], available_hidden: false });
    expect(await line(u.finance.token, counted)).toMatchObject({ available: [{ name: 'pcs', value: 40 }], available_hidden: false });

    const lineId = (await line(u.warehouseAdmin.token, counted))._id;
    const tooMuch = { transfer_id: transferId, line_id: lineId, quantity: [{ name: 'pcs', value: 500 }] };
    const hidden = await post('transfers/product/update', u.warehouseAdmin.token, tooMuch);
    expect(hidden.status).toBe(409);
    expect(hidden.body.message).toBe(`Not enough available stock of ${counted.name} (pcs): the record is being counted, so its quantities are not shown`);
    const amharic = await post('transfers/product/update', u.warehouseAdmin.token, tooMuch, { 'Accept-Language': 'am' });
    expect(amharic.status).toBe(409);
    expect(amharic.body.message).toMatch(ETHIOPIC);
    expect(amharic.body.message).toContain(counted.name);
    expect(amharic.body.message.replace(counted.name, '')).not.toMatch(/[0-9]/);
    // the record not on the count names its level as before
    const otherLine = (await line(u.warehouseAdmin.token, other))._id;
    const shown = await post('transfers/product/update', u.warehouseAdmin.token, { transfer_id: transferId, line_id: otherLine, quantity: [{ name: 'pcs', value: 500 }] });
    expect(shown.body.message).toBe(`Not enough stock of ${other.name} (pcs): requested 500, available 9`);
  });

  it('a direct issue and a receipt’s reversal answer their counters’ 409 without the level', async () => {
    const issue = await post('inventory/outgoing', u.warehouseAdmin.token, { id: counted.inventoryId, quantity: [{ name: 'pcs', value: 500 }], gin: `GIN-${uniq()}`, taken_by: 'Abebe' });
    expect(issue.status).toBe(409);
    expect(issue.body.message).toMatch(BLIND);
    expect(issue.body.message.replace(counted.name, '')).not.toMatch(/[0-9]/);
    // a receipt of 5, then 42 of the 45 issued: its reversal finds 3 of 5
    const receipt = await post('inventory/incoming', u.warehouseAdmin.token, { warehouse: W, product: counted.productId, quantity: [{ name: 'pcs', value: 5 }], grn: `GRN-${uniq()}` });
    expect(receipt.status).toBe(201);
    expect((await post('inventory/outgoing', u.warehouseAdmin.token, { id: counted.inventoryId, quantity: [{ name: 'pcs', value: 42 }], gin: `GIN-${uniq()}`, taken_by: 'Abebe' })).status).toBe(201);
    const reversal = await post('transactions/reverse', u.warehouseAdmin.token, { transaction_id: receipt.body.data.transaction_id, remark: 'Wrong product' });
    expect(reversal.status).toBe(409);
    expect(reversal.body.message).toBe(`Cannot reverse this receipt: part of it (pcs) of ${counted.name} is no longer available; the record is being counted, so its quantities are not shown`);
    const amharic = await post('transactions/reverse', u.warehouseAdmin.token, { transaction_id: receipt.body.data.transaction_id, remark: 'Wrong product' }, { 'Accept-Language': 'am' });
    expect(amharic.body.message).toMatch(ETHIOPIC);
    expect(amharic.body.message.replace(counted.name, '')).not.toMatch(/[0-9]/);
  });

  it('once the count is submitted the counters read the quantities and the levels again', async () => {
    const sheet = (await t.http.get(`/api/stockCounts/one/${countId}`).set(bearer(u.warehouseAdmin.token))).body.data.stock_count.lines[0];
    expect((await post('stockCounts/line/update', u.warehouseAdmin.token, { count_id: countId, line_id: sheet._id, counted: [{ name: 'pcs', value: 2 }] })).status).toBe(200);
    expect((await post('stockCounts/submit', u.warehouseAdmin.token, { count_id: countId })).status).toBe(200);
    expect((await movements('search', u.warehouseAdmin.token, counted)).find((m) => m.quantity[0]?.value === 40)).toMatchObject({ quantities_hidden: false });
    expect((await movements('search', u.warehouseAdmin.token, counted)).every((m) => !m.quantities_hidden && m.quantity.length === 1)).toBe(true);
    expect(await exportedQuantities(u.warehouseAdmin.token, counted)).toContain('40');
    expect(await line(u.warehouseAdmin.token, counted)).toMatchObject({ available: [{ name: 'pcs', value: 3 }], available_hidden: false });
    const issue = await post('inventory/outgoing', u.warehouseAdmin.token, { id: counted.inventoryId, quantity: [{ name: 'pcs', value: 500 }], gin: `GIN-${uniq()}`, taken_by: 'Abebe' });
    expect(issue.body.message).toBe(`Not enough stock of ${counted.name} (pcs): requested 500, available 3`);
  });
});
