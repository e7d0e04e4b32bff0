import { sql } from 'drizzle-orm';
import { bearer, createListsApp, uniq, type TestApp } from './test-app';
import type { IncomingFixture } from '../src/incoming/testing';

const SETUP_MS = 240_000;
const DECIMAL = (field: string, places: number) => `${field} must be a number in plain decimal notation with at most ${places} decimals`;
const DATE = 'purchasedDate must be an ISO date (YYYY-MM-DD) from 1970-01-01 to today';

/** Focused cases of issue 12, points 12 (NUL, surrogates, depth, decimals, dates), 13 (no coercion) and 14 (keys, messages). */
describe('input rules of every route (issue 12, points 12 to 14)', () => {
  let t: TestApp;
  let fx: IncomingFixture;
  let wa: string;
  let product: string;
  beforeAll(async () => {
    ({ t, fx } = await createListsApp());
    wa = fx.users.warehouseAdmin.token;
    product = fx.products[0]._id;
  }, SETUP_MS);
  afterAll(() => t.close());

  const ledgerRows = async () => ((await t.db.execute(sql`SELECT count(*)::int AS n FROM stock_transactions`)) as unknown as { rows: { n: number }[] }).rows[0].n;
  /** POST /api/inventory/incoming with a raw JSON text (number literals such as 1e-9 go as written); `extra` fields override. */
  const receiveRaw = (extra: string) =>
    t.http
      .post('/api/inventory/incoming')
      .set(bearer(wa))
      .set('Content-Type', 'application/json')
      .send(`{"warehouse":"${fx.warehouse}","product":"${product}","quantity":[{"name":"pcs","value":1}],"grn":"GRN-${uniq()}"${extra}}`);
  const errorOf = (res: { status: number; body: { message: string; errors?: { field: string; message: string }[] } }) => ({
    status: res.status,
    message: res.body.message,
    fields: res.body.errors?.map((e) => e.field),
  });

  describe('point 12: text, depth, decimals and dates answer 400 naming the field', () => {
    it('names the path of a NUL character in a nested field and in a query string', async () => {
      // a repeated key: the last "quantity" wins, as JSON.parse reads it
      expect(errorOf(await receiveRaw(',"quantity":[{"name":"pc\\u0000s","value":1}]'))).toEqual({
        status: 400,
        message: 'quantity.0.name must not contain a NUL character',
        fields: ['quantity.0.name'],
      });
      expect(errorOf(await t.http.get('/api/customers/all?search=a%00b').set(bearer(t.adminToken)))).toEqual({
        status: 400,
        message: 'search must not contain a NUL character',
        fields: ['search'],
      });
    });

    it('refuses a lone surrogate and 5,000-deep nesting on the unauthenticated login', async () => {
      const surrogate = await t.http.post('/api/users/login').set('Content-Type', 'application/json').send('{"email":"a\\ud800@test.local","password":"x"}');
      expect(errorOf(surrogate)).toEqual({ status: 400, message: 'email must be valid Unicode text (it holds a lone surrogate)', fields: ['email'] });
      const deep = await t.http.post('/api/users/login').set('Content-Type', 'application/json').send(`{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`);
      expect(errorOf(deep)).toEqual({ status: 400, message: 'email is nested too deeply (at most 32 levels)', fields: ['email'] });
    });

    it.each([
      ['purchasedPrice', ',"purchasedPrice":1e-9', DECIMAL('purchasedPrice', 2)],
      ['depreciationRate', ',"depreciationRate":1e-9', DECIMAL('depreciationRate', 3)],
      ['a quantity value', ',"quantity":[{"name":"pcs","value":1e-9}]', DECIMAL('value', 3)],
      ['a rate above 100', ',"depreciationRate":100.5', 'depreciationRate must be at most 100'],
      ['a negative price', ',"purchasedPrice":-1', 'purchasedPrice must not be negative'],
      ['purchasedPrice null', ',"purchasedPrice":null', DECIMAL('purchasedPrice', 2)],
      ['purchasedDate 99999-01-01', ',"purchasedDate":"99999-01-01"', DATE],
      ['purchasedDate 2024-02-30', ',"purchasedDate":"2024-02-30"', DATE],
      ['purchasedDate 1969-12-31', ',"purchasedDate":"1969-12-31"', DATE],
      ['purchasedDate tomorrow', `,"purchasedDate":"${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}"`, DATE],
    ])('refuses %s on a direct receipt, posting nothing', async (_case, extra, message) => {
      const before = await ledgerRows();
      const res = await receiveRaw(extra);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await ledgerRows()).toBe(before);
    });

    it('refuses 1e-9 for an outgoing unit price and a buffer quantity', async () => {
      const unitPrice = await t.http
        .post('/api/outgoingLists/product/add')
        .set(bearer(fx.users.sales.token))
        .set('Content-Type', 'application/json')
        .send(`{"list_id":"${product}","product":"${product}","inventory":"${product}","quantity":[{"name":"pcs","value":1}],"unitPrice":1e-9}`);
      expect(errorOf(unitPrice)).toEqual({ status: 400, message: DECIMAL('unitPrice', 2), fields: ['unitPrice'] });
      const buffer = await t.http.patch(`/api/products/${product}`).set(bearer(wa)).set('Content-Type', 'application/json').send('{"buffer_stock":{"unit_of_measurement":"pcs","quantity":1e-9}}');
      expect(errorOf(buffer)).toEqual({ status: 400, message: DECIMAL('Buffer stock quantity', 3), fields: ['buffer_stock.quantity'] });
    });

    it.each([
      ['/api/stats/rank/products', { startDate: '2024-W01' }, 'startDate must be an ISO 8601 date (YYYY-MM-DD)'],
      ['/api/stats/rank/products/outgoing/periodic/numbers', { startDate: '2024-02-30', endDate: '2024-03-02', period: 'daily' }, 'startDate must be an ISO 8601 date (YYYY-MM-DD)'],
      ['/api/transactions/daily', { date: '99999-01-01' }, 'date must be a date (YYYY-MM-DD or ISO 8601)'],
      ['/api/transactions/search', { dateRange: ['2024-01-01', '2024-01-01T10:00'] }, 'dateRange must be a date (YYYY-MM-DD or ISO 8601)'],
    ])('refuses a day filter JavaScript cannot read on %s (2024-W01 was a 500)', async (path, body, message) => {
      expect(errorOf(await t.http.post(path).set(bearer(t.adminToken)).send(body))).toMatchObject({ status: 400, message });
    });

    it('takes plain decimals and an ISO purchase date and stores them', async () => {
      const res = await receiveRaw(',"purchasedPrice":12.5,"depreciationRate":7.125,"purchasedDate":"2020-05-01"');
      expect(res.status).toBe(201);
      expect(res.body.data.inventory).toMatchObject({ purchasedPrice: 12.5, depreciationRate: 7.125, purchasedDate: '2020-05-01T00:00:00.000Z' });
    });
  });

  describe('point 13: no coercion of booleans, numbers or strings into decimals, dates or integers', () => {
    it.each([
      ['purchasedPrice true', ',"purchasedPrice":true', DECIMAL('purchasedPrice', 2)],
      ['purchasedPrice "12"', ',"purchasedPrice":"12"', DECIMAL('purchasedPrice', 2)],
      ['purchasedDate true', ',"purchasedDate":true', DATE],
      ['purchasedDate 12345', ',"purchasedDate":12345', DATE],
      ['purchasedDate "0"', ',"purchasedDate":"0"', DATE],
      ['purchasedDate null', ',"purchasedDate":null', DATE],
    ])('refuses %s on a direct receipt (was stored as 1 or as 1970/2000)', async (_case, extra, message) => {
      const before = await ledgerRows();
      expect(errorOf(await receiveRaw(extra))).toMatchObject({ status: 400, message });
      expect(await ledgerRows()).toBe(before);
    });

    it('reads page and limit from a query string, but not a boolean from a body', async () => {
      expect((await t.http.get('/api/customers/all?page=2&limit=1').set(bearer(t.adminToken))).status).toBe(200);
      expect((await t.http.get('/api/customers/all?page=abc').set(bearer(t.adminToken))).status).toBe(400);
      const search = await t.http.post('/api/products/search').set(bearer(wa)).send({ query: 'x', page: true });
      expect(errorOf(search)).toEqual({ status: 400, message: 'page must be a whole number', fields: ['page'] });
    });
  });

  describe('point 14: prototype keys are unknown fields; one message per field', () => {
    it('refuses __proto__ and constructor keys at any level', async () => {
      const nested = await receiveRaw(',"quantity":[{"name":"pcs","value":1,"__proto__":{"admin":true}}]');
      expect(errorOf(nested)).toEqual({ status: 400, message: 'Unknown field "__proto__"', fields: ['quantity.0.__proto__'] });
      const top = await t.http.post('/api/customers/create').set(bearer(t.adminToken)).set('Content-Type', 'application/json').send('{"constructor":{"prototype":{}},"name":"x"}');
      expect(errorOf(top)).toEqual({ status: 400, message: 'Unknown field "constructor"', fields: ['constructor'] });
    });

    it('says only what applies: "Company is required", not every rule of the field', async () => {
      const res = await t.http.post('/api/customers/create').set(bearer(t.adminToken)).send({ name: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Company is required; Phone No is required; Email must be a valid email address');
      expect(res.body.errors).toEqual([
        { field: 'company', message: 'Company is required' },
        { field: 'phone_no', message: 'Phone No is required' },
        { field: 'email', message: 'Email must be a valid email address' },
      ]);
    });

    it('names the broken rule of a present value (type first, then length)', async () => {
      const res = await t.http.post('/api/customers/create').set(bearer(t.adminToken)).send({ name: 5, company: 'x'.repeat(201), phone_no: ['911223344'], email: 'a@b.co' });
      expect(res.body.errors).toEqual([
        { field: 'name', message: 'Full Name is required' },
        { field: 'company', message: 'company must be shorter than or equal to 200 characters' },
      ]);
    });
  });
});
