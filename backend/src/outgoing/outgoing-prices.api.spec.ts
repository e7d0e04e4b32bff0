import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import { dailyTotalMismatches, ledgerMismatches } from '../inventory/testing';
import { fetchPdf, readPdf } from './documents/testing';
import { addLine, advance, createList, insertCustomer, ledgerRowsOf, levelsOf, stockProduct, type StepTokens } from './testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_TIMEOUT = 300_000;

interface Line {
  _id: string;
  inventory: string;
  quantity: { name: string; value: number }[];
  unitPrice?: number;
}

/** One line per stock and unit price. */
describe('Outgoing lines: the same stock at several unit prices', () => {
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

  const stock = (value: number) => stockProduct(t, warehouse, u.warehouseAdmin.id, [{ name: 'pcs', value }]);
  const pcs = (value: number) => [{ name: 'pcs', value }];
  const lines = async (id: string): Promise<Line[]> =>
    (await t.http.get(`/api/outgoingLists/one/${id}`).set(bearer(u.sales.token))).body.data.outgoing_list.inventory_list;
  const update = (list_id: string, product_id: string, body: object) =>
    t.http.post('/api/outgoingLists/product/update').set(bearer(u.sales.token)).send({ list_id, product_id, ...body });

  it('keeps another price on its own line and prints each line with its own total', async () => {
    const p = await stock(20);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    expect((await addLine(t, u.sales.token, id, p, pcs(3), 100)).status).toBe(200);
    const res = await addLine(t, u.sales.token, id, p, pcs(2), 80.25);
    expect(res.status).toBe(200);
    expect(res.body.data.line).toEqual(expect.objectContaining({ inventory: p.inventoryId, quantity: pcs(2), unitPrice: 80.25 }));
    expect(res.body.data.list).toMatchObject({ line_count: 2, total_price: '460.50' });
    expect(await lines(id)).toEqual([
      expect.objectContaining({ inventory: p.inventoryId, quantity: pcs(3), unitPrice: 100 }),
      expect.objectContaining({ inventory: p.inventoryId, quantity: pcs(2), unitPrice: 80.25 }),
    ]);
    // 3 × 100.00 + 2 × 80.25 = 460.50; VAT inside: 460.50 × 15/115 = 60.07
    const { text } = await readPdf(await fetchPdf(t, id, 'invoice', t.adminToken));
    for (const field of ['300.00', '80.25', '160.50', 'Grand total (VAT incl.)', '460.50 ETB', '60.07 ETB']) expect(text).toContain(field);
  });

  it('adds the same stock at the same price (or again without one) to its line', async () => {
    const p = await stock(20);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    expect((await addLine(t, u.sales.token, id, p, pcs(3), 12.5)).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, p, pcs(4), 12.5)).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, p, pcs(1))).status).toBe(200);
    expect((await addLine(t, u.sales.token, id, p, pcs(2))).status).toBe(200);
    expect(await lines(id)).toEqual([
      expect.objectContaining({ quantity: pcs(7), unitPrice: 12.5 }),
      expect.not.objectContaining({ unitPrice: expect.anything() }),
    ]);
    expect((await lines(id))[1].quantity).toEqual(pcs(3));
  });

  it('counts every line of one stock against what is available', async () => {
    const p = await stock(10);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    expect((await addLine(t, u.sales.token, id, p, pcs(6), 10)).status).toBe(200);
    const over = await addLine(t, u.sales.token, id, p, pcs(5), 12);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Not enough ${p.name} available: pcs requested 11, available 10`);
    expect((await addLine(t, u.sales.token, id, p, pcs(4), 12)).status).toBe(200);
    const [first, second] = await lines(id);
    const grow = await update(id, second._id, { quantity: pcs(4.001) });
    expect(grow.status).toBe(409);
    expect(grow.body.message).toMatch(/requested 10.001, available 10/);
    expect((await update(id, first._id, { quantity: pcs(6.5) })).status).toBe(409);
    expect((await lines(id)).map((l) => [l.quantity, l.unitPrice])).toEqual([[pcs(6), 10], [pcs(4), 12]]);
  });

  it('merges a line repriced to another line’s price into that line', async () => {
    const p = await stock(20);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    await addLine(t, u.sales.token, id, p, pcs(3), 10);
    await addLine(t, u.sales.token, id, p, pcs(2), 12);
    const [first, second] = await lines(id);
    const res = await update(id, second._id, { quantity: pcs(5), unitPrice: 10 });
    expect(res.status).toBe(200);
    // the answer's line is the one that took the quantity
    expect(res.body.data.line).toEqual(expect.objectContaining({ _id: first._id, quantity: pcs(8), unitPrice: 10 }));
    expect(res.body.data.list).toMatchObject({ line_count: 1, total_price: '80.00' });
    expect(await lines(id)).toEqual([res.body.data.line]);
    // repricing to a price no other line has changes the line in place
    const moved = await update(id, first._id, { quantity: pcs(8), unitPrice: null });
    expect(moved.body.data.line).toEqual(expect.objectContaining({ _id: first._id, quantity: pcs(8) }));
    expect(moved.body.data.line.unitPrice).toBeUndefined();
    expect(moved.body.data.list.total_price).toBe('0.00');
    expect(await lines(id)).toEqual([moved.body.data.line]);
  });

  it('asks for the line id when a product id names several lines (409), and changes nothing', async () => {
    const p = await stock(20);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    await addLine(t, u.sales.token, id, p, pcs(3), 10);
    await addLine(t, u.sales.token, id, p, pcs(2), 12);
    const before = await lines(id);
    const upd = await update(id, p.productId, { quantity: pcs(1) });
    expect(upd.status).toBe(409);
    expect(upd.body.message).toBe(`${p.name} is on 2 lines of this list (one per unit price): send the line's _id`);
    const rem = await t.http.post('/api/outgoingLists/product/remove').set(bearer(u.sales.token)).send({ list_id: id, product_id: p.productId });
    expect(rem.status).toBe(409);
    expect(await lines(id)).toEqual(before);
    const byLine = await t.http.post('/api/outgoingLists/product/remove').set(bearer(u.sales.token)).send({ list_id: id, product_id: before[0]._id });
    expect(byLine.body.data).toMatchObject({ list: { _id: id, line_count: 1 }, line: { _id: before[0]._id, removed: true } });
    expect(await lines(id)).toEqual([before[1]]);
  });

  it('reserves and delivers two lines of one stock; levels and rollups equal the ledger', async () => {
    const p = await stock(10);
    const id = await createList(t, u.sales.token, { warehouse, customer });
    await addLine(t, u.sales.token, id, p, pcs(6), 10);
    await addLine(t, u.sales.token, id, p, pcs(4), 12);
    await advance(t, tokens, id, ['submit', 'verify', 'approve']);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 10, reserved: 10 } });
    await advance(t, tokens, id, ['deliver']);
    expect(await levelsOf(t, p.inventoryId)).toEqual({ pcs: { onHand: 0, reserved: 0 } });
    const rows = await ledgerRowsOf(t, id);
    expect(rows.map((r) => Number(r.quantity[0].value)).sort()).toEqual([4, 6]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
    const { text } = await readPdf(await fetchPdf(t, id, 'delivery-note', u.warehouseAdmin.token));
    expect(text.match(new RegExp(p.code, 'g'))).toHaveLength(2);
    for (const q of ['6 pcs', '4 pcs']) expect(text).toContain(q);
  });
});
