import { eq } from 'drizzle-orm';
import { bearer, createTestApp, createRoleUsers, createWarehouse, type TestApp, type TestUser } from '../../../test/test-app';
import { categories } from '../../database/schema';
import type { Role } from '@inventory/common';
import { createCategory, createProduct } from '../catalog.fixtures';

describe('Categories API', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let wa: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
    wa = users.warehouseAdmin;
  });
  afterAll(() => t.close());

  const client = () => ({ http: t.http, token: wa.token });
  const list = async () => (await t.http.get('/api/productCategories').set(bearer(wa.token))).body.data;
  const removedList = async () => (await t.http.get('/api/productCategories/removed/all').set(bearer(wa.token))).body.data.categories;
  const valid = { name: 'Cables', description: 'Copper cables', specifications: ['Gauge', 'Length'], quantity_measurement: ['m', 'roll'] };

  it('creates, lists, updates, removes and restores a category (warehouseAdmin)', async () => {
    const created = await t.http.post('/api/productCategories/add').set(bearer(wa.token)).send(valid);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Category Created Successfully.');
    expect(created.body.data).toMatchObject({ ...valid, removed: false });
    const id = created.body.data._id;
    expect((await list()).map((c: { _id: string }) => c._id)).toContain(id);

    const upd = await t.http
      .put(`/api/productCategories/update/${id}`)
      .set(bearer(wa.token))
      .send({ ...valid, id, name: 'Cables 2', specifications: ['Gauge'] });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Category Updated Successfully.');
    expect(upd.body.data).toMatchObject({ name: 'Cables 2', specifications: ['Gauge'] });

    const del = await t.http.delete(`/api/productCategories/remove/${id}`).set(bearer(wa.token));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Category Deleted Successfully');
    expect((await list()).some((c: { _id: string }) => c._id === id)).toBe(false);
    expect((await removedList()).some((c: { _id: string }) => c._id === id)).toBe(true);

    const act = await t.http.put(`/api/productCategories/activate/${id}`).set(bearer(wa.token));
    expect(act.status).toBe(200);
    expect(act.body.message).toBe('Category Activated Successfully.');
    expect((await list()).some((c: { _id: string }) => c._id === id)).toBe(true);
    expect((await t.http.get(`/api/productCategories/${id}`).set(bearer(users.sales.token))).body.data.name).toBe('Cables 2');
  });

  it('answers 409 for a duplicate active name, case-insensitive, and changes nothing', async () => {
    await createCategory(client(), { name: 'Paints' });
    const before = await list();
    const res = await t.http.post('/api/productCategories/add').set(bearer(wa.token)).send({ ...valid, name: 'PAINTS' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    expect(await list()).toEqual(before);
  });

  it('refuses to remove a category with active products, saying how many', async () => {
    const cat = await createCategory(client());
    await createProduct(client(), cat._id);
    const p2 = await createProduct(client(), cat._id);
    const res = await t.http.delete(`/api/productCategories/remove/${cat._id}`).set(bearer(wa.token));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/2 active products/);
    expect((await list()).some((c: { _id: string }) => c._id === cat._id)).toBe(true);

    await t.http.delete(`/api/products/${p2._id}`).set(bearer(wa.token)).expect(200);
    const again = await t.http.delete(`/api/productCategories/remove/${cat._id}`).set(bearer(wa.token));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/1 active product\b/);
  });

  it('refuses an update that drops a unit or specification active products use', async () => {
    const cat = await createCategory(client());
    await createProduct(client(), cat._id, { quantity: ['box'], buffer_stock: { unit_of_measurement: 'box', quantity: 1 } });
    const res = await t.http
      .put(`/api/productCategories/update/${cat._id}`)
      .set(bearer(wa.token))
      .send({ name: cat.name, description: 'd', specifications: ['Size'], quantity_measurement: ['pcs'] });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/"box", "Color"/);
  });

  it('lets every role read but only warehouseAdmin write', async () => {
    const cat = await createCategory(client());
    for (const role of Object.keys(users) as Role[]) {
      expect((await t.http.get('/api/productCategories').set(bearer(users[role].token))).status).toBe(200);
      if (role === 'warehouseAdmin') continue;
      const token = bearer(users[role].token);
      expect((await t.http.post('/api/productCategories/add').set(token).send({ ...valid, name: `X ${role}` })).status).toBe(403);
      expect((await t.http.put(`/api/productCategories/update/${cat._id}`).set(token).send(valid)).status).toBe(403);
      expect((await t.http.delete(`/api/productCategories/remove/${cat._id}`).set(token)).status).toBe(403);
      expect((await t.http.put(`/api/productCategories/activate/${cat._id}`).set(token)).status).toBe(403);
      expect((await t.http.get('/api/productCategories/removed/all').set(token)).status).toBe(403);
    }
    expect((await list()).some((c: { name: string }) => c.name.startsWith('X '))).toBe(false);
    expect((await list()).find((c: { _id: string }) => c._id === cat._id).name).toBe(cat.name);
    expect((await t.http.get('/api/productCategories')).status).toBe(401);
  });

  it.each([
    [{ ...valid, name: '' }, /Missing Category Name/],
    [{ ...valid, description: ' ' }, /Missing Category Description/],
    [{ ...valid, quantity_measurement: [] }, /Missing Quantity Measurement/],
    [{ ...valid, quantity_measurement: ['kg', 'kg'] }, /must not repeat/],
    [{ ...valid, specifications: ['A', ''] }, /must not be blank/],
    [{ ...valid, specifications: ['A', 'A'] }, /must not repeat/],
    [{ name: 'N', description: 'd', specifications: [] }, /Missing Quantity Measurement/],
    [{ ...valid, extra: 1 }, /Unknown field "extra"/],
    [{ ...valid, name: 5 }, /string/],
    [{ ...valid, specifications: 'Color' }, /array/],
    [{ ...valid, name: 'x'.repeat(10_000) }, /shorter than or equal/],
    [{ ...valid, specifications: ['x'.repeat(10_000)] }, /shorter than or equal/],
  ])('rejects bad input #%# with 400 and changes nothing', async (body, message) => {
    const before = await list();
    const res = await t.http.post('/api/productCategories/add').set(bearer(wa.token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await list()).toEqual(before);
  });

  it('answers 400 for malformed ids, 404 for unknown ones, 400 for a mismatched body id', async () => {
    const cat = await createCategory(client());
    expect((await t.http.delete('/api/productCategories/remove/nope').set(bearer(wa.token))).status).toBe(400);
    expect((await t.http.put('/api/productCategories/activate/1').set(bearer(wa.token))).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.delete(`/api/productCategories/remove/${unknown}`).set(bearer(wa.token))).status).toBe(404);
    expect((await t.http.put(`/api/productCategories/update/${unknown}`).set(bearer(wa.token)).send(valid)).status).toBe(404);
    const mismatch = await t.http.put(`/api/productCategories/update/${cat._id}`).set(bearer(wa.token)).send({ ...valid, id: unknown });
    expect(mismatch.status).toBe(400);
    expect((await t.http.put(`/api/productCategories/activate/${cat._id}`).set(bearer(wa.token))).status).toBe(409);
  });
  describe('update and activate with bad input or taken names', () => {
    /** The stored row, timestamps included: "unchanged" means all of it. */
    const stored = async (id: string) => (await t.db.select().from(categories).where(eq(categories.id, id)))[0];
    const update = (id: string, body: unknown) => t.http.put(`/api/productCategories/update/${id}`).set(bearer(wa.token)).send(body as object);

    it.each([
      ['empty name', { name: '' }, /Missing Category Name/],
      ['blank description', { description: '  ' }, /Missing Category Description/],
      ['no units', { quantity_measurement: [] }, /Missing Quantity Measurement/],
      ['repeated unit', { quantity_measurement: ['pcs', 'pcs'] }, /must not repeat/],
      ['blank specification', { specifications: ['Color', ' '] }, /must not be blank/],
      ['extra field', { removed: true }, /Unknown field "removed"/],
      ['name of wrong type', { name: 5 }, /string/],
      ['specifications as text', { specifications: 'Color' }, /array/],
      ['unit of wrong type', { quantity_measurement: ['pcs', 3] }, /string/],
      ['malformed body id', { id: 'abc' }, /id must be a valid id/],
      ['10 kB name', { name: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['10 kB description', { description: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['10 kB specification', { specifications: ['Color', 'x'.repeat(10_000)] }, /shorter than or equal/],
    ])('PUT update rejects %s with 400 and leaves the category unchanged', async (_label, over, message) => {
      const cat = await createCategory(client());
      const before = await stored(cat._id);
      const res = await update(cat._id, { ...valid, name: cat.name, specifications: ['Color', 'Size'], quantity_measurement: ['pcs', 'box'], ...over });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored(cat._id)).toEqual(before);
    });

    it("PUT update answers 409 for another active category's name (any case) and changes nothing", async () => {
      const taken = await createCategory(client());
      const cat = await createCategory(client());
      const before = await stored(cat._id);
      const res = await update(cat._id, { ...valid, id: cat._id, name: taken.name.toUpperCase(), specifications: ['Color', 'Size'], quantity_measurement: ['pcs', 'box'] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`A category named "${taken.name.toUpperCase()}" already exists`);
      expect(await stored(cat._id)).toEqual(before);
      expect((await stored(taken._id)).name).toBe(taken.name);
    });

    it('PUT activate answers 409 when an active category now has the name, and keeps it removed', async () => {
      const old = await createCategory(client());
      await t.http.delete(`/api/productCategories/remove/${old._id}`).set(bearer(wa.token)).expect(200);
      const now = await createCategory(client(), { name: old.name.toLowerCase() });
      const before = await stored(old._id);
      const res = await t.http.put(`/api/productCategories/activate/${old._id}`).set(bearer(wa.token));
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/already exists/);
      expect(await stored(old._id)).toEqual(before);
      expect((await list()).filter((c: { _id: string }) => c._id === old._id || c._id === now._id).map((c: { _id: string }) => c._id)).toEqual([now._id]);
    });

    it('answers 409 for removing a removed category, and 400 for malformed ids on update', async () => {
      const cat = await createCategory(client());
      await t.http.delete(`/api/productCategories/remove/${cat._id}`).set(bearer(wa.token)).expect(200);
      const before = await stored(cat._id);
      const again = await t.http.delete(`/api/productCategories/remove/${cat._id}`).set(bearer(wa.token));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This category is already removed');
      expect(await stored(cat._id)).toEqual(before);
      for (const id of ['abc', '7', `${cat._id}0`]) {
        const res = await update(id, valid);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(`"${id}" is not a valid id`);
      }
    });
  });
});
