import { eq } from 'drizzle-orm';
import { bearer, createTestApp, createRoleUsers, createWarehouse, type TestApp, type TestUser } from '../../../test/test-app';
import { products } from '../../database/schema';
import type { Role } from '@inventory/common';
import { createCategory, createProduct } from '../catalog.fixtures';

describe('Products API', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let wa: TestUser;
  let cat: { _id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
    wa = users.warehouseAdmin;
    cat = await createCategory({ http: t.http, token: wa.token }, { name: 'Fasteners' });
  });
  afterAll(() => t.close());

  const client = () => ({ http: t.http, token: wa.token });
  const listAll = async () => (await t.http.get('/api/products?limit=100').set(bearer(wa.token))).body.data;
  const valid = () => ({
    category: cat._id,
    name: 'Hex bolt',
    code: `HB-${Math.random().toString(36).slice(2, 8)}`,
    description: 'M8 zinc',
    specifications: [{ name: 'Color', value: 'Silver' }, { name: 'Size', value: 'M8' }],
    quantity: ['pcs', 'box'],
    buffer_stock: { unit_of_measurement: 'box', quantity: 2.5 },
  });

  it('creates, reads, updates, removes and restores a product (warehouseAdmin)', async () => {
    const body = valid();
    const created = await t.http.post('/api/products').set(bearer(wa.token)).send(body);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Product Added Successfully');
    const p = created.body.data;
    expect(p).toMatchObject({
      name: 'Hex bolt',
      code: body.code,
      description: 'M8 zinc',
      category: { _id: cat._id, name: 'Fasteners' },
      specifications: body.specifications,
      quantity: ['pcs', 'box'],
      buffer_stock: { unit_of_measurement: 'box', quantity: 2.5 },
      image_extension: null,
      removed: false,
    });
    expect(Object.keys(p).sort()).toEqual(
      ['_id', 'name', 'code', 'description', 'category', 'specifications', 'quantity', 'buffer_stock', 'image_extension', 'removed', 'createdAt', 'updatedAt'].sort(),
    );
    expect((await t.http.get(`/api/products/${p._id}`).set(bearer(users.sales.token))).body.data).toEqual(p);

    const upd = await t.http
      .patch(`/api/products/${p._id}`)
      .set(bearer(wa.token))
      .send({ id: p._id, name: 'Hex bolt 2', quantity: ['pcs'], category: cat._id, description: 'M8', bufferStock: { unit_of_measurement: 'pcs', quantity: 10 } });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Product Updated Successfully');
    expect(upd.body.data).toMatchObject({ name: 'Hex bolt 2', quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'pcs', quantity: 10 }, code: body.code });
    const upd2 = await t.http.patch(`/api/products/${p._id}`).set(bearer(wa.token)).send({ buffer_stock: { unit_of_measurement: 'pcs', quantity: 0 } });
    expect(upd2.body.data.buffer_stock.quantity).toBe(0);

    const del = await t.http.delete(`/api/products/${p._id}`).set(bearer(wa.token));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Product deleted successfully');
    expect((await listAll()).products.some((x: { _id: string }) => x._id === p._id)).toBe(false);
    const removed = (await t.http.get('/api/products/removed/all').set(bearer(wa.token))).body.data;
    expect(removed.products.map((x: { _id: string }) => x._id)).toContain(p._id);
    expect(removed.total_count).toBeGreaterThanOrEqual(1);

    const act = await t.http.patch(`/api/products/activate/${p._id}`).set(bearer(wa.token));
    expect(act.status).toBe(200);
    expect(act.body.message).toBe('Product Activated successfully');
    expect((await listAll()).products.some((x: { _id: string }) => x._id === p._id)).toBe(true);
  });

  it('pages the list with total_count', async () => {
    await Promise.all([1, 2, 3].map(() => createProduct(client(), cat._id)));
    const all = await listAll();
    const page = (await t.http.get('/api/products?page=2&limit=2').set(bearer(users.finance.token))).body.data;
    expect(page.total_count).toBe(all.total_count);
    expect(page.products.map((x: { _id: string }) => x._id)).toEqual(all.products.slice(2, 4).map((x: { _id: string }) => x._id));
  });

  it('searches name, code, description and category name case-insensitively (GET and POST)', async () => {
    const other = await createCategory(client(), { name: 'Zebra Tools' });
    const a = await createProduct(client(), other._id, { name: 'Quartz widget', code: 'QW-77', description: 'plain' });
    const b = await createProduct(client(), cat._id, { name: 'Plain', code: 'ZZ-1', description: 'has QUARTZ inside' });
    const ids = (d: { products: { _id: string }[] }) => d.products.map((x) => x._id).sort();
    const get = (await t.http.get('/api/products/search?query=quartz').set(bearer(users.importAdmin.token))).body.data;
    expect(ids(get)).toEqual([a._id, b._id].sort());
    expect(get.total_count).toBe(2);
    expect(ids((await t.http.get('/api/products/search?query=qw-7').set(bearer(wa.token))).body.data)).toEqual([a._id]);
    expect(ids((await t.http.get('/api/products/search?query=zebra').set(bearer(wa.token))).body.data)).toEqual([a._id]);
    const post = await t.http.post('/api/products/search?page=1&limit=50').set(bearer(users.sales.token)).send({ query: 'QUARTZ', page: 2, limit: 1 });
    expect(post.status).toBe(200);
    expect(post.body.data.total_count).toBe(2);
    expect(post.body.data.products).toHaveLength(1);
    expect((await t.http.get('/api/products/search?query=%25').set(bearer(wa.token))).body.data.total_count).toBe(0);
    // one text per product is searched (its fields joined by a unit separator): a term never matches across two fields
    for (const query of ['widgetqw', 'widget qw', 'widget\x1fqw-77', 'qw-77\x1fplain']) {
      expect((await t.http.post('/api/products/search').set(bearer(wa.token)).send({ query })).body.data.total_count).toBe(0);
    }
    expect((await t.http.post('/api/products/search').set(bearer(wa.token)).send({ query: 'widget' })).body.data.total_count).toBe(1);
  });

  it('answers 409 for a duplicate active code (case-insensitive) and allows it once the other is removed', async () => {
    const first = await createProduct(client(), cat._id, { code: 'DUP-1' });
    const before = await listAll();
    const res = await t.http.post('/api/products').set(bearer(wa.token)).send({ ...valid(), code: 'dup-1' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/DUP-1|dup-1/);
    expect(await listAll()).toEqual(before);
    await t.http.delete(`/api/products/${first._id}`).set(bearer(wa.token)).expect(200);
    await createProduct(client(), cat._id, { code: 'DUP-1' });
    const act = await t.http.patch(`/api/products/activate/${first._id}`).set(bearer(wa.token));
    expect(act.status).toBe(409);
  });

  it.each([
    ['specification not in the category', { specifications: [{ name: 'Weight', value: '1' }] }, 400, /"Weight".*not specifications/],
    ['repeated specification', { specifications: [{ name: 'Color', value: 'a' }, { name: 'Color', value: 'b' }] }, 400, /must not repeat/],
    ['unit not in the category', { quantity: ['pcs', 'kg'] }, 400, /"kg".*not units/],
    ['buffer unit not among the units', { quantity: ['pcs'], buffer_stock: { unit_of_measurement: 'box', quantity: 1 } }, 400, /"box" is not one of/],
    ['negative buffer quantity', { buffer_stock: { unit_of_measurement: 'pcs', quantity: -1 } }, 400, /must not be negative/],
    ['buffer quantity as text', { buffer_stock: { unit_of_measurement: 'pcs', quantity: '5' } }, 400, /must be a number/],
    ['missing buffer stock', { buffer_stock: undefined }, 400, /Missing Buffer Stock/],
    ['missing category', { category: undefined }, 400, /Missing Product Category/],
    ['missing name', { name: '' }, 400, /Missing Product Name/],
    ['missing code', { code: ' ' }, 400, /Missing Product Code/],
    ['missing description', { description: undefined }, 400, /Missing Product Description/],
    ['no units', { quantity: [] }, 400, /Missing Product Quantity Measurement/],
    ['extra field', { colour: 'red' }, 400, /Unknown field "colour"/],
    ['name of wrong type', { name: 42 }, 400, /string/],
    ['malformed category id', { category: 'abc' }, 400, /Missing Product Category/],
    ['unknown category', { category: '00000000-0000-4000-8000-000000000000' }, 404, /category not found/],
    ['10 kB name', { name: 'x'.repeat(10_000) }, 400, /shorter than or equal/],
    ['10 kB specification value', { specifications: [{ name: 'Color', value: 'x'.repeat(10_000) }] }, 400, /shorter than or equal/],
  ])('rejects %s and changes nothing', async (_label, patch, status, message) => {
    const before = await listAll();
    const res = await t.http.post('/api/products').set(bearer(wa.token)).send({ ...valid(), ...patch });
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await listAll()).toEqual(before);
  });

  it('rejects a removed category (create and update) with 409', async () => {
    const gone = await createCategory(client());
    await t.http.delete(`/api/productCategories/remove/${gone._id}`).set(bearer(wa.token)).expect(200);
    const before = await listAll();
    const res = await t.http.post('/api/products').set(bearer(wa.token)).send({ ...valid(), category: gone._id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is removed/);
    const p = await createProduct(client(), cat._id);
    const upd = await t.http.patch(`/api/products/${p._id}`).set(bearer(wa.token)).send({ category: gone._id });
    expect(upd.status).toBe(409);
    expect((await t.http.get(`/api/products/${p._id}`).set(bearer(wa.token))).body.data.category._id).toBe(cat._id);
    expect((await listAll()).total_count).toBe(before.total_count + 1);
  });

  it('checks a partial update as a whole and changes nothing when it fails', async () => {
    const p = await createProduct(client(), cat._id, { quantity: ['pcs', 'box'], buffer_stock: { unit_of_measurement: 'box', quantity: 1 } });
    const before = (await t.http.get(`/api/products/${p._id}`).set(bearer(wa.token))).body.data;
    for (const body of [{ quantity: ['pcs'] }, { specifications: [{ name: 'Nope', value: 'x' }] }, { buffer_stock: { unit_of_measurement: 'kg', quantity: 1 } }, { id: cat._id }, { bufferStock: 5 }]) {
      expect((await t.http.patch(`/api/products/${p._id}`).set(bearer(wa.token)).send(body)).status).toBe(400);
    }
    expect((await t.http.get(`/api/products/${p._id}`).set(bearer(wa.token))).body.data).toEqual(before);
  });

  it('lets every role read but only warehouseAdmin write', async () => {
    const p = await createProduct(client(), cat._id);
    const before = await listAll();
    for (const role of Object.keys(users) as Role[]) {
      const token = bearer(users[role].token);
      expect((await t.http.get('/api/products').set(token)).status).toBe(200);
      expect((await t.http.get('/api/products/search?query=a').set(token)).status).toBe(200);
      expect((await t.http.post('/api/products/search').set(token).send({ query: 'a' })).status).toBe(200);
      expect((await t.http.get('/api/products/removed/all').set(token)).status).toBe(200);
      if (role === 'warehouseAdmin') continue;
      expect((await t.http.post('/api/products').set(token).send(valid())).status).toBe(403);
      expect((await t.http.patch(`/api/products/${p._id}`).set(token).send({ name: 'X' })).status).toBe(403);
      expect((await t.http.delete(`/api/products/${p._id}`).set(token)).status).toBe(403);
      expect((await t.http.patch(`/api/products/activate/${p._id}`).set(token)).status).toBe(403);
    }
    expect(await listAll()).toEqual(before);
    expect((await t.http.get('/api/products')).status).toBe(401);
  });

  it('answers 400 for malformed ids and paging, 404 for unknown products', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.get('/api/products/not-an-id').set(bearer(wa.token))).status).toBe(400);
    expect((await t.http.delete('/api/products/123').set(bearer(wa.token))).status).toBe(400);
    expect((await t.http.get(`/api/products/${unknown}`).set(bearer(wa.token))).status).toBe(404);
    expect((await t.http.patch(`/api/products/${unknown}`).set(bearer(wa.token)).send({ name: 'x' })).status).toBe(404);
    expect((await t.http.patch(`/api/products/activate/${unknown}`).set(bearer(wa.token))).status).toBe(404);
    expect((await t.http.get('/api/products?limit=500').set(bearer(wa.token))).status).toBe(400);
    expect((await t.http.post('/api/products/search').set(bearer(wa.token)).send({ query: 5 })).status).toBe(400);
    expect((await t.http.get(`/api/products/search?query=${'x'.repeat(10_000)}`).set(bearer(wa.token))).status).toBe(400);
  });
  describe('update with bad input or a taken code', () => {
    /** The stored row, timestamps included: "unchanged" means all of it. */
    const stored = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
    const patch = (id: string, body: unknown) => t.http.patch(`/api/products/${id}`).set(bearer(wa.token)).send(body as object);

    it.each([
      ['extra field', { colour: 'red' }, /Unknown field "colour"/],
      ['blank name', { name: ' ' }, /Missing Product Name/],
      ['blank code', { code: '' }, /Missing Product Code/],
      ['name of wrong type', { name: 42 }, /string/],
      ['code of wrong type', { code: { a: 1 } }, /string/],
      ['units as text', { quantity: 'pcs' }, /array/],
      ['no units', { quantity: [] }, /Missing Product Quantity Measurement/],
      ['buffer quantity as text', { buffer_stock: { unit_of_measurement: 'pcs', quantity: '5' } }, /must be a number/],
      ['negative buffer quantity', { bufferStock: { unit_of_measurement: 'pcs', quantity: -2 } }, /must not be negative/],
      ['malformed category', { category: 'abc' }, /Missing Product Category/],
      ['malformed body id', { id: 'abc' }, /id must be a valid id/],
      ['10 kB name', { name: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['10 kB code', { code: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['10 kB description', { description: 'x'.repeat(10_000) }, /shorter than or equal/],
      ['10 kB specification value', { specifications: [{ name: 'Color', value: 'x'.repeat(10_000) }] }, /shorter than or equal/],
    ])('PATCH rejects %s with 400 and leaves the product unchanged', async (_label, body, message) => {
      const p = await createProduct(client(), cat._id);
      const before = await stored(p._id);
      const res = await patch(p._id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await stored(p._id)).toEqual(before);
    });

    it("PATCH answers 409 for another active product's code (any case) and changes nothing; its own code in another case is fine", async () => {
      const taken = await createProduct(client(), cat._id, { code: `TAKEN-${Math.random().toString(36).slice(2, 8)}` });
      const p = await createProduct(client(), cat._id);
      const before = await stored(p._id);
      const res = await patch(p._id, { code: taken.code.toLowerCase(), name: 'Should not stick' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`A product with code "${taken.code.toLowerCase()}" already exists`);
      expect(await stored(p._id)).toEqual(before);
      expect((await stored(taken._id)).code).toBe(taken.code);
      const own = await patch(p._id, { code: p.code.toLowerCase() });
      expect(own.status).toBe(200);
      expect(own.body.data.code).toBe(p.code.toLowerCase());
    });

    it('PATCH may give the code of a removed product, and answers 400 for malformed ids', async () => {
      const gone = await createProduct(client(), cat._id);
      await t.http.delete(`/api/products/${gone._id}`).set(bearer(wa.token)).expect(200);
      const p = await createProduct(client(), cat._id);
      const res = await patch(p._id, { code: gone.code });
      expect(res.status).toBe(200);
      expect((await stored(p._id)).code).toBe(gone.code);
      for (const id of ['abc', '9', `${p._id}9`]) {
        const bad = await patch(id, { name: 'x' });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe(`"${id}" is not a valid id`);
      }
    });

    it('answers 409 for activating an active product and removing a removed one, changing nothing', async () => {
      const p = await createProduct(client(), cat._id);
      const beforeActive = await stored(p._id);
      const active = await t.http.patch(`/api/products/activate/${p._id}`).set(bearer(wa.token));
      expect(active.status).toBe(409);
      expect(active.body.message).toBe('This product is already active');
      expect(await stored(p._id)).toEqual(beforeActive);
      await t.http.delete(`/api/products/${p._id}`).set(bearer(wa.token)).expect(200);
      const beforeRemoved = await stored(p._id);
      const again = await t.http.delete(`/api/products/${p._id}`).set(bearer(wa.token));
      expect(again.status).toBe(409);
      expect(await stored(p._id)).toEqual(beforeRemoved);
    });
  });
});
