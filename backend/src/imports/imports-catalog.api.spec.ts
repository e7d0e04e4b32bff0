import { sql } from 'drizzle-orm';
import type { Role } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { csvOf, importFile, upload, xlsxOf } from './testing';

const SETUP_MS = 300_000;

/** Bulk import of categories, products and customers, through the real app. */
describe('Imports API: categories, products, customers (issue 16)', () => {
  let t: TestApp;
  let u: Record<Role, TestUser>;

  beforeAll(async () => {
    t = await createTestApp();
    u = await createRoleUsers(t, await createWarehouse(t));
  }, SETUP_MS);
  afterAll(() => t.close());

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const counts = async () => (await rows<{ p: number; c: number; k: number }>(sql`SELECT (SELECT count(*) FROM products)::int AS p, (SELECT count(*) FROM customers)::int AS c, (SELECT count(*) FROM categories)::int AS k`))[0];

  it('imports categories then products from CSV by header names, previewing first and writing nothing until commit', async () => {
    const cat = `Cement ${uniq()}`;
    const before = await counts();
    const cats = await upload(t, u.warehouseAdmin.token, csvOf([['name', 'Units', 'Specifications'], [cat, 'bag; kg', 'Grade']]), 'categories.csv', { kind: 'categories' });
    expect(cats.status).toBe(201);
    expect(cats.body.data.import).toMatchObject({ kind: 'categories', status: 'previewed', rows: 1, to_create: 1, to_update: 0, error_count: 0 });
    expect(await counts()).toEqual(before);
    expect((await t.http.post(`/api/imports/${cats.body.data.import._id}/commit`).set(bearer(u.warehouseAdmin.token))).body.data.import).toMatchObject({ status: 'committed', result: { created: 1 } });
    const code = `CEM-${uniq()}`;
    const file = csvOf([
      ['Code', 'NAME', 'Category', 'Units', 'Specifications', 'Buffer stock unit', 'Buffer  stock quantity'],
      [code, 'Portland 42.5', cat.toUpperCase(), 'bag', 'Grade: 42.5; Weight: 50 kg', 'bag', '20'],
      [`${code}-B`, 'Portland 32.5', cat, 'bag; kg', '', '', ''],
    ]);
    const done = await importFile(t, u.warehouseAdmin.token, file, 'products.csv', { kind: 'products' });
    expect(done).toMatchObject({ status: 'committed', rows: 2, to_create: 2, result: { created: 2, updated: 0 } });
    const list = await t.http.get('/api/products').query({ query: code }).set(bearer(u.admin.token));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('Portland 42.5');
    const [p] = await rows<{ specifications: unknown; buffer_unit: string; buffer_quantity: string }>(sql`SELECT specifications, buffer_unit, buffer_quantity::text FROM products WHERE code = ${code}`);
    expect(p).toEqual({ specifications: [{ name: 'Grade', value: '42.5' }, { name: 'Weight', value: '50 kg' }], buffer_unit: 'bag', buffer_quantity: '20.000' });
  });

  it('updates products whose code exists (update mode) and revert restores them', async () => {
    const code = `UPD-${uniq()}`;
    const cat = `Cat ${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, csvOf([['Code', 'Name', 'Category', 'Units'], [code, 'Old name', cat, 'pcs']]), 'p.csv', { kind: 'products', options: { create_missing: true } });
    const again = await upload(t, u.warehouseAdmin.token, csvOf([['Code', 'Name', 'Category', 'Units', 'Buffer stock quantity'], [code, 'New name', cat, 'pcs', '5']]), 'p.csv', { kind: 'products' });
    expect(again.body.data.import).toMatchObject({ to_create: 0, to_update: 1 });
    const id = again.body.data.import._id;
    expect((await t.http.post(`/api/imports/${id}/commit`).set(bearer(u.warehouseAdmin.token))).body.data.import.result).toMatchObject({ updated: 1, created: 0 });
    expect((await rows<{ name: string }>(sql`SELECT name FROM products WHERE code = ${code}`))[0].name).toBe('New name');
    const reverted = await t.http.post(`/api/imports/${id}/revert`).set(bearer(u.warehouseAdmin.token));
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.import.status).toBe('reverted');
    expect((await rows<{ name: string; q: string }>(sql`SELECT name, buffer_quantity::text AS q FROM products WHERE code = ${code}`))[0]).toEqual({ name: 'Old name', q: '0.000' });
    expect((await t.http.post(`/api/imports/${id}/revert`).set(bearer(u.warehouseAdmin.token))).status).toBe(409);
  });

  it('lists every row error with row and column; a file with errors cannot be committed unless skip_invalid, and then only valid rows are applied', async () => {
    const cat = `Tiles ${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, csvOf([['Name', 'Units'], [cat, 'pcs; box']]), 'c.csv', { kind: 'categories' });
    const code = `T-${uniq()}`;
    const file = csvOf([
      ['Code', 'Name', 'Category', 'Units', 'Buffer stock quantity'],
      [code, 'Good tile', cat, 'pcs', '1'],
      ['', 'No code', cat, 'pcs', ''],
      [`${code}-2`, 'Bad unit', cat, 'kg', ''],
      [`${code}-3`, 'Bad buffer', cat, 'pcs', '-4'],
      [code, 'Repeat', cat, 'pcs', ''],
      [`${code}-4`, 'No category', 'Nope', 'pcs', ''],
    ]);
    const before = await counts();
    const res = await upload(t, u.warehouseAdmin.token, file, 'tiles.csv', { kind: 'products' });
    expect(res.status).toBe(201);
    const imp = res.body.data.import;
    expect(imp).toMatchObject({ rows: 6, error_count: 5, to_create: 1 });
    expect(imp.errors).toEqual([
      { row: 3, column: 'Code', message: 'Code is required' },
      { row: 4, column: 'Units', message: `kg is not a unit of category ${cat} (units: pcs, box)` },
      { row: 5, column: 'Buffer stock quantity', message: 'Buffer stock quantity must not be negative' },
      { row: 6, column: 'Code', message: `Code "${code}" repeats row 2` },
      { row: 7, column: 'Category', message: 'Category "Nope" does not exist (choose "Create missing records" to create it)' },
    ]);
    const refused = await t.http.post(`/api/imports/${imp._id}/commit`).set(bearer(u.warehouseAdmin.token));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('5 rows with errors');
    expect(await counts()).toEqual(before);
    const csv = await t.http.get(`/api/imports/${imp._id}/errors`).query({ format: 'csv' }).set(bearer(u.warehouseAdmin.token));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Row,Column,Message');
    expect(csv.text).toContain('7,Category,');
    const skipped = await importFile(t, u.warehouseAdmin.token, file, 'tiles.csv', { kind: 'products', options: { skip_invalid: true } });
    expect(skipped.result).toMatchObject({ created: 1, skipped: 5, skipped_rows: [3, 4, 5, 6, 7] });
    expect((await counts()).p).toBe(before.p + 1);
  });

  it('reads xlsx files and maps any columns; refuses a bad mapping, a missing column, an empty or foreign file with 400 naming it', async () => {
    const cat = `Paint ${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, await xlsxOf([['Category name', 'Measures'], [cat, 'litre']]), 'c.xlsx', { kind: 'categories', mapping: { name: 'Category name', units: 'Measures' } });
    expect((await rows<{ q: string[] }>(sql`SELECT quantity_measurement AS q FROM categories WHERE name = ${cat}`))[0].q).toEqual(['litre']);
    const w = u.warehouseAdmin.token;
    const file = csvOf([['Name', 'Units'], ['x', 'pcs']]);
    const bad = async (fields: Parameters<typeof upload>[4], f = file, name = 'c.csv') => {
      const res = await upload(t, w, f, name, fields);
      expect(res.status).toBe(400);
      return String(res.body.message);
    };
    expect(await bad({ kind: 'bananas' })).toContain('kind must be one of');
    expect(await bad({ kind: 'categories', mapping: { colour: 'Name' } })).toContain('"colour" is not a field of categories');
    expect(await bad({ kind: 'categories', mapping: { name: 'Title' } })).toContain('column "Title" (for name) is not in the file');
    expect(await bad({ kind: 'categories', mapping: '{oops' })).toContain('mapping must be a JSON object');
    expect(await bad({ kind: 'categories', options: { shout: true } })).toContain('unknown option "shout"');
    expect(await bad({ kind: 'products' })).toContain('Missing required column "Code" (code)');
    expect(await bad({ kind: 'categories' }, Buffer.from(''), 'empty.csv')).toContain('empty');
    expect(await bad({ kind: 'categories' }, csvOf([['Name', 'Units']]), 'c.csv')).toContain('no rows');
    expect(await bad({ kind: 'categories' }, Buffer.from('%PDF-1.4 hello'), 'c.pdf')).toContain('.csv, .csv.gz or .xlsx');
    expect(await bad({ kind: 'categories' }, Buffer.alloc(50 * 1024 * 1024 + 1, 'a'), 'big.csv')).toContain('at most 50 MB');
    const none = await t.http.post('/api/imports').set(bearer(w)).field('kind', 'categories');
    expect(none.status).toBe(400);
  });

  it('imports customers (admin and sales): phones with +251, incomplete ones flagged, codes matched for update', async () => {
    const code = `C-${uniq()}`;
    const file = csvOf([
      ['Name', 'Company', 'Phone', 'Email', 'Code'],
      ['Abebe Kebede', 'Abebe Trading', '+251 911 234 567; 0912345678', 'abebe@example.com', code],
      ['No Phone', '', '', '', ''],
      ['Bad Phone', 'X', '12345', 'not-an-email', ''],
    ]);
    const res = await upload(t, u.sales.token, file, 'customers.csv', { kind: 'customers' });
    expect(res.body.data.import).toMatchObject({ rows: 3, error_count: 1 });
    expect(res.body.data.import.errors.map((e: { column: string }) => e.column)).toEqual(['Email', 'Phone']);
    const done = await importFile(t, u.admin.token, file, 'customers.csv', { kind: 'customers', options: { skip_invalid: true } });
    expect(done.result).toMatchObject({ created: 2, skipped: 1 });
    const [c] = await rows<{ phone_no: string[]; external_code: string }>(sql`SELECT phone_no, external_code FROM customers WHERE external_code = ${code}`);
    expect(c.phone_no).toEqual(['911234567', '912345678']);
    const list = await t.http.get('/api/customers/all').query({ search: 'No Phone' }).set(bearer(u.sales.token));
    expect(JSON.stringify(list.body.data)).toContain('"incomplete":true');
    const update = await importFile(t, u.sales.token, csvOf([['Name', 'Code', 'Email'], ['Abebe K.', code, 'new@example.com']]), 'c.csv', { kind: 'customers' });
    expect(update.result).toMatchObject({ updated: 1, created: 0 });
  });

  it('reads products and customers from xlsx as from CSV', async () => {
    const cat = `Xlsx ${uniq()}`;
    const code = `X-${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, await xlsxOf([['Name', 'Units'], [cat, 'pcs']]), 'c.xlsx', { kind: 'categories' });
    const products = await importFile(t, u.warehouseAdmin.token, await xlsxOf([['Code', 'Name', 'Category', 'Units', 'Buffer stock quantity'], [code, 'From Excel', cat, 'pcs', 3]]), 'p.xlsx', { kind: 'products' });
    expect(products.result).toMatchObject({ created: 1 });
    expect((await rows<{ q: string }>(sql`SELECT buffer_quantity::text AS q FROM products WHERE code = ${code}`))[0].q).toBe('3.000');
    const ccode = `XC-${uniq()}`;
    const customers = await importFile(t, u.sales.token, await xlsxOf([['Name', 'Phone', 'Email', 'Code'], ['Excel Customer', 911000111, 'x@example.com', ccode]]), 'c.xlsx', { kind: 'customers' });
    expect(customers.result).toMatchObject({ created: 1 });
    expect((await rows<{ p: string[] }>(sql`SELECT phone_no AS p FROM customers WHERE external_code = ${ccode}`))[0].p).toEqual(['911000111']);
  });

  it('commits all or nothing: a row that fails at commit leaves none of the others behind', async () => {
    const cat = `Race ${uniq()}`;
    await importFile(t, u.warehouseAdmin.token, csvOf([['Name', 'Units'], [cat, 'pcs']]), 'c.csv', { kind: 'categories' });
    const code = `R-${uniq()}`;
    const preview = await upload(t, u.warehouseAdmin.token, csvOf([['Code', 'Name', 'Category', 'Units'], [`${code}-1`, 'One', cat, 'pcs'], [`${code}-2`, 'Two', cat, 'pcs']]), 'p.csv', { kind: 'products' });
    expect(preview.body.data.import).toMatchObject({ to_create: 2, error_count: 0 });
    // someone creates the second code between preview and commit
    const [c] = await rows<{ id: string }>(sql`SELECT id FROM categories WHERE name = ${cat}`);
    await t.db.execute(sql`INSERT INTO products (category_id, name, code, units, buffer_unit) VALUES (${c.id}, 'Taken', ${`${code}-2`}, ARRAY['pcs'], 'pcs')`);
    const commit = await t.http.post(`/api/imports/${preview.body.data.import._id}/commit`).set(bearer(u.warehouseAdmin.token));
    expect(commit.status).toBe(409);
    expect(commit.body.message).toContain(`${code}-2`);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products WHERE code = ${`${code}-1`}`))[0].n).toBe(0);
    expect((await t.http.get(`/api/imports/${preview.body.data.import._id}`).set(bearer(u.warehouseAdmin.token))).body.data.import.status).toBe('previewed');
  });

  it('lets each role import only its kinds (403), lists the history and serves the templates', async () => {
    const file = csvOf([['Name', 'Units'], [`K ${uniq()}`, 'pcs']]);
    expect((await upload(t, u.sales.token, file, 'c.csv', { kind: 'categories' })).status).toBe(403);
    expect((await upload(t, u.finance.token, file, 'c.csv', { kind: 'customers' })).status).toBe(403);
    expect((await upload(t, u.importAdmin.token, file, 'c.csv', { kind: 'categories' })).status).toBe(403);
    const history = await t.http.get('/api/imports').set(bearer(u.warehouseAdmin.token));
    expect(history.status).toBe(200);
    expect(history.body.data.total_count).toBeGreaterThan(0);
    expect(history.body.data.import_all.every((i: { kind: string }) => ['categories', 'products', 'opening_stock'].includes(i.kind))).toBe(true);
    const xlsx = await t.http.get('/api/imports/templates/products').query({ format: 'xlsx' }).set(bearer(u.warehouseAdmin.token)).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(xlsx.status).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Import', 'Columns']);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(['Code', 'Name', 'Description', 'Category', 'Units', 'Specifications', 'Buffer stock unit', 'Buffer stock quantity']);
    const csv = await t.http.get('/api/imports/templates/customers').query({ format: 'csv' }).set(bearer(u.sales.token));
    expect(csv.text.replace('\uFEFF', '').split('\n')[0]).toBe('Name,Company,Address,Phone,Email,Code,TIN');
    expect((await t.http.get('/api/imports/templates/nope').set(bearer(u.sales.token))).status).toBe(400);
  });
});
