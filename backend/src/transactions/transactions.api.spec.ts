import { customers } from '../database/schema';
import { bearer, createRoleUsers, createUser, createWarehouse, createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import type { Role } from '@inventory/common';
import { StockLedgerService } from '../inventory/stock-ledger.service';
import { createProduct, issue, ledgerCount, receive, type TestProduct } from '../inventory/testing';

type Row = { _id: string; transaction_type: string; grn: string | null; gin: string | null; transaction_date: string; product: { _id: string } };

describe('Transactions API', () => {
  let t: TestApp;
  let w1: string;
  let w2: string;
  let users: Record<Role, TestUser>;
  let wa2: TestUser;
  let bolt: TestProduct;
  let nut: TestProduct;
  let customerId: string;

  const search = (body: Record<string, unknown>, token = t.adminToken, qs = '?page=1&limit=100') =>
    t.http.post(`/api/transactions/search${qs}`).set(bearer(token)).send(body);
  const rows = (res: { body: { data: { transactionsList: Row[] } } }): Row[] => res.body.data.transactionsList;

  beforeAll(async () => {
    t = await createTestApp();
    w1 = await createWarehouse(t, 'North store');
    w2 = await createWarehouse(t, 'South store');
    users = await createRoleUsers(t, w1);
    wa2 = await createUser(t, 'warehouseAdmin', w2);
    bolt = await createProduct(t.db, { name: 'Hex bolt M8' });
    nut = await createProduct(t.db, { name: 'Wing nut' });
    const [c] = await t.db.insert(customers).values({ name: 'Selam Trading', company: 'Selam', phoneNo: ['911000111'], email: 's@x.et' }).returning();
    customerId = c.id;
    const wa = users.warehouseAdmin.token;
    const r1 = await receive(t, wa, { warehouse: w1, product: bolt.id, quantity: [{ name: 'pcs', value: 10 }], grn: 'GRN-ALPHA-1' });
    await issue(t, wa, r1.body.data.inventory._id, [{ name: 'pcs', value: 4 }], { gin: 'GIN-BETA-1' });
    await receive(t, wa2.token, { warehouse: w2, product: nut.id, quantity: [{ name: 'pcs', value: 5 }], grn: 'GRN-GAMMA-2' });
    const ledger = t.app.get(StockLedgerService);
    await ledger.run((tx) =>
      ledger.issue(tx, { inventoryId: r1.body.data.inventory._id, quantity: [{ name: 'pcs', value: 1 }], gin: 'GIN-LIST-9', userId: users.warehouseAdmin.id, customerId, source: 'outgoing_list' }),
    );
  }, 180_000); // app start-up is slow on the shared 2-core machine
  afterAll(() => t.close());

  it('lists every movement newest first with product, category, user, customer and warehouse', async () => {
    const res = await search({});
    expect(res.status).toBe(200);
    expect(res.body.data.total_count).toBe(4);
    const list = rows(res);
    const dates = list.map((r) => r.transaction_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]).toMatchObject({
      transaction_type: 'outgoing',
      gin: 'GIN-LIST-9',
      grn: null,
      product: { _id: bolt.id, name: 'Hex bolt M8', code: bolt.code, category: { _id: bolt.categoryId } },
      warehouse: { _id: w1, name: 'North store' },
      user: { _id: users.warehouseAdmin.id, first_name: 'Test', last_name: 'warehouseAdmin' },
      customer: { _id: customerId, name: 'Selam Trading', phone_no: ['911000111'] },
      quantity: [{ name: 'pcs', value: 1 }],
      source: 'outgoing_list',
    });
    expect(list.find((r) => r.gin === 'GIN-BETA-1')).toMatchObject({ customer: null, taken_by: 'Abebe', source: 'direct' });
  });

  it.each([
    [{ warehouseId: 'W2' }, ['GRN-GAMMA-2']],
    [{ categoryId: 'NUT' }, ['GRN-GAMMA-2']],
    [{ transactionType: 'Incoming' }, ['GRN-GAMMA-2', 'GRN-ALPHA-1']],
    [{ transactionType: 'outgoing', warehouseId: 'W1' }, ['GIN-LIST-9', 'GIN-BETA-1']],
    [{ grnSearchQuery: 'alpha' }, ['GRN-ALPHA-1']],
    [{ ginSearchQuery: 'beta' }, ['GIN-BETA-1']],
    [{ customerSearchQuery: 'selam' }, ['GIN-LIST-9']],
    [{ customerSearchQuery: '000111' }, ['GIN-LIST-9']],
    [{ productSearchQuery: 'wing' }, ['GRN-GAMMA-2']],
    [{ productSearchQuery: 'hex', transactionType: 'incoming' }, ['GRN-ALPHA-1']],
    [{ specificDate: 'TODAY' }, ['GIN-LIST-9', 'GRN-GAMMA-2', 'GIN-BETA-1', 'GRN-ALPHA-1']],
    [{ specificDate: '2001-01-01' }, []],
    [{ dateRange: ['2001-01-01', 'TODAY'], grnSearchQuery: 'GRN' }, ['GRN-GAMMA-2', 'GRN-ALPHA-1']],
    [{ dateRange: ['2001-01-01', '2001-12-31'] }, []],
    [{ productSearchQuery: '%' }, []],
  ])('filters %j', async (raw, refs) => {
    const today = new Date().toISOString().slice(0, 10);
    const body = JSON.parse(
      JSON.stringify(raw).replace(/"W1"/g, `"${w1}"`).replace(/"W2"/g, `"${w2}"`).replace(/"NUT"/g, `"${nut.categoryId}"`).replace(/TODAY/g, today),
    );
    const res = await search(body);
    expect(res.status).toBe(200);
    expect(rows(res).map((r) => r.grn ?? r.gin)).toEqual(refs);
    expect(res.body.data.total_count).toBe(refs.length);
  });

  it('pages with page and limit (query or body)', async () => {
    const p2 = await search({}, t.adminToken, '?page=2&limit=3');
    expect(rows(p2)).toHaveLength(1);
    expect(p2.body.data.total_count).toBe(4);
    expect(rows(await search({ page: 1, limit: 2 }, t.adminToken, ''))).toHaveLength(2);
    const past = await search({}, t.adminToken, '?page=3&limit=3');
    expect(past.body.data).toEqual({ transactionsList: [], total_count: 4, total_capped: false });
  });

  it('scopes warehouse users to their warehouse and lets every role read', async () => {
    const mine = await search({}, users.warehouseAdmin.token);
    expect(rows(mine).every((r) => r.grn !== 'GRN-GAMMA-2')).toBe(true);
    expect(mine.body.data.total_count).toBe(3);
    expect((await search({ warehouseId: w2 }, users.warehouseAdmin.token)).status).toBe(403);
    for (const role of ['finance', 'salesSupervisor', 'importAdmin', 'sales'] as Role[]) {
      const res = await search({}, users[role].token);
      expect(res.status).toBe(200);
      expect(res.body.data.total_count).toBe(4);
    }
    expect((await t.http.post('/api/transactions/search').send({})).status).toBe(401);
  });

  it.each([
    ['malformed warehouseId', { warehouseId: 'nope' }, /warehouseId must be a valid id/],
    ['unknown type', { transactionType: 'sideways' }, /incoming or outgoing/],
    ['bad specificDate', { specificDate: 'yesterday' }, /specificDate must be a date/],
    ['one-day dateRange', { dateRange: ['2024-01-01'] }, /dateRange must be \[start, end\]/],
    ['reversed dateRange', { dateRange: ['2024-02-01', '2024-01-01'] }, /end date is before/],
    ['10 kB grnSearchQuery', { grnSearchQuery: 'x'.repeat(10_000) }, /shorter than or equal/],
    ['numeric grnSearchQuery', { grnSearchQuery: 5 }, /string/],
    ['unknown field', { extra: 1 }, /Unknown field "extra"/],
  ])('rejects %s with 400', async (_name, body, message) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('rejects a page size above 100', async () => {
    expect((await search({}, t.adminToken, '?limit=101')).status).toBe(400);
  });

  it('POST /api/transactions/daily and /range list a day and a span of days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const daily = await t.http.post('/api/transactions/daily').set(bearer(users.sales.token)).send({ date: today });
    expect(daily.status).toBe(200);
    expect(daily.body.data.total_count).toBe(4);
    const old = await t.http.post('/api/transactions/daily').set(bearer(t.adminToken)).send({ date: '2001-01-01' });
    expect(old.body.data).toEqual({ transactionsList: [], total_count: 0, total_capped: false });
    const range = await t.http.post('/api/transactions/range?limit=2').set(bearer(users.warehouseAdmin.token)).send({ startDate: '2020-01-01', endDate: today });
    expect(range.status).toBe(200);
    expect(range.body.data.total_count).toBe(3);
    expect(range.body.data.transactionsList).toHaveLength(2);
    expect((await t.http.post('/api/transactions/daily').set(bearer(t.adminToken)).send({})).status).toBe(400);
    expect((await t.http.post('/api/transactions/range').set(bearer(t.adminToken)).send({ startDate: '2020-01-01' })).status).toBe(400);
    expect(await ledgerCount(t.db)).toBe(4);
  });
});
