import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { AbstractLoader, ExpressLoader } from '@nestjs/serve-static';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../app.module';
import { configureApp } from '../../app.setup';
import { openDatabase } from '../../database/database';
import { DB_HANDLE } from '../../database/database.module';
import { bearer, createTestApp, createRoleUsers, createWarehouse, type TestApp, type TestUser } from '../../../test/test-app';
import type { Role } from '../../common/auth/permissions';
import { createCategory, createProduct, JPEG_HEAD, PNG_1PX } from '../catalog.fixtures';

describe('Product images API', () => {
  let t: TestApp;
  let users: Record<Role, TestUser>;
  let wa: TestUser;
  let catId: string;

  beforeAll(async () => {
    t = await createTestApp();
    users = await createRoleUsers(t, await createWarehouse(t));
    wa = users.warehouseAdmin;
    catId = (await createCategory({ http: t.http, token: wa.token }))._id;
  });
  afterAll(() => t.close());

  const newProduct = () => createProduct({ http: t.http, token: wa.token }, catId);
  const upload = (id: string, buf: Buffer, filename: string, token = wa.token, route = 'images/save/product') =>
    t.http.post(`/api/${route}/${id}`).set(bearer(token)).attach('product_image', buf, filename);
  const product = async (id: string) => (await t.http.get(`/api/products/${id}`).set(bearer(wa.token))).body.data;
  const imageFiles = () => (fs.existsSync(path.join(t.dataDir, 'images')) ? fs.readdirSync(path.join(t.dataDir, 'images')).sort() : []);

  it('stores a PNG under DATA_DIR/images and replaces it with a JPG', async () => {
    const p = await newProduct();
    const res = await upload(p._id, PNG_1PX, 'logo.png');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('logo.png file uploaded successfully');
    expect(res.body.data).toMatchObject({ _id: p._id, image_extension: '.png' });
    expect(Buffer.compare(fs.readFileSync(path.join(t.dataDir, 'images', `${p._id}.png`)), PNG_1PX)).toBe(0);

    const jpg = await upload(p._id, JPEG_HEAD, 'photo.jpeg', wa.token, 'one/product');
    expect(jpg.status).toBe(201);
    expect((await product(p._id)).image_extension).toBe('.jpg');
    expect(imageFiles()).toContain(`${p._id}.jpg`);
    expect(imageFiles()).not.toContain(`${p._id}.png`);
  });

  it('judges the type by content: a PNG named .jpg is stored as .png', async () => {
    const p = await newProduct();
    const res = await upload(p._id, PNG_1PX, 'renamed.jpg');
    expect(res.status).toBe(201);
    expect(res.body.data.image_extension).toBe('.png');
    expect(imageFiles()).toContain(`${p._id}.png`);
  });

  it('rejects a text file named .png (415) and a 3 MB image (413), changing nothing', async () => {
    const p = await newProduct();
    const files = imageFiles();
    const text = await upload(p._id, Buffer.from('just some text, not an image'), 'fake.png');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('You can only upload JPG/PNG files!');
    const big = await upload(p._id, Buffer.concat([PNG_1PX, Buffer.alloc(3 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Image must be smaller than 2MB!');
    expect((await product(p._id)).image_extension).toBeNull();
    expect(imageFiles()).toEqual(files);
  });

  it('accepts an image just under 2 MB', async () => {
    const p = await newProduct();
    const res = await upload(p._id, Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 - PNG_1PX.length - 1)]), 'edge.png');
    expect(res.status).toBe(201);
  });

  it('answers 404 for an unknown product, 400 for a malformed id, a missing file or another field, 409 for a removed product', async () => {
    const files = imageFiles();
    expect((await upload('00000000-0000-4000-8000-000000000000', PNG_1PX, 'a.png')).status).toBe(404);
    expect((await upload('nope', PNG_1PX, 'a.png')).status).toBe(400);
    const p = await newProduct();
    const none = await t.http.post(`/api/images/save/product/${p._id}`).set(bearer(wa.token)).field('x', 'y');
    expect(none.status).toBe(400);
    const other = await t.http.post(`/api/images/save/product/${p._id}`).set(bearer(wa.token)).attach('picture', PNG_1PX, 'a.png');
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/product_image/);
    await t.http.delete(`/api/products/${p._id}`).set(bearer(wa.token)).expect(200);
    expect((await upload(p._id, PNG_1PX, 'a.png')).status).toBe(409);
    expect(imageFiles()).toEqual(files);
  });

  it('lets only warehouseAdmin upload', async () => {
    const p = await newProduct();
    for (const role of Object.keys(users) as Role[]) {
      if (role === 'warehouseAdmin') continue;
      expect((await upload(p._id, PNG_1PX, 'a.png', users[role].token)).status).toBe(403);
      expect((await upload(p._id, PNG_1PX, 'a.png', users[role].token, 'one/product')).status).toBe(403);
    }
    expect((await t.http.post(`/api/one/product/${p._id}`).attach('product_image', PNG_1PX, 'a.png')).status).toBe(401);
    expect((await product(p._id)).image_extension).toBeNull();
  });
});

/**
 * The public /images route. test/test-app.ts compiles the module before an HTTP adapter exists,
 * so @nestjs/serve-static falls back to its no-op loader there; this app forces the Express
 * loader, as NestFactory (main.ts) effectively does.
 */
describe('GET /images (public)', () => {
  let app: INestApplication;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-images-'));
    Object.assign(process.env, { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret' });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(DB_HANDLE)
      .useValue(await openDatabase(undefined, 'memory://'))
      .overrideProvider(AbstractLoader)
      .useClass(ExpressLoader)
      .compile();
    app = configureApp(moduleRef.createNestApplication({ logger: ['error'] }));
    await app.init();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a stored image without a token, with its Content-Type and a Cache-Control header', async () => {
    const id = randomUUID();
    fs.mkdirSync(path.join(dataDir, 'images'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'images', `${id}.png`), PNG_1PX);
    fs.writeFileSync(path.join(dataDir, 'images', `${id}.jpg`), JPEG_HEAD);
    const png = await request(app.getHttpServer()).get(`/images/${id}.png`);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(Buffer.compare(png.body as Buffer, PNG_1PX)).toBe(0);
    expect((await request(app.getHttpServer()).get(`/images/${id}.jpg`)).headers['content-type']).toBe('image/jpeg');
    expect((await request(app.getHttpServer()).get(`/images/${randomUUID()}.png`)).status).toBe(404);
  });
});
