import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app';
import { csvOf, importFile, upload } from '../imports/testing';

/** A customer's optional Ethiopian TIN: 10 digits, in the views and the export. */
describe('Customers API: the TIN (issue 18)', () => {
  let t: TestApp;
  let sales: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    sales = await createUser(t, 'sales');
  });
  afterAll(() => t.close());

  let n = 0;
  const valid = (over: Record<string, unknown> = {}) => ({
    name: `Customer ${++n}`,
    company: 'Kebede Trading',
    phone_no: ['911223344'],
    email: `tin${n}.${Date.now()}@example.com`,
    ...over,
  });
  const create = (body: object) => t.http.post('/api/customers/create').set(bearer(sales.token)).send(body);

  it('keeps a 10-digit TIN, shows null without one, and clears it with null or an empty string', async () => {
    const withTin = await create(valid({ tin: '0012345678' }));
    expect(withTin.status).toBe(201);
    expect(withTin.body.data.tin).toBe('0012345678');
    const without = await create(valid());
    expect(without.status).toBe(201);
    expect(without.body.data.tin).toBeNull();
    const id = withTin.body.data._id as string;
    expect((await t.http.get(`/api/customers/${id}`).set(bearer(sales.token))).body.data.tin).toBe('0012345678');
    const body = { ...valid(), tin: ' 0098765432 ' };
    const changed = await t.http.patch(`/api/customers/${id}`).set(bearer(sales.token)).send(body);
    expect(changed.status).toBe(200);
    expect(changed.body.data.tin).toBe('0098765432');
    for (const none of [null, '']) {
      const cleared = await t.http.patch(`/api/customers/${id}`).set(bearer(sales.token)).send({ ...body, tin: none });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.tin).toBeNull();
    }
  });

  it.each([['12345'], ['00123456789'], ['001234567A'], ['٠١٢٣٤٥٦٧٨٩'], [1234567890], [['0012345678']]])('answers 400 naming tin for %j', async (tin) => {
    const res = await create(valid({ tin }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'tin', message: expect.stringMatching(/tin must be an Ethiopian TIN: exactly 10 digits/) })]));
  });

  it('exports the TIN column', async () => {
    const c = (await create(valid({ name: 'TIN export', tin: '0011223344' }))).body.data;
    const res = await t.http.get('/api/customers/export?format=csv&search=TIN%20export').set(bearer(sales.token));
    expect(res.status).toBe(200);
    const [header, row] = res.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(header.split(',')).toContain('TIN');
    expect(row).toContain(c.tin);
  });

  it('imports the TIN column (issue 16 customers import): 10 digits kept, a bad one named, an empty one keeps the current', async () => {
    const code = `TIN-${Date.now()}`;
    const bad = await upload(t, sales.token, csvOf([['Name', 'Code', 'TIN'], ['ከበደ ሚካኤል', code, '12-34']]), 'c.csv', { kind: 'customers' });
    expect(bad.body.data.import.errors).toEqual([expect.objectContaining({ column: 'TIN', message: expect.stringContaining('must be an Ethiopian TIN: exactly 10 digits') })]);
    const done = await importFile(t, sales.token, csvOf([['Name', 'Code', 'TIN'], ['ከበደ ሚካኤል', code, '0011 2233 44']]), 'c.csv', { kind: 'customers' });
    expect(done.result).toMatchObject({ created: 1 });
    const find = async () => (await t.http.get('/api/customers/all').query({ search: 'ከበደ ሚካኤል' }).set(bearer(sales.token))).body.data.customers[0];
    expect(await find()).toMatchObject({ name: 'ከበደ ሚካኤል', code, tin: '0011223344' });
    const update = await importFile(t, sales.token, csvOf([['Name', 'Code', 'TIN'], ['ከበደ ሚ.', code, '']]), 'c.csv', { kind: 'customers' });
    expect(update.result).toMatchObject({ updated: 1 });
    expect(await find()).toBeUndefined();
    const updated = (await t.http.get('/api/customers/all').query({ search: 'ከበደ ሚ.' }).set(bearer(sales.token))).body.data.customers[0];
    expect(updated).toMatchObject({ code, tin: '0011223344' });
  });
});
