import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app';

describe('Warehouses API', () => {
  let t: TestApp;
  let wa: TestUser;
  let sales: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).send({ name: 'Main', address: 'Bole' });
    wa = await createUser(t, 'warehouseAdmin', res.body.data._id);
    sales = await createUser(t, 'sales');
  });
  afterAll(() => t.close());

  const list = async (path = '/api/warehouses') => (await t.http.get(path).set(bearer(t.adminToken))).body.data;

  it('creates, lists, updates, removes and restores a warehouse (admin)', async () => {
    const created = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).send({ name: 'Adama', address: 'Adama road' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Warehouse Added successfully');
    const id = created.body.data._id;
    expect(created.body.data).toMatchObject({ name: 'Adama', address: 'Adama road', removed: false });
    expect(typeof created.body.data.createdAt).toBe('string');

    expect((await list()).map((w: { name: string }) => w.name)).toContain('Adama');

    const upd = await t.http.patch(`/api/warehouses/update/${id}`).set(bearer(t.adminToken)).send({ name: 'Adama 2', address: 'x', id });
    expect(upd.status).toBe(200);
    expect(upd.body.data.name).toBe('Adama 2');

    expect((await t.http.delete(`/api/warehouses/remove/${id}`).set(bearer(t.adminToken))).status).toBe(200);
    expect((await list()).some((w: { _id: string }) => w._id === id)).toBe(false);
    expect((await list('/api/warehouses/removed/all')).some((w: { _id: string }) => w._id === id)).toBe(true);

    const act = await t.http.patch(`/api/warehouses/activate/${id}`).set(bearer(t.adminToken));
    expect(act.status).toBe(200);
    expect((await list()).some((w: { _id: string }) => w._id === id)).toBe(true);
  });

  it('answers 409 for a duplicate active name, case-insensitive, and changes nothing', async () => {
    const before = await list();
    const res = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).send({ name: 'main', address: 'y' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    expect(res.body.message).toMatch(/already exists/);
    expect(await list()).toEqual(before);
  });

  it('lets every role read but only admin write', async () => {
    expect((await t.http.get('/api/warehouses').set(bearer(sales.token))).status).toBe(200);
    expect((await t.http.get('/api/warehouses').set(bearer(wa.token))).status).toBe(200);
    for (const u of [wa, sales]) {
      const res = await t.http.post('/api/warehouses').set(bearer(u.token)).send({ name: `X${u.role}`, address: 'y' });
      expect(res.status).toBe(403);
      expect((await t.http.get('/api/warehouses/removed/all').set(bearer(u.token))).status).toBe(403);
    }
    expect((await list()).some((w: { name: string }) => w.name.startsWith('X'))).toBe(false);
  });

  it('needs a token', async () => {
    const res = await t.http.get('/api/warehouses');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/sign in/i);
  });

  it.each([
    [{}, /Missing Warehouse Name/],
    [{ name: 'A' }, /Missing Warehouse Address/],
    [{ name: 'A', address: 'b', extra: 1 }, /Unknown field "extra"/],
    [{ name: 5, address: 'b' }, /string/],
    [{ name: 'x'.repeat(10_000), address: 'b' }, /shorter than or equal/],
  ])('rejects bad input #%# with 400 and changes nothing', async (body, message) => {
    const before = await list();
    const res = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await list()).toEqual(before);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await t.http.delete('/api/warehouses/remove/not-an-id').set(bearer(t.adminToken));
    expect(bad.status).toBe(400);
    const unknown = await t.http.delete('/api/warehouses/remove/00000000-0000-4000-8000-000000000000').set(bearer(t.adminToken));
    expect(unknown.status).toBe(404);
  });
});
