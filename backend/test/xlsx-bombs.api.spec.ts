import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { upload } from '../src/imports/testing';
import { stockProduct } from '../src/outgoing/testing';
import { bearer, createRoleUsers, createTestApp, createWarehouse, type TestApp, type TestUser } from './test-app';
import { bombXlsxParts, peakGrowth, zipOf } from './zip-bomb';

const SETUP_MS = 300_000;
const MB = 1024 * 1024;

/** xlsx zip bombs on both upload paths (imports, stock count sheets): refused before parsing, the process stays healthy. */
describe('xlsx uploads: zip bombs', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let A: string;
  /** A 1.1 GB worksheet in about 1 MB, made at run time. */
  let bomb: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    A = await createWarehouse(t);
    u = await createRoleUsers(t, A);
    await stockProduct(t, A, u.warehouseAdmin.id, [{ name: 'pcs', value: 3 }]);
    bomb = await zipOf(bombXlsxParts(1100 * MB));
  }, SETUP_MS);
  afterAll(() => t.close());

  const staged = async () => ((await t.db.execute(sql`SELECT (SELECT count(*) FROM imports)::int AS imports, (SELECT count(*) FROM import_rows)::int AS rows`)) as unknown as { rows: unknown[] }).rows[0];

  it('refuses two 1.1 GB xlsx bombs imported at once with 413 in words, within a memory bound, and stays healthy', async () => {
    expect(bomb.length).toBeLessThan(5 * MB);
    const before = await staged();
    const { result, growth } = await peakGrowth(() => Promise.all([0, 1].map(() => upload(t, u.admin.token, bomb, 'customers.xlsx', { kind: 'customers' }))));
    for (const res of result) expect([res.status, res.body.message]).toEqual([413, 'the xlsx file unpacks to more than 200 MB']);
    expect(growth).toBeLessThan(200 * MB);
    expect(await staged()).toEqual(before);
    expect((await t.http.get('/api/health/ready')).status).toBe(200);
  }, 120_000);

  it('refuses an xlsx whose directory understates a part (inflation stopped at the declared size) and one of too many parts', async () => {
    const liar = await zipOf(bombXlsxParts(300 * MB, 1000));
    const { result: lied, growth } = await peakGrowth(() => upload(t, u.admin.token, liar, 'customers.xlsx', { kind: 'customers' }));
    expect([lied.status, lied.body.message]).toEqual([400, 'file is not a valid xlsx workbook: save it again from the spreadsheet program']);
    expect(growth).toBeLessThan(200 * MB);
    const parts = await zipOf(Array.from({ length: 10_001 }, (_, i) => ({ name: `p/${i}.xml`, data: '<a/>' })));
    const many = await upload(t, u.admin.token, parts, 'customers.xlsx', { kind: 'customers' });
    expect([many.status, many.body.message]).toEqual([413, 'the xlsx file holds more than 10000 parts']);
  }, 120_000);

  it('refuses two count sheet bombs uploaded at once with 413, within a memory bound, leaving the count unchanged', async () => {
    const created = await t.http.post('/api/stockCounts/create').set(bearer(u.warehouseAdmin.token)).send({ warehouse: A });
    expect(created.status).toBe(201);
    const id = created.body.data.stock_count._id as string;
    const send = () => t.http.post(`/api/stockCounts/${id}/upload`).set(bearer(u.warehouseAdmin.token)).attach('file', bomb, 'sheet.xlsx');
    const { result, growth } = await peakGrowth(() => Promise.all([send(), send()]));
    for (const res of result) expect([res.status, res.body.message]).toEqual([413, 'the xlsx file unpacks to more than 50 MB']);
    expect(growth).toBeLessThan(200 * MB);
    const after = await t.http.get(`/api/stockCounts/one/${id}`).set(bearer(u.warehouseAdmin.token));
    expect(after.body.data.stock_count.counted_count).toBe(0);
    expect((await t.http.get('/api/health/ready')).status).toBe(200);
  }, 120_000);
});
