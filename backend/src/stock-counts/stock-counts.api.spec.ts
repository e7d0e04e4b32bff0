import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Response } from 'superagent';
import { eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { inventories, stockTransactions } from '../database/schema';
import { dailyTotalMismatches, ledgerMismatches } from '../inventory/testing';
import { levelsOf, stockProduct, type StockedProduct } from '../outgoing/testing';

/** Whole-app setup (users are hashed with argon2) is slow on a loaded 2-core machine. */
const SETUP_MS = 300_000;

type Q = { name: string; value: number }[];
type Line = { _id: string; inventory: { _id: string }; product: { _id: string; units: string[] }; expected: Q | null; counted: Q | null; movements_before_count: Q | null; movements_after_count: Q | null; difference: Q | null; difference_value: number | null };
type Count = { _id: string; number: number; status: string; blind: boolean; lines: Line[]; line_count: number; counted_count: number; [k: string]: unknown };

/** Stock counts through the real app, on PGlite and PostgreSQL. */
describe('Stock counts API (issue 15)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let adminB: TestUser;
  let A: string;
  let B: string;
  /** 20 pcs and 5 box in A, 10.00 a pcs; and a second product, 7 pcs. */
  let p: StockedProduct;
  let q: StockedProduct;

  beforeAll(async () => {
    t = await createTestApp({ STATS_MEMO_SECONDS: '0' });
    [A, B] = [await createWarehouse(t), await createWarehouse(t)];
    [u, adminB] = await Promise.all([createRoleUsers(t, A), createUser(t, 'warehouseAdmin', B)]);
    p = await stockProduct(t, A, u.warehouseAdmin.id, [
      { name: 'pcs', value: 20 },
      { name: 'box', value: 5 },
    ]);
    q = await stockProduct(t, A, u.warehouseAdmin.id, [{ name: 'pcs', value: 7 }]);
    await t.db.update(inventories).set({ purchasedPrice: '10.00', depreciationRate: '0' }).where(eq(inventories.id, p.inventoryId));
  }, SETUP_MS);
  afterAll(() => t.close());

  const post = (path: string, token: string, body: unknown) => t.http.post(`/api/stockCounts/${path}`).set(bearer(token)).send(body as object);
  const get = (path: string, token: string) => t.http.get(`/api/stockCounts/${path}`).set(bearer(token));
  async function started(body: Record<string, unknown> = {}): Promise<Count> {
    const res = await post('create', u.warehouseAdmin.token, { warehouse: A, ...body });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.stock_count;
  }
  const lineOf = (c: Count, s: StockedProduct) => c.lines.find((l) => l.inventory._id === s.inventoryId)!;
  const count = (c: Count, s: StockedProduct, counted: Q, token = u.warehouseAdmin.token) => post('line/update', token, { count_id: c._id, line_id: lineOf(c, s)._id, counted });
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const stockState = async () => ({
    levels: await rows(sql`SELECT inventory_id, unit, on_hand::text, reserved::text FROM stock_levels ORDER BY 1, 2`),
    ledger: (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_transactions`))[0].n,
  });
  /** Cancels or approves whatever a test leaves open, so the next one starts clean. */
  async function close(c: Count) {
    const now = (await get(`one/${c._id}`, u.finance.token)).body.data.stock_count as Count;
    if (now.status === 'counting') await post('cancel', u.warehouseAdmin.token, { count_id: c._id });
    if (now.status === 'pending_approval') await post('return', u.finance.token, { count_id: c._id, remark: 'Closing' }).then(() => post('cancel', u.warehouseAdmin.token, { count_id: c._id }));
  }

  it('starts a count of every record of the warehouse with each unit’s on hand; approves the differences as count corrections', async () => {
    const c = await started();
    expect(c).toMatchObject({ status: 'counting', blind: false, line_count: 2, counted_count: 0, warehouse: { _id: A }, category: null });
    expect(lineOf(c, p).expected).toEqual([{ name: 'pcs', value: 20 }, { name: 'box', value: 5 }]);
    const res = await count(c, p, [{ name: 'pcs', value: 18 }]);
    expect(res.status).toBe(200);
    expect(res.body.data.line).toMatchObject({ counted: [{ name: 'pcs', value: 18 }], difference: [{ name: 'pcs', value: -2 }] });
    expect((await count(c, p, [{ name: 'kg', value: 1 }])).body.errors[0].field).toBe('counted.0.name');
    expect((await count(c, p, [{ name: 'pcs', value: -1 }])).status).toBe(400);
    expect((await count(c, q, [{ name: 'pcs', value: 7 }])).status).toBe(200);
    // finance may not count; the count's warehouseAdmin may not approve
    expect((await count(c, p, [{ name: 'pcs', value: 1 }], u.finance.token)).status).toBe(403);
    expect((await post('approve', u.finance.token, { count_id: c._id })).status).toBe(409);
    expect((await post('submit', u.warehouseAdmin.token, { count_id: c._id, remark: 'Aisle 3 done' })).status).toBe(200);
    expect((await count(c, p, [{ name: 'pcs', value: 1 }])).status).toBe(409);
    expect((await post('approve', u.warehouseAdmin.token, { count_id: c._id })).status).toBe(403);
    expect((await t.http.get('/api/badges').set(bearer(u.finance.token))).body.data.pendingStockCounts).toBe(1);
    const before = (await levelsOf(t, p.inventoryId)).pcs.onHand;
    const approved = await post('approve', u.finance.token, { count_id: c._id, remark: 'Checked' });
    expect(approved.status).toBe(200);
    const posted: Count = approved.body.data.stock_count;
    expect(posted.status).toBe('posted');
    expect(lineOf(posted, p)).toMatchObject({ difference: [{ name: 'pcs', value: -2 }], difference_value: -20 });
    expect(posted.difference_value_total).toBe(-20);
    expect((await levelsOf(t, p.inventoryId)).pcs.onHand).toBe(before - 2);
    const corrections = await t.db.select().from(stockTransactions).where(eq(stockTransactions.sourceId, c._id));
    expect(corrections).toEqual([expect.objectContaining({ transactionType: 'outgoing', source: 'stock_count', inventoryId: p.inventoryId, remarks: `Count correction SC-${c.number}`, quantity: [{ name: 'pcs', value: 2 }] })]);
    const search = await t.http.post('/api/transactions/search').set(bearer(t.adminToken)).send({ kind: 'count_correction' });
    expect(search.body.data.transactionsList.map((x: { _id: string }) => x._id)).toContain(corrections[0].id);
    // a second approval posts nothing
    expect((await post('approve', u.finance.token, { count_id: c._id })).status).toBe(409);
    expect(await t.db.$count(stockTransactions, eq(stockTransactions.sourceId, c._id))).toBe(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
    expect(await dailyTotalMismatches(t.db)).toEqual([]);
    const history = (await t.http.get(`/api/audit/stock_count/${c._id}`).set(bearer(u.warehouseAdmin.token))).body.data.events.map((e: { action: string }) => e.action);
    expect(history).toEqual(['approve', 'submit', 'update_line', 'update_line', 'create']);
  });

  it('keeps movements posted during the count: the record ends at counted + movements since the start', async () => {
    const c = await started();
    const start = (await levelsOf(t, q.inventoryId)).pcs.onHand;
    // counted 3 fewer than expected, then 10 more arrive while counting and 4 leave
    await count(c, q, [{ name: 'pcs', value: start - 3 }]);
    await t.http.post('/api/inventory/incoming').set(bearer(u.warehouseAdmin.token)).send({ warehouse: A, product: q.productId, quantity: [{ name: 'pcs', value: 10 }], grn: `GRN-${uniq()}` });
    await t.http.post('/api/inventory/outgoing').set(bearer(u.warehouseAdmin.token)).send({ id: q.inventoryId, quantity: [{ name: 'pcs', value: 4 }], gin: `GIN-${uniq()}`, taken_by: 'Abebe' });
    await post('submit', u.warehouseAdmin.token, { count_id: c._id });
    const pending: Count = (await get(`one/${c._id}`, u.finance.token)).body.data.stock_count;
    expect(lineOf(pending, q)).toMatchObject({ movements_before_count: [{ name: 'pcs', value: 0 }], movements_after_count: [{ name: 'pcs', value: 6 }] });
    expect((await post('approve', u.finance.token, { count_id: c._id })).status).toBe(200);
    expect((await levelsOf(t, q.inventoryId)).pcs.onHand).toBe(start - 3 + 6);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it('a blind count hides the expected quantities from the counter until posted, not from finance; a category count lists its records only', async () => {
    const c = await started({ blind: true });
    expect(c.lines.every((l) => l.expected === null && l.difference === null && l.movements_before_count === null && l.movements_after_count === null)).toBe(true);
    const res = await count(c, p, [{ name: 'pcs', value: 1 }]);
    expect(res.body.data.line).toMatchObject({ expected: null, difference: null, counted: [{ name: 'pcs', value: 1 }] });
    const seenByFinance: Count = (await get(`one/${c._id}`, u.finance.token)).body.data.stock_count;
    expect(lineOf(seenByFinance, p).expected).not.toBeNull();
    const sheet = await get(`${c._id}/sheet?format=xlsx`, u.warehouseAdmin.token).buffer(true).parse(binary);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.body as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).values).toEqual([undefined, 'Line', 'Product', 'Code', 'Unit', 'Counted']);
    await close(c);
    const [categoryOfQ] = await t.db.select({ c: inventories.categoryId }).from(inventories).where(eq(inventories.id, q.inventoryId));
    const byCategory = await started({ category: categoryOfQ.c });
    expect(byCategory.lines.map((l) => l.inventory._id)).toEqual([q.inventoryId]);
    await close(byCategory);
  });

  it('round-trips the xlsx count sheet; a bad row refuses the whole upload and changes nothing', async () => {
    const c = await started();
    const res = await get(`${c._id}/sheet?format=xlsx`, u.warehouseAdmin.token).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`stock_count_SC-${c.number}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Line', 'Product', 'Code', 'Unit', 'Expected', 'Counted']);
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(4).value === 'pcs') row.getCell(6).value = Number(row.getCell(5).value) + 1;
    });
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    // a broken copy: one row names a unit the product has not
    const broken = new ExcelJS.Workbook();
    await broken.xlsx.load(filled as unknown as ArrayBuffer);
    broken.worksheets[0].getRow(2).getCell(4).value = 'kg';
    broken.worksheets[0].getRow(2).getCell(6).value = 3;
    const bad = await t.http.post(`/api/stockCounts/${c._id}/upload`).set(bearer(u.warehouseAdmin.token)).attach('file', Buffer.from(await broken.xlsx.writeBuffer()), 'sheet.xlsx');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ row: 2, field: 'Unit', message: expect.stringContaining('"kg"') }]);
    expect(((await get(`one/${c._id}`, u.warehouseAdmin.token)).body.data.stock_count as Count).counted_count).toBe(0);
    const garbage = await t.http.post(`/api/stockCounts/${c._id}/upload`).set(bearer(u.warehouseAdmin.token)).attach('file', Buffer.from('not a workbook'), 'sheet.xlsx');
    expect(garbage.status).toBe(400);
    expect((await t.http.post(`/api/stockCounts/${c._id}/upload`).set(bearer(u.warehouseAdmin.token))).status).toBe(400);
    const up = await t.http.post(`/api/stockCounts/${c._id}/upload`).set(bearer(u.warehouseAdmin.token)).attach('file', filled, 'sheet.xlsx');
    expect(up.status).toBe(200);
    const after: Count = up.body.data.stock_count;
    expect(after.counted_count).toBe(2);
    for (const line of after.lines) expect(line.counted).toEqual([{ name: 'pcs', value: line.expected!.find((e) => e.name === 'pcs')!.value + 1 }]);
    await close(c);
  });

  it('refuses other roles and warehouses and wrong statuses; return and cancel change no stock', async () => {
    const before = await stockState();
    for (const role of ROLES.filter((r) => r !== 'warehouseAdmin')) expect({ role, status: (await post('create', u[role].token, { warehouse: A })).status }).toEqual({ role, status: 403 });
    expect((await post('create', adminB.token, { warehouse: A })).status).toBe(403);
    expect((await post('create', adminB.token, { warehouse: B })).status).toBe(409);
    expect((await post('create', u.warehouseAdmin.token, { warehouse: A, category: randomUUID() })).status).toBe(404);
    const c = await started();
    expect((await get(`one/${c._id}`, adminB.token)).status).toBe(403);
    expect((await get('all', adminB.token)).body.data.stock_count_all.map((x: Count) => x._id)).not.toContain(c._id);
    expect((await get(`all?search=SC-${c.number}`, u.finance.token)).body.data).toEqual({ stock_count_all: [expect.objectContaining({ _id: c._id })], total_count: 1, total_capped: false });
    for (const role of ['sales', 'salesSupervisor', 'importAdmin'] as const) expect((await get('all', u[role].token)).status).toBe(403);
    expect((await post('submit', u.warehouseAdmin.token, { count_id: c._id })).status).toBe(409); // nothing counted
    await count(c, p, [{ name: 'pcs', value: 0 }]);
    await post('submit', u.warehouseAdmin.token, { count_id: c._id });
    const noReason = await post('return', u.finance.token, { count_id: c._id });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('remark');
    const returned = await post('return', u.finance.token, { count_id: c._id, remark: 'Recount aisle 3' });
    expect(returned.body.data.stock_count).toMatchObject({ status: 'counting', return_reason: 'Recount aisle 3' });
    expect((await post('cancel', u.warehouseAdmin.token, { count_id: c._id })).body.data.stock_count.status).toBe('cancelled');
    expect((await post('submit', u.warehouseAdmin.token, { count_id: c._id })).status).toBe(409);
    expect(await stockState()).toEqual(before);
  });

  it('a removal above what is available now answers 409 naming product and unit; nothing is posted', async () => {
    const c = await started();
    const reservedAway = (await levelsOf(t, q.inventoryId)).pcs.onHand;
    await count(c, q, [{ name: 'pcs', value: 0 }]);
    await post('submit', u.warehouseAdmin.token, { count_id: c._id });
    // the stock is issued meanwhile: removing the whole expected quantity is no longer possible
    await t.http.post('/api/inventory/outgoing').set(bearer(u.warehouseAdmin.token)).send({ id: q.inventoryId, quantity: [{ name: 'pcs', value: reservedAway }], gin: `GIN-${uniq()}`, taken_by: 'Abebe' });
    const before = await stockState();
    const res = await post('approve', u.finance.token, { count_id: c._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(new RegExp(`Not enough stock of ${q.name} \\(pcs\\)`));
    expect(await stockState()).toEqual(before);
    await close(c);
  });
});

/** supertest's parser for a binary body (the xlsx file) into a Buffer. */
function binary(res: Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
