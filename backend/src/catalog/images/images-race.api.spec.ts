import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { AbstractLoader, ExpressLoader } from '@nestjs/serve-static';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AppModule } from '../../app.module';
import { configureApp } from '../../app.setup';
import { DB_HANDLE } from '../../database/database.module';
import { signIn, startApiProcess, tempDataDir, type ApiProcess } from '../../../test/api-process';
import { createServerDatabase, freshDatabase } from '../../../test/test-db';
import { ADMIN_EMAIL, ADMIN_PASSWORD, STRONG_PASSWORD, TEST_JWT_SECRET, uniq } from '../../../test/test-app';
import { createCategory, createProduct } from '../catalog.fixtures';
import { jpegOf, pngOf, storedImages } from './testing';

/** Uploads to one product at once (issue 12, point 16): the last one wins, atomically, never a 500. */

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

/** What must hold after the burst: one file, the stored extension's, served with 200; no temp file. */
function expectOneStoredImage(dataDir: string, productId: string, ext: string): void {
  expect(['.png', '.jpg']).toContain(ext);
  expect(storedImages(dataDir, productId)).toEqual({ files: [`${productId}${ext}`], temps: [] });
}

/** The whole app with the Express static loader, so GET /images works in-process (see images.api.spec.ts). */
async function appWithImages(): Promise<{ app: INestApplication; http: TestAgent; dataDir: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-race-'));
  Object.assign(process.env, { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD });
  delete process.env.DATABASE_URL;
  const { handle, drop } = await freshDatabase();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(DB_HANDLE)
    .useValue(handle)
    .overrideProvider(AbstractLoader)
    .useClass(ExpressLoader)
    .compile();
  const app = configureApp(moduleRef.createNestApplication({ logger: ['error'] }));
  await app.init();
  return {
    app,
    http: request(app.getHttpServer()),
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('Concurrent uploads to one product, in one process', () => {
  let t: Awaited<ReturnType<typeof appWithImages>>;
  let token: string;

  beforeAll(async () => {
    t = await appWithImages();
    const admin = (await t.http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body.data.token;
    const bearer = { Authorization: `Bearer ${admin}` };
    const warehouse = (await t.http.post('/api/warehouses').set(bearer).send({ name: `W ${uniq()}`, address: 'Addis Ababa' })).body.data._id;
    const email = `wa.${uniq()}@test.local`;
    await t.http
      .post('/api/users/register')
      .set(bearer)
      .send({ first_name: 'Image', last_name: 'Admin', phone: '911223344', email, role: 'warehouseAdmin', password: STRONG_PASSWORD, warehouse })
      .expect(201);
    token = (await t.http.post('/api/users/login').send({ email, password: STRONG_PASSWORD })).body.data.token;
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
    expectOneStoredImage(t.dataDir, product._id, ext);
    const served = await t.http.get(`/images/${product._id}${ext}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe(ext === '.png' ? 'image/png' : 'image/jpeg');
  });
});

/** Two API processes sharing DATA_DIR and one PostgreSQL database (CI runs it with TEST_DATABASE_URL). */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('Concurrent uploads to one product, in two API processes', () => {
  let procs: ApiProcess[] = [];
  let dataDir: string;
  let drop: () => Promise<void>;
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
    const db = await createServerDatabase(process.env.TEST_DATABASE_URL!);
    drop = db.drop;
    dataDir = tempDataDir();
    // one after the other: each applies the migrations at start
    for (let i = 0; i < 2; i++) procs.push(await startApiProcess({ DATABASE_URL: db.url, DATA_DIR: dataDir }));
    token = await signIn(procs[0]);
    const warehouse = (await call(procs[0], 'POST', '/api/warehouses', { name: `W ${uniq()}`, address: 'Addis Ababa' })).body.data._id;
    const email = `wa.${uniq()}@test.local`;
    const user = { first_name: 'Image', last_name: 'Admin', phone: '911223344', email, role: 'warehouseAdmin', password: STRONG_PASSWORD, warehouse };
    expect((await call(procs[0], 'POST', '/api/users/register', user)).status).toBe(201);
    token = await signIn(procs[1], email, STRONG_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    procs = [];
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

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
    expectOneStoredImage(dataDir, id, ext);
    for (const p of procs) expect((await fetch(`${p.url}/images/${id}${ext}`)).status).toBe(200);
  });
});
