import { eq } from 'drizzle-orm';
import { bearer, createTestApp, createUser, createWarehouse, uniq, type TestApp, type TestUser } from '../../test/test-app';
import { warehouses } from '../database/schema';

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
  describe('update, remove and activate with bad input or taken names', () => {
    const admin = () => bearer(t.adminToken);
    /** The stored row, timestamps included: "unchanged" means all of it. */
    const stored = async (id: string) => (await t.db.select().from(warehouses).where(eq(warehouses.id, id)))[0];

    it.each([
      ['empty name', { name: '', address: 'b' }, /Missing Warehouse Name/],
      ['blank name', { name: '   ', address: 'b' }, /Missing Warehouse Name/],
      ['missing address', { name: 'Renamed' }, /Missing Warehouse Address/],
      ['10 kB name', { name: 'x'.repeat(10_000), address: 'b' }, /shorter than or equal/],
      ['10 kB address', { name: 'Renamed', address: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['extra field', { name: 'Renamed', address: 'b', removed: true }, /Unknown field "removed"/],
      ['name of wrong type', { name: ['Renamed'], address: 'b' }, /string/],
      ['address of wrong type', { name: 'Renamed', address: { city: 'x' } }, /string/],
      ['malformed body id', { name: 'Renamed', address: 'b', id: 'abc' }, /id must be a valid id/],
      ['body id of another warehouse', { name: 'Renamed', address: 'b', id: '00000000-0000-4000-8000-000000000000' }, /does not match/],
    ])('PATCH update rejects %s with 400 and leaves the warehouse unchanged', async (_label, body, message) => {
      const id = await createWarehouse(t);
      const before = await stored(id);
      const res = await t.http.patch(`/api/warehouses/update/${id}`).set(admin()).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored(id)).toEqual(before);
    });

    it("answers 409 for renaming to another active warehouse's name (any case) and changes nothing", async () => {
      const taken = `Taken ${uniq()}`;
      await createWarehouse(t, taken);
      const id = await createWarehouse(t);
      const before = await stored(id);
      const res = await t.http.patch(`/api/warehouses/update/${id}`).set(admin()).send({ name: ` ${taken.toUpperCase()} `, address: 'b', id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`A warehouse named "${taken.toUpperCase()}" already exists`);
      expect(await stored(id)).toEqual(before);
      const own = await t.http.patch(`/api/warehouses/update/${id}`).set(admin()).send({ name: before.name.toLowerCase(), address: 'b' });
      expect(own.status).toBe(200);
      expect(own.body.data.name).toBe(before.name.toLowerCase());
    });

    it('answers 409 for restoring a removed warehouse whose name an active one now has, and keeps it removed', async () => {
      const name = `Reused ${uniq()}`;
      const old = await createWarehouse(t, name);
      await t.http.delete(`/api/warehouses/remove/${old}`).set(admin()).expect(200);
      const now = await createWarehouse(t, name.toLowerCase());
      const before = await stored(old);
      const res = await t.http.patch(`/api/warehouses/activate/${old}`).set(admin());
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/already exists/);
      expect(await stored(old)).toEqual(before);
      expect((await list()).filter((w: { _id: string }) => w._id === old || w._id === now).map((w: { _id: string }) => w._id)).toEqual([now]);
    });

    it('answers 409 for activating an active warehouse and removing a removed one, changing nothing', async () => {
      const id = await createWarehouse(t);
      const beforeActive = await stored(id);
      const active = await t.http.patch(`/api/warehouses/activate/${id}`).set(admin());
      expect(active.status).toBe(409);
      expect(active.body.message).toBe('This warehouse is already active');
      expect(await stored(id)).toEqual(beforeActive);
      await t.http.delete(`/api/warehouses/remove/${id}`).set(admin()).expect(200);
      const beforeRemoved = await stored(id);
      const again = await t.http.delete(`/api/warehouses/remove/${id}`).set(admin());
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This warehouse is already removed');
      expect(await stored(id)).toEqual(beforeRemoved);
    });

    it('answers 400 for malformed ids and 404 for unknown ones on update and activate', async () => {
      for (const id of ['abc', '42', '00000000-0000-4000-8000-00000000000z']) {
        const upd = await t.http.patch(`/api/warehouses/update/${id}`).set(admin()).send({ name: 'N', address: 'a' });
        expect(upd.status).toBe(400);
        expect(upd.body.message).toBe(`"${id}" is not a valid id`);
        expect((await t.http.patch(`/api/warehouses/activate/${id}`).set(admin())).status).toBe(400);
      }
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await t.http.patch(`/api/warehouses/update/${unknown}`).set(admin()).send({ name: `N ${uniq()}`, address: 'a' })).status).toBe(404);
      expect((await t.http.patch(`/api/warehouses/activate/${unknown}`).set(admin())).status).toBe(404);
    });
  });
});
