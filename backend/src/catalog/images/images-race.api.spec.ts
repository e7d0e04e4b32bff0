import { processesOnServer, signIn, type ApiProcess, type ProcessGroup } from '../../../test/api-process';
import { createTestApp, createUser, createWarehouse, STRONG_PASSWORD, uniq, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct } from '../catalog.fixtures';
import { jpegOf, pngOf } from './testing';

/** Uploads to one product at once: the last one wins, atomically, never a 500. */

const UPLOADS = 40;

/** 40 distinct files, PNG and JPEG mixed (sizes differ so each is its own file). */
async function mixedImages(): Promise<{ buf: Buffer; name: string; type: string }[]> {
  return Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) =>
      i % 2 === 0
        ? { buf: await pngOf(10 + i, 10), name: `p${i}.png`, type: 'image/png' }
        : { buf: await jpegOf(10 + i, 10), name: `j${i}.jpg`, type: 'image/jpeg' },
    ),
  );
}

/**
 * What must hold after the burst: the product's recorded extension is the stored image's, served
 * with 200 and its type by `http`; the other extension answers 404 (one image per product).
 */
async function expectOneStoredImage(get: (path: string) => Promise<{ status: number; type: string | null }>, productId: string, ext: string): Promise<void> {
  expect(['.png', '.jpg']).toContain(ext);
  expect(await get(`/images/${productId}${ext}`)).toEqual({ status: 200, type: ext === '.png' ? 'image/png' : 'image/jpeg' });
  expect((await get(`/images/${productId}${ext === '.png' ? '.jpg' : '.png'}`)).status).toBe(404);
}

describe('Concurrent uploads to one product, in one process', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await createUser(t, 'warehouseAdmin', await createWarehouse(t))).token;
  }, 120_000);
  afterAll(() => t.close());

  it('answers 201 to all 40 and leaves exactly the stored image, served with 200', async () => {
    const client = { http: t.http, token };
    const product = await createProduct(client, (await createCategory(client))._id);
    const images = await mixedImages();
    const results = await Promise.all(
      images.map((img) =>
        t.http.post(`/api/images/save/product/${product._id}`).set({ Authorization: `Bearer ${token}` }).attach('product_image', img.buf, img.name),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(images.map(() => 201));
    const ext: string = (await t.http.get(`/api/products/${product._id}`).set({ Authorization: `Bearer ${token}` })).body.data.image_extension;
    await expectOneStoredImage(async (p) => {
      const res = await t.http.get(p);
      return { status: res.status, type: res.status === 200 ? String(res.headers['content-type']) : null };
    }, product._id, ext);
  });
});

/**
 * Two API processes on one PostgreSQL database, each with a DATA_DIR of its own (images
 * live in the database, so either serves what the other stored). CI runs it with TEST_DATABASE_URL.
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('Concurrent uploads to one product, in two API processes', () => {
  let group: ProcessGroup;
  let procs: ApiProcess[] = [];
  let token: string;

  const call = async (p: ApiProcess, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${p.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };

  beforeAll(async () => {
    group = await processesOnServer(process.env.TEST_DATABASE_URL!, 2);
    procs = group.procs;
    token = await signIn(procs[0]);
    const warehouse = (await call(procs[0], 'POST', '/api/warehouses', { name: `W ${uniq()}`, address: 'Addis Ababa' })).body.data._id;
    const email = `wa.${uniq()}@test.local`;
    const user = { first_name: 'Image', last_name: 'Admin', phone: '911223344', email, role: 'warehouseAdmin', password: STRONG_PASSWORD, warehouse };
    expect((await call(procs[0], 'POST', '/api/users/register', user)).status).toBe(201);
    token = await signIn(procs[1], email, STRONG_PASSWORD);
  }, 180_000);
  afterAll(() => group?.stop());

  it('answers 201 to all 40 across both and leaves exactly the stored image, served by both', async () => {
    const category = await call(procs[0], 'POST', '/api/productCategories/add', {
      name: `Category ${uniq()}`,
      description: 'Images',
      specifications: ['Color'],
      quantity_measurement: ['pcs'],
    });
    const product = await call(procs[1], 'POST', '/api/products', {
      category: category.body.data._id,
      name: `Product ${uniq()}`,
      code: `P-${uniq()}`,
      description: 'Raced image',
      specifications: [{ name: 'Color', value: 'Red' }],
      quantity: ['pcs'],
      buffer_stock: { unit_of_measurement: 'pcs', quantity: 1 },
    });
    const id = product.body.data._id as string;
    const images = await mixedImages();
    const statuses = await Promise.all(
      images.map(async (img, i) => {
        const form = new FormData();
        form.append('product_image', new Blob([new Uint8Array(img.buf)], { type: img.type }), img.name);
        const res = await fetch(`${procs[i % 2].url}/api/images/save/product/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
        return res.status;
      }),
    );
    expect(statuses).toEqual(images.map(() => 201));
    const ext = (await call(procs[0], 'GET', `/api/products/${id}`)).body.data.image_extension as string;
    for (const p of procs) {
      await expectOneStoredImage(async (route) => {
        const res = await fetch(`${p.url}${route}`);
        return { status: res.status, type: res.status === 200 ? res.headers.get('content-type') : null };
      }, id, ext);
    }
  });
});
