import { bearer, createTestApp, createRoleUsers, createWarehouse, type TestApp, type TestUser } from '../../test/test-app';
import type { Role } from '@inventory/common';

describe('Customers API', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let sales: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
    sales = users.sales;
  });
  afterAll(() => t.close());

  let n = 0;
  const valid = () => ({
    name: `Abebe Kebede ${++n}`,
    company: 'Kebede Trading',
    address: 'Bole, Addis Ababa',
    phone_no: ['+251911223344', '0922334455'],
    email: `abebe${n}@example.com`,
  });
  const all = async (query = '', token = sales.token) => (await t.http.get(`/api/customers/all${query}`).set(bearer(token))).body.data;
  const create = async (body: object = valid(), token = sales.token) => {
    const res = await t.http.post('/api/customers/create').set(bearer(token)).send(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  it('registers, lists, updates, removes and restores a customer (sales)', async () => {
    const body = valid();
    const res = await t.http.post('/api/customers/create').set(bearer(sales.token)).send(body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Customer Registered Successfully!');
    const c = res.body.data;
    expect(c).toMatchObject({ ...body, phone_no: ['911223344', '922334455'], removed: false });

    const list = await all();
    expect(list.customers.map((x: { _id: string }) => x._id)).toContain(c._id);
    expect(typeof list.total_count).toBe('number');

    const upd = await t.http.patch(`/api/customers/${c._id}`).set(bearer(sales.token)).send({ ...body, id: c._id, company: 'New Co', address: undefined });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Customer Updated Successfully');
    expect(upd.body.data).toMatchObject({ company: 'New Co', address: null });
    expect((await t.http.get(`/api/customers/${c._id}`).set(bearer(sales.token))).body.data.company).toBe('New Co');

    expect((await t.http.delete(`/api/customers/remove/${c._id}`).set(bearer(sales.token))).status).toBe(200);
    expect((await all()).customers.some((x: { _id: string }) => x._id === c._id)).toBe(false);
    expect((await all('', t.adminToken)).customers.some((x: { _id: string }) => x._id === c._id)).toBe(false);
    const removed = (await t.http.get('/api/customers/removed/all').set(bearer(sales.token))).body.data;
    expect(removed.customers.map((x: { _id: string }) => x._id)).toContain(c._id);
    expect((await t.http.put(`/api/customers/activate/${c._id}`).set(bearer(sales.token))).status).toBe(200);
    expect((await t.http.put(`/api/customers/activate/${c._id}`).set(bearer(sales.token))).status).toBe(409);
    expect((await all()).customers.some((x: { _id: string }) => x._id === c._id)).toBe(true);
  });

  it('searches name, email, phone and company case-insensitively, paged with total_count', async () => {
    const a = await create({ ...valid(), name: 'Selam Getachew', company: 'Blue Nile PLC', email: 'selam@nile.et', phone_no: ['955667788'] });
    const b = await create({ ...valid(), name: 'Hana', company: 'Lalibela Imports', email: 'hana@x.et', phone_no: ['944556677'] });
    const ids = (d: { customers: { _id: string }[] }) => d.customers.map((x) => x._id);
    expect(ids(await all('?search=selam', t.adminToken))).toEqual([a._id]);
    expect(ids(await all('?search=NILE', t.adminToken))).toEqual([a._id]);
    expect(ids(await all('?search=45566', t.adminToken))).toEqual([b._id]);
    expect(ids(await all('?search=LALIBELA', t.adminToken))).toEqual([b._id]);
    expect(ids(await all('?search=hana@x', t.adminToken))).toEqual([b._id]);
    // a phone as people type it: with +251 or a leading 0, spaces or dashes
    for (const typed of ['0944556677', '+251 944 556', '944-55-66', '+251944556677']) {
      expect(ids(await all(`?search=${encodeURIComponent(typed)}`, t.adminToken))).toEqual([b._id]);
    }
    // the fields are one stored text joined by a unit separator: a term never spans two of them
    expect(ids(await all('?search=getachewselam', t.adminToken))).toEqual([]);
    expect(ids(await all(`?search=${encodeURIComponent('Getachew\x1fselam')}`, t.adminToken))).toEqual([]);
    expect(ids(await all(`?search=${encodeURIComponent('imports\x1f')}`, t.adminToken))).toEqual([]);
    // LIKE wildcards match themselves
    expect(ids(await all('?search=%25', t.adminToken))).toEqual([]);
    expect(ids(await all('?search=_', t.adminToken))).toEqual([]);
    const total = (await all()).total_count;
    const page = await all('?page=2&limit=1');
    expect(page.total_count).toBe(total);
    expect(page.customers).toHaveLength(1);
  });

  it('lets admin and sales read and write, and denies every other role', async () => {
    const c = await create(valid(), t.adminToken);
    expect((await t.http.patch(`/api/customers/${c._id}`).set(bearer(t.adminToken)).send(valid())).status).toBe(200);
    const before = await all('?limit=100');
    for (const role of ['warehouseAdmin', 'finance', 'salesSupervisor', 'importAdmin'] as Role[]) {
      const token = bearer(users[role].token);
      expect((await t.http.get('/api/customers/all').set(token)).status).toBe(403);
      expect((await t.http.get('/api/customers/removed/all').set(token)).status).toBe(403);
      expect((await t.http.get(`/api/customers/${c._id}`).set(token)).status).toBe(403);
      expect((await t.http.post('/api/customers/create').set(token).send(valid())).status).toBe(403);
      expect((await t.http.patch(`/api/customers/${c._id}`).set(token).send(valid())).status).toBe(403);
      expect((await t.http.delete(`/api/customers/remove/${c._id}`).set(token)).status).toBe(403);
      expect((await t.http.put(`/api/customers/activate/${c._id}`).set(token)).status).toBe(403);
    }
    expect((await t.http.get('/api/customers/all')).status).toBe(401);
    expect(await all('?limit=100')).toEqual(before);
  });

  it.each([
    [{ name: '' }, /Full Name is required/],
    [{ name: undefined }, /Full Name is required/],
    [{ company: '' }, /Company is required/],
    [{ email: 'not-an-email' }, /valid email/],
    [{ email: undefined }, /valid email/],
    [{ phone_no: [] }, /Phone No is required/],
    [{ phone_no: undefined }, /Phone No is required/],
    [{ phone_no: ['12345'] }, /9 digits/],
    [{ phone_no: ['9112233445'] }, /9 digits/],
    [{ phone_no: ['91122334a'] }, /9 digits/],
    [{ phone_no: '911223344' }, /Phone No is required/],
    [{ phone_no: ['911223344', '+251911223344'] }, /must not repeat/],
    [{ vip: true }, /Unknown field "vip"/],
    [{ name: 7 }, /Full Name is required/],
    [{ address: 'x'.repeat(10_000) }, /shorter than or equal/],
    [{ company: 'x'.repeat(10_000) }, /shorter than or equal/],
  ])('rejects bad input #%# with 400 and changes nothing', async (patch, message) => {
    const before = await all('?limit=100');
    const res = await t.http.post('/api/customers/create').set(bearer(sales.token)).send({ ...valid(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await all('?limit=100')).toEqual(before);
  });

  it('rejects a bad update and changes nothing; 400 malformed ids, 404 unknown ones', async () => {
    const c = await create();
    const bad = await t.http.patch(`/api/customers/${c._id}`).set(bearer(sales.token)).send({ ...valid(), phone_no: ['1'] });
    expect(bad.status).toBe(400);
    const mismatch = await t.http.patch(`/api/customers/${c._id}`).set(bearer(sales.token)).send({ ...valid(), id: '00000000-0000-4000-8000-000000000000' });
    expect(mismatch.status).toBe(400);
    expect((await t.http.get(`/api/customers/${c._id}`).set(bearer(sales.token))).body.data).toEqual(c);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.patch('/api/customers/xyz').set(bearer(sales.token)).send(valid())).status).toBe(400);
    expect((await t.http.delete('/api/customers/remove/xyz').set(bearer(sales.token))).status).toBe(400);
    expect((await t.http.patch(`/api/customers/${unknown}`).set(bearer(sales.token)).send(valid())).status).toBe(404);
    expect((await t.http.put(`/api/customers/activate/${unknown}`).set(bearer(sales.token))).status).toBe(404);
    expect((await t.http.get('/api/customers/all?page=0').set(bearer(sales.token))).status).toBe(400);
  });
});
