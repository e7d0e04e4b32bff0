import { ROLES } from '@inventory/common';
import { bearer, createRoleUsers, createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app';
import type { Role } from '@inventory/common';
import { seedCategory, seedCustomer, seedDaily, seedProduct, seedWarehouse } from './testing';

describe('Stats API', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let ids: Record<'a' | 'b' | 'p1' | 'p2' | 'x' | 'y', string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    const cat = await seedCategory(db);
    const [a, b] = [await seedWarehouse(db, 'Stats A'), await seedWarehouse(db, 'Stats B')];
    const p1 = await seedProduct(db, cat, { name: 'Cement', units: ['kg'] });
    const p2 = await seedProduct(db, cat, { name: 'Nails', units: ['pcs', 'kg'] });
    const [x, y] = [await seedCustomer(db, 'Xcust'), await seedCustomer(db, 'Ycust')];
    ids = { a, b, p1, p2, x, y };
    users = await createRoleUsers(t, a);
    await seedDaily(db, [
      { day: '2026-01-02', type: 'incoming', productId: p1, warehouseId: a, unit: 'kg', quantity: 100 },
      { day: '2026-01-02', type: 'incoming', productId: p2, warehouseId: a, unit: 'pcs', quantity: 50 },
      { day: '2026-01-04', type: 'outgoing', productId: p1, warehouseId: a, customerId: x, unit: 'kg', quantity: 5 },
      { day: '2026-01-05', type: 'outgoing', productId: p1, warehouseId: a, customerId: x, unit: 'kg', quantity: 3, movements: 2 },
      { day: '2026-01-05', type: 'outgoing', productId: p2, warehouseId: a, customerId: y, unit: 'pcs', quantity: 10 },
      { day: '2026-01-05', type: 'outgoing', productId: p2, warehouseId: a, customerId: y, unit: 'kg', quantity: 2.5 },
      { day: '2026-01-20', type: 'outgoing', productId: p1, warehouseId: b, customerId: y, unit: 'kg', quantity: 7 },
    ]);
  });
  afterAll(() => t.close());

  const get = (path: string, token = t.adminToken) => t.http.get(`/api/stats/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = t.adminToken) => t.http.post(`/api/stats/${path}`).set(bearer(token)).send(body);
  const periodic = (body: object, token?: string) => post('rank/products/outgoing/periodic/numbers', body, token);

  it('counts active records, inventory scoped by warehouse', async () => {
    const res = await get('count');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userCount: 6, productCount: 2, inventoryCount: 0, customerCount: 2, warehouseCount: 2, categoryCount: 1 });
    await seedProduct(t.db, await seedCategory(t.db), { removed: true });
    expect((await get('count')).body.data.productCount).toBe(2);
  });

  it('ranks top-selling product-units by delivered quantity, never adding units', async () => {
    const res = await get('rank/products/outgoing/numbers');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { productId: ids.p1, productName: 'Cement', unit: 'kg', totalQuantity: 15, frequency: 4 },
      { productId: ids.p2, productName: 'Nails', unit: 'pcs', totalQuantity: 10, frequency: 1 },
      { productId: ids.p2, productName: 'Nails', unit: 'kg', totalQuantity: 2.5, frequency: 1 },
    ]);
  });

  it('scopes rankings to the warehouse of a tied user', async () => {
    const res = await get('rank/products/outgoing/numbers', users.warehouseAdmin.token);
    expect(res.body.data.map((r: { unit: string; totalQuantity: number }) => [r.unit, r.totalQuantity])).toEqual([
      ['pcs', 10],
      ['kg', 8],
      ['kg', 2.5],
    ]);
    const other = await post('rank/products', { warehouseId: ids.b }, users.warehouseAdmin.token);
    expect(other.status).toBe(403);
  });

  it('ranks customers per unit', async () => {
    const res = await get('rank/customers/frequency');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { customerId: ids.y, customerName: 'Ycust', unit: 'pcs', totalTransactions: 1, totalQuantity: 10 },
      { customerId: ids.y, customerName: 'Ycust', unit: 'kg', totalTransactions: 2, totalQuantity: 9.5 },
      { customerId: ids.x, customerName: 'Xcust', unit: 'kg', totalTransactions: 3, totalQuantity: 8 },
    ]);
  });

  it('compares incoming and outgoing per product-unit in a range and warehouse', async () => {
    const res = await post('rank/products', { startDate: '2026-01-01', endDate: '2026-01-05', warehouseId: ids.a });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { productId: ids.p1, productName: 'Cement', unit: 'kg', incomingQuantity: 100, outgoingQuantity: 8 },
      { productId: ids.p2, productName: 'Nails', unit: 'pcs', incomingQuantity: 50, outgoingQuantity: 10 },
      { productId: ids.p2, productName: 'Nails', unit: 'kg', incomingQuantity: 0, outgoingQuantity: 2.5 },
    ]);
    const all = await post('rank/products', {});
    expect(all.body.data[0]).toMatchObject({ unit: 'kg', incomingQuantity: 100, outgoingQuantity: 15 });
  });

  it('gives weekly numbers on ISO weeks (Monday first) with empty weeks as 0', async () => {
    const res = await periodic({ startDate: '2026-01-01', endDate: '2026-01-25', period: 'weekly' });
    expect(res.status).toBe(200);
    expect(res.body.data.periods).toEqual(['2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19']);
    expect(res.body.data.series).toEqual([
      { productId: ids.p1, productName: 'Cement', unit: 'kg', totalQuantity: 15, quantities: [5, 3, 0, 7] },
      { productId: ids.p2, productName: 'Nails', unit: 'pcs', totalQuantity: 10, quantities: [0, 10, 0, 0] },
      { productId: ids.p2, productName: 'Nails', unit: 'kg', totalQuantity: 2.5, quantities: [0, 2.5, 0, 0] },
    ]);
  });

  it('gives daily and monthly numbers, and an empty range as zero series', async () => {
    const daily = await periodic({ startDate: '2026-01-03', endDate: '2026-01-06', period: 'daily' });
    expect(daily.body.data.periods).toEqual(['2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06']);
    expect(daily.body.data.series[1]).toMatchObject({ productName: 'Cement', unit: 'kg', quantities: [0, 5, 3, 0] });
    const monthly = await periodic({ startDate: '2025-12-01', endDate: '2026-02-10', period: 'monthly' });
    expect(monthly.body.data.periods).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(monthly.body.data.series[0].quantities).toEqual([0, 15, 0]);
    const empty = await periodic({ startDate: '2027-01-01', endDate: '2027-01-03', period: 'daily' });
    expect(empty.body.data).toEqual({ period: 'daily', startDate: '2027-01-01', endDate: '2027-01-03', periods: ['2027-01-01', '2027-01-02', '2027-01-03'], series: [] });
  });

  it('allows 366 periods and refuses 367', async () => {
    expect((await periodic({ startDate: '2024-01-01', endDate: '2024-12-31', period: 'daily' })).status).toBe(200);
    const res = await periodic({ startDate: '2024-01-01', endDate: '2025-01-01', period: 'daily' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/more than 366/);
  });

  it('lets every role read the stats and nobody without a token', async () => {
    for (const role of ROLES) {
      const token = users[role].token;
      expect((await get('count', token)).status).toBe(200);
      expect((await get('rank/customers/frequency', token)).status).toBe(200);
      expect((await periodic({ startDate: '2026-01-01', endDate: '2026-01-02', period: 'daily' }, token)).status).toBe(200);
    }
    expect((await t.http.get('/api/stats/count')).status).toBe(401);
    const sales = await createUser(t, 'sales');
    expect((await post('rank/products', {}, sales.token)).status).toBe(200);
  });

  it.each([
    [{ startDate: '2026-01-01', endDate: '2026-01-02', period: 'yearly' }, /period must be one of/],
    [{ startDate: 'yesterday', endDate: '2026-01-02', period: 'daily' }, /startDate must be an ISO 8601 date/],
    [{ startDate: '2026-01-01', period: 'daily' }, /endDate/],
    [{ startDate: '2026-01-05', endDate: '2026-01-01', period: 'daily' }, /before startDate/],
    [{ startDate: '2026-01-01', endDate: '2026-01-02', period: 'daily', extra: 1 }, /Unknown field "extra"/],
    [{ startDate: 'x'.repeat(10_000), endDate: '2026-01-02', period: 'daily' }, /ISO 8601/],
  ])('rejects bad periodic input #%# with 400', async (body, message) => {
    const res = await periodic(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it.each([[{ warehouseId: 'abc' }], [{ startDate: 5 }], [{ endDate: '2026-13-01' }], [{ startDate: '2026-02-01', endDate: '2026-01-01' }]])(
    'rejects bad ranking input #%# with 400',
    async (body) => {
      expect((await post('rank/products', body)).status).toBe(400);
    },
  );

  it('shows a new movement at once, though rankings are memoised', async () => {
    const before = (await get('rank/products/outgoing/numbers')).body.data;
    expect((await get('rank/products/outgoing/numbers')).body.data).toEqual(before);
    await seedDaily(t.db, [{ day: '2026-02-01', type: 'outgoing', productId: ids.p2, warehouseId: ids.b, customerId: ids.x, unit: 'pcs', quantity: 90 }]);
    const after = (await get('rank/products/outgoing/numbers')).body.data;
    expect(after[0]).toMatchObject({ productName: 'Nails', unit: 'pcs', totalQuantity: 100, frequency: 2 });
  });
});
