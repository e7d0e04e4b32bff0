import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { csvOf, importFile, upload } from './testing';

const SETUP_MS = 300_000;

/**
 * A commit checks again what the preview checked: rows naming a category, product or customer
 * removed in between fail the commit (all or nothing) or are skipped with skip_invalid, per row.
 * Above 3 rows (IMPORT_SINGLE_COMMIT_ROWS here) the commit is a batched job.
 */
describe('Imports API: commit re-checks what was removed since the preview', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;
  let A: string;

  beforeAll(async () => {
    t = await createTestApp({ IMPORT_SINGLE_COMMIT_ROWS: '3', IMPORT_BATCH_ROWS: '2' });
    A = await createWarehouse(t);
    u = await createRoleUsers(t, A);
  }, SETUP_MS);
  afterAll(() => t.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const commit = (id: string, token = u.warehouseAdmin.token) => t.http.post(`/api/imports/${id}/commit`).set(bearer(token));
  const categories = async (...names: string[]) => importFile(t, u.warehouseAdmin.token, csvOf([['Name', 'Units'], ...names.map((n) => [n, 'pcs'])]), 'c.csv', { kind: 'categories' });
  const removeCategory = (name: string) => t.db.execute(sql`UPDATE categories SET removed = true WHERE name = ${name}`);
  const productCount = async (prefix: string) => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE code LIKE ${prefix + '%'} AND NOT removed`))[0].n;
  const until = async (id: string, done: (s: string) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const res = await t.http.get(`/api/imports/${id}`).set(bearer(u.warehouseAdmin.token));
      if (done(res.body.data.import.status)) return res.body.data.import;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  };

  it('refuses the whole commit when a category was removed after the preview, naming the row, and writes nothing', async () => {
    const [kept, gone] = [`Kept ${uniq()}`, `Gone ${uniq()}`];
    await categories(kept, gone);
    const code = `RC-${uniq()}`;
    const preview = await upload(t, u.warehouseAdmin.token, csvOf([['Code', 'Name', 'Category', 'Units'], [`${code}-1`, 'One', kept, 'pcs'], [`${code}-2`, 'Two', gone, 'pcs']]), 'p.csv', { kind: 'products' });
    expect(preview.body.data.import.error_count).toBe(0);
    await removeCategory(gone);
    const res = await commit(preview.body.data.import._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('1 rows name records removed after the preview; nothing was imported');
    expect(res.body.errors).toEqual([{ row: 3, field: 'Category', message: `Category "${gone}" was removed after the preview` }]);
    expect(await productCount(code)).toBe(0);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories WHERE name = ${gone} AND NOT removed`))[0].n).toBe(0);
    const after = (await t.http.get(`/api/imports/${preview.body.data.import._id}`).set(bearer(u.warehouseAdmin.token))).body.data.import;
    expect(after).toMatchObject({ status: 'previewed', error_count: 1, errors: [{ row: 3, column: 'Category', message: `Category "${gone}" was removed after the preview` }] });
    expect((await commit(preview.body.data.import._id)).status).toBe(409);
  });

  it('with skip_invalid skips those rows and reports them, committing the rest', async () => {
    const [kept, gone] = [`Kept ${uniq()}`, `Gone ${uniq()}`];
    await categories(kept, gone);
    const code = `RS-${uniq()}`;
    const preview = await upload(t, u.warehouseAdmin.token, csvOf([['Code', 'Name', 'Category', 'Units'], [`${code}-1`, 'One', kept, 'pcs'], [`${code}-2`, 'Two', gone, 'pcs']]), 'p.csv', { kind: 'products', options: { skip_invalid: true } });
    await removeCategory(gone);
    const res = await commit(preview.body.data.import._id);
    expect(res.status).toBe(200);
    expect(res.body.data.import).toMatchObject({ status: 'committed', error_count: 1, result: { created: 1, skipped: 1, skipped_rows: [3] } });
    expect(await productCount(code)).toBe(1);
  });

  it('refuses updating a customer removed after the preview, and opening stock of a removed product', async () => {
    const code = `CU-${uniq()}`;
    await importFile(t, u.admin.token, csvOf([['Name', 'Code'], ['Almaz', code]]), 'c.csv', { kind: 'customers' });
    const preview = await upload(t, u.admin.token, csvOf([['Name', 'Code'], ['Almaz B', code]]), 'c.csv', { kind: 'customers' });
    expect(preview.body.data.import.to_update).toBe(1);
    await t.db.execute(sql`UPDATE customers SET removed = true WHERE external_code = ${code}`);
    const res = await commit(preview.body.data.import._id, u.admin.token);
    expect([res.status, res.body.errors]).toEqual([409, [{ row: 2, field: 'Code', message: 'Customer "Almaz B" was removed after the preview' }]]);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM customers WHERE external_code = ${code} AND NOT removed`))[0].n).toBe(0);

    const cat = `Stock ${uniq()}`;
    await categories(cat);
    const pcode = `OS-${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, csvOf([['Code', 'Name', 'Category', 'Units'], [pcode, 'Stocked', cat, 'pcs']]), 'p.csv', { kind: 'products' });
    const stock = await upload(t, u.warehouseAdmin.token, csvOf([['Product code', 'Quantity'], [pcode, '5']]), 's.csv', { kind: 'opening_stock', warehouse: A });
    expect(stock.body.data.import.error_count).toBe(0);
    await t.db.execute(sql`UPDATE products SET removed = true WHERE code = ${pcode}`);
    const refused = await commit(stock.body.data.import._id);
    expect([refused.status, refused.body.errors]).toEqual([409, [{ row: 2, field: 'Product code', message: `Product "${pcode}" was removed after the preview` }]]);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_transactions WHERE source_id = ${stock.body.data.import._id}`))[0].n).toBe(0);
  });

  it('checks again on the batched path too: refused as a whole, or the rows skipped with skip_invalid', async () => {
    const [kept, gone] = [`Kept ${uniq()}`, `Gone ${uniq()}`];
    await categories(kept, gone);
    const code = `RB-${uniq()}`;
    const file = csvOf([['Code', 'Name', 'Category', 'Units'], ...[1, 2, 3, 4, 5].map((n) => [`${code}-${n}`, `P${n}`, n % 2 ? kept : gone, 'pcs'])]);
    const all = await upload(t, u.warehouseAdmin.token, file, 'p.csv', { kind: 'products' });
    const skipping = await upload(t, u.warehouseAdmin.token, file, 'p.csv', { kind: 'products', options: { skip_invalid: true } });
    await removeCategory(gone);
    const refused = await commit(all.body.data.import._id);
    expect([refused.status, refused.body.errors.map((e: { row: number }) => e.row)]).toEqual([409, [3, 5]]);
    expect(await productCount(code)).toBe(0);
    const started = await commit(skipping.body.data.import._id);
    expect(started.body.data.import.status).toBe('committing');
    const done = await until(skipping.body.data.import._id, (s) => s !== 'committing');
    expect(done).toMatchObject({ status: 'committed', result: { created: 3, skipped: 2, skipped_rows: [3, 5] } });
    expect(await productCount(code)).toBe(3);
  });
});
