import ExcelJS from 'exceljs';
import type { Response } from 'superagent';
import { bearer, createRoleUsers, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import type { Role } from '@inventory/common';
import { seedCategory, seedInventory, seedProduct, seedWarehouse } from '../stats/testing';
import { formatCents, toScaled, YEAR_MS } from './depreciation';
import { VALUATION_COLUMNS } from './valuation-workbook';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Collects a binary body (supertest buffers only text by default). */
function binary(res: Response, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('Reports API (asset valuation)', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let ids: Record<'building' | 'electrical' | 'a' | 'b', string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    const [building, electrical] = [await seedCategory(db, 'Building'), await seedCategory(db, 'Electrical')];
    const [a, b] = [await seedWarehouse(db, 'Alpha'), await seedWarehouse(db, 'Beta')];
    ids = { building, electrical, a, b };
    users = await createRoleUsers(t, a);
    const inv = async (name: string, categoryId: string, warehouseId: string, units: string[], rest: object) =>
      seedInventory(db, { productId: await seedProduct(db, categoryId, { name, code: name.toUpperCase(), units }), warehouseId, categoryId, ...rest });
    await inv('Cement', building, a, ['kg'], { purchasedPrice: '1000.00', depreciationRate: '10', purchasedDate: ago(YEAR_MS + DAY), levels: { kg: '3' } });
    await inv('Cable', electrical, b, ['m', 'pcs'], { purchasedPrice: '19.99', depreciationRate: '12.5', purchasedDate: ago(2 * YEAR_MS + DAY), levels: { m: '3.333', pcs: '99' } });
    await inv('Drill', electrical, a, ['pcs'], { depreciationRate: '10', purchasedDate: ago(DAY), levels: { pcs: '5' } });
    await inv('Brick', building, b, ['pcs'], { purchasedPrice: '200.00', depreciationRate: '40', purchasedDate: ago(3 * YEAR_MS + DAY), levels: { pcs: '10' } });
    await inv('Wire', electrical, a, ['m'], { purchasedPrice: '50.00', depreciationRate: '5', purchasedDate: ago((11.9 / 12) * YEAR_MS) });
  });
  afterAll(() => t.close());

  const report = (body: object, token = t.adminToken) => t.http.post('/api/reports/asset/valuations').set(bearer(token)).send(body);
  const totals = (body: object, token = t.adminToken) => t.http.post('/api/reports/asset/valuations/totals').set(bearer(token)).send(body);
  const excel = (body: object, token = t.adminToken) =>
    t.http.post('/api/reports/asset/valuations/excel').set(bearer(token)).send(body).buffer(true).parse(binary);
  const names = (res: { body: { data: { valuations: { productName: string }[] } } }) => res.body.data.valuations.map((v) => v.productName);

  it('values every inventory record with exact depreciation; the totals are their own route', async () => {
    const res = await report({});
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Cement', 'Drill', 'Wire', 'Brick', 'Cable']); // warehouse, category, product
    const byName = Object.fromEntries(res.body.data.valuations.map((v: { productName: string }) => [v.productName, v]));
    expect(byName.Cement).toMatchObject({
      productCode: 'CEMENT', categoryName: 'Building', warehouseName: 'Alpha', quantity: { name: 'kg', value: 3 },
      purchasedPrice: '1000.00', depreciationRate: 10, years: 1, currentValue: '900.00', valuation: '2700.00',
    });
    expect(byName.Cable).toMatchObject({ quantity: { name: 'm', value: 3.333 }, years: 2, currentValue: '14.99', valuation: '49.96' });
    expect(byName.Drill).toMatchObject({ purchasedPrice: null, currentValue: '0.00', valuation: '0.00' });
    expect(byName.Brick).toMatchObject({ years: 3, currentValue: '0.00', valuation: '0.00' });
    expect(byName.Wire).toMatchObject({ years: 0, currentValue: '50.00', quantity: { name: 'm', value: 0 }, valuation: '0.00' });
    expect(Object.keys(res.body.data)).toEqual(['valuations']);
    const sums = await totals({});
    expect(sums.status).toBe(200);
    expect(sums.body).toEqual({
      message: 'Asset valuation totals fetched successfully',
      data: { records: 5, purchasedPrice: '1269.99', currentValue: '964.99', valuation: '2749.96' },
    });
  });

  it('filters by category, by warehouse and by both', async () => {
    expect(names(await report({ productCategoryId: ids.electrical }))).toEqual(['Drill', 'Wire', 'Cable']);
    expect(names(await report({ warehouseId: ids.b }))).toEqual(['Brick', 'Cable']);
    const both = await report({ productCategoryId: ids.building, warehouseId: ids.a });
    expect(names(both)).toEqual(['Cement']);
    expect((await totals({ productCategoryId: ids.building, warehouseId: ids.a })).body.data).toEqual({ records: 1, purchasedPrice: '1000.00', currentValue: '900.00', valuation: '2700.00' });
    const unknown = { productCategoryId: '00000000-0000-4000-8000-000000000000' };
    expect((await report(unknown)).body.data).toEqual({ valuations: [] });
    expect((await totals(unknown)).body.data).toEqual({ records: 0, purchasedPrice: '0.00', currentValue: '0.00', valuation: '0.00' });
  });

  describe('paged on the server (issue 13)', () => {
    const paged = (query: string, body: object = {}) => t.http.post(`/api/reports/asset/valuations?${query}`).set(bearer(t.adminToken)).send(body);

    it('answers one page and total_count, without totals; no total_count unpaged', async () => {
      const first = await paged('page=1&limit=2');
      expect(first.status).toBe(200);
      expect(names(first)).toEqual(['Cement', 'Drill']);
      expect(Object.keys(first.body.data).sort()).toEqual(['total_count', 'valuations']);
      expect(first.body.data.total_count).toBe(5);
      const last = await paged('page=3&limit=2');
      expect(names(last)).toEqual(['Cable']);
      expect(last.body.data.valuations[0]).toMatchObject({ years: 2, currentValue: '14.99', valuation: '49.96', quantity: { name: 'm', value: 3.333 } });
      expect((await paged('page=4&limit=2')).body.data).toEqual({ valuations: [], total_count: 5 });
      const filtered = await paged('page=1&limit=1', { warehouseId: ids.b });
      expect(names(filtered)).toEqual(['Brick']);
      expect(filtered.body.data.total_count).toBe(2);
      expect(Object.keys((await report({})).body.data)).toEqual(['valuations']);
    });

    it('defaults the missing one of page (1) and limit (10); the body wins over the query string', async () => {
      expect(names(await paged('limit=2'))).toEqual(['Cement', 'Drill']);
      expect((await paged('page=1')).body.data.valuations).toHaveLength(5);
      expect(names(await paged('page=1&limit=2', { page: 2, limit: 1 }))).toEqual(['Drill']);
      expect(names(await report({ page: 2, limit: 2 }))).toEqual(['Wire', 'Brick']);
    });

    it('sorts by the computed valuation and current value, and by names, prices and dates (records picked before they are valued), across pages as the unpaged report does', async () => {
      const sorts = [['valuation', 'desc'], ['valuation', 'asc'], ['currentValue', 'desc'], ['quantity', 'desc'], ['productName', 'asc'], ['warehouseName', 'desc'], ['purchasedDate', 'desc'], ['purchasedPrice', 'asc'], ['depreciationRate', 'desc']] as const;
      for (const [sort, order] of sorts) {
        const all = names(await report({ sort, order }));
        const pages = [];
        for (let page = 1; page <= 3; page++) pages.push(...names(await paged(`page=${page}&limit=2`, { sort, order })));
        expect(pages).toEqual(all);
      }
      const desc = await report({ sort: 'valuation', order: 'desc' });
      expect(desc.body.data.valuations.map((v: { valuation: string }) => v.valuation)).toEqual(['2700.00', '49.96', '0.00', '0.00', '0.00']);
      expect(names(await paged('page=1&limit=2', { sort: 'currentValue', order: 'desc' }))).toEqual(['Cement', 'Wire']);
    });

    it.each([
      ['page=0', {}, 'page', /page must not be less than 1/],
      ['limit=101', {}, 'limit', /limit must not be greater than 100/],
      ['page=x', {}, 'page', /page must be an integer number/],
      ['limit=2.5', {}, 'limit', /limit must be an integer number/],
      ['', { page: 1.5 }, 'page', /page must be an integer number/],
      ['', { limit: 0 }, 'limit', /limit must not be less than 1/],
      ['', { page: 1e300 }, 'page', /page must not be greater than/],
      ['page=1', { sort: 'years' }, 'sort', /sort must be one of/],
      ['page=1', { sort: 'valuation', order: 'down' }, 'order', /order must be asc or desc/],
    ])('answers 400 naming the field for %s %j', async (query, body, field, message) => {
      const res = await paged(query, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors).toEqual([expect.objectContaining({ field })]);
    });
  });

  describe('totals, a route of their own (asked once per filter)', () => {
    /** Filters of every kind the report takes, and one that matches nothing. */
    const filters = () => [
      {},
      { warehouseId: ids.a },
      { warehouseId: ids.b },
      { productCategoryId: ids.electrical },
      { productCategoryId: ids.building, warehouseId: ids.b },
      { productCategoryId: ids.building, warehouseId: ids.a },
      { warehouseId: '00000000-0000-4000-8000-000000000000' },
    ];

    /** Every page of the filtered report (2 rows a page) added up exactly, in cents. */
    const sumOfPages = async (filter: object) => {
      const cents = { purchasedPrice: 0n, currentValue: 0n, valuation: 0n };
      let records = 0;
      let count: number | undefined;
      for (let page = 1; count === undefined || (page - 1) * 2 < count; page++) {
        const res = await t.http.post(`/api/reports/asset/valuations?page=${page}&limit=2`).set(bearer(t.adminToken)).send(filter);
        expect(res.body.data.totals).toBeUndefined();
        count = res.body.data.total_count as number;
        for (const v of res.body.data.valuations as { purchasedPrice: string | null; currentValue: string; valuation: string }[]) {
          records++;
          cents.purchasedPrice += v.purchasedPrice === null ? 0n : toScaled(v.purchasedPrice, 2);
          cents.currentValue += toScaled(v.currentValue, 2);
          cents.valuation += toScaled(v.valuation, 2);
        }
      }
      expect(records).toBe(count);
      return { records, purchasedPrice: formatCents(cents.purchasedPrice), currentValue: formatCents(cents.currentValue), valuation: formatCents(cents.valuation) };
    };

    it('equals the sum over every page of the report, for each filter', async () => {
      const seen = new Set<string>();
      for (const filter of filters()) {
        const res = await totals(filter);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(await sumOfPages(filter));
        seen.add(JSON.stringify(res.body.data));
      }
      // each filter has totals of its own: a route that left a filter out would fail above
      expect(seen.size).toBe(filters().length);
    });

    it('equals the Total row of the Excel export, for each filter', async () => {
      for (const filter of filters()) {
        const sums = (await totals(filter)).body.data;
        const book = new ExcelJS.Workbook();
        await book.xlsx.load((await excel(filter)).body);
        const ws = book.worksheets[0];
        const last = ws.getRow(ws.rowCount);
        expect([last.getCell(1).value, last.getCell(2).value, last.getCell(7).value, last.getCell(11).value, last.getCell(12).value]).toEqual([
          'Total', `${sums.records} records`, Number(sums.purchasedPrice), Number(sums.currentValue), Number(sums.valuation),
        ]);
        expect(ws.rowCount).toBe(sums.records + 2);
      }
    });

    it('is for admin and finance only, as the report is', async () => {
      expect((await totals({}, users.finance.token)).status).toBe(200);
      for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'importAdmin'] as const) {
        expect((await totals({}, users[role].token)).status).toBe(403);
      }
      expect((await t.http.post('/api/reports/asset/valuations/totals').send({})).status).toBe(401);
    });

    it.each([
      ['a category that is not an id', { productCategoryId: 'abc' }, 'productCategoryId', /productCategoryId must be a valid id/],
      ['a number as the warehouse', { warehouseId: 5 }, 'warehouseId', /warehouseId must be a valid id/],
      ['a 10,000-character warehouse', { warehouseId: 'x'.repeat(10_000) }, 'warehouseId', /valid id/],
      ['an unknown field', { extra: true }, 'extra', /Unknown field "extra"/],
      // the filters only: sorting and paging belong to the rows
      ['a sort', { sort: 'valuation' }, 'sort', /Unknown field "sort"/],
      ['a page', { page: 2 }, 'page', /Unknown field "page"/],
    ])('answers 400 naming the field for %s', async (_case, body, field, message) => {
      const res = await totals(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors).toEqual([expect.objectContaining({ field })]);
    });
  });

  it('streams the same report as .xlsx, totals included', async () => {
    const json = (await report({})).body.data;
    const res = await excel({});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report_${new Date().toISOString().slice(0, 10)}.XLSX"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body);
    const ws = book.worksheets[0];
    expect(ws.rowCount).toBe(json.valuations.length + 2);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(VALUATION_COLUMNS.map((c) => c.header));
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    json.valuations.forEach((v: Record<string, never>, i: number) => {
      const row = ws.getRow(i + 2);
      const cells = VALUATION_COLUMNS.map((c, k) => row.getCell(k + 1).value);
      expect(cells).toEqual([
        v.productName, v.productCode, v.categoryName, v.warehouseName,
        (v.quantity as { value: number }).value, (v.quantity as { name: string }).name,
        v.purchasedPrice === null ? null : Number(v.purchasedPrice), v.depreciationRate,
        v.purchasedDate === null ? null : new Date(v.purchasedDate), v.years, Number(v.currentValue), Number(v.valuation),
      ]);
    });
    expect(ws.getRow(2).getCell(11).numFmt).toBe('#,##0.00');
    expect(ws.getRow(2).getCell(9).numFmt).toBe('yyyy-mm-dd');
    const total = ws.getRow(json.valuations.length + 2);
    expect(total.getCell(1).value).toBe('Total');
    expect([total.getCell(2).value, total.getCell(7).value, total.getCell(11).value, total.getCell(12).value]).toEqual(['5 records', 1269.99, 964.99, 2749.96]);
  });

  it('applies the filters to the workbook', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await excel({ warehouseId: ids.b })).body);
    const ws = book.worksheets[0];
    expect([ws.getRow(2).getCell(1).value, ws.getRow(3).getCell(1).value, ws.getRow(4).getCell(1).value]).toEqual(['Brick', 'Cable', 'Total']);
  });

  it('is for admin and finance only', async () => {
    expect((await report({}, users.finance.token)).status).toBe(200);
    expect((await excel({}, users.finance.token)).status).toBe(200);
    for (const role of ['warehouseAdmin', 'sales', 'salesSupervisor', 'importAdmin'] as const) {
      expect((await report({}, users[role].token)).status).toBe(403);
      expect((await excel({}, users[role].token)).status).toBe(403);
    }
    expect((await t.http.post('/api/reports/asset/valuations').send({})).status).toBe(401);
  });

  it.each([
    [{ productCategoryId: 'abc' }, /productCategoryId must be a valid id/],
    [{ warehouseId: 5 }, /warehouseId must be a valid id/],
    [{ extra: true }, /Unknown field "extra"/],
    [{ warehouseId: 'x'.repeat(10_000) }, /valid id/],
  ])('rejects bad input #%# with 400 on both routes', async (body, message) => {
    const res = await report(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const file = await excel(body);
    expect(file.status).toBe(400);
    expect(JSON.parse(file.body.toString()).message).toMatch(message);
  });
});
