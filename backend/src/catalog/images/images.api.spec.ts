import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { bearer, createTestApp, createRoleUsers, createWarehouse, type TestApp, type TestUser } from '../../../test/test-app';
import type { Role } from '@inventory/common';
import { createCategory, createProduct, PNG_1PX } from '../catalog.fixtures';
import { ImageFilesMove } from './image-files-move';
import { firstHalf, jpegOf, noisy, pngOf } from './testing';

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
  /** Every stored image as `{product id}{ext}` (in the database). */
  const imageFiles = async () =>
    ((await t.db.execute(sql`SELECT product_id || extension AS f FROM product_images ORDER BY 1`)) as unknown as { rows: { f: string }[] }).rows.map((r) => r.f);

  it('stores a PNG in the database, serves it at /images, and replaces it with a JPG', async () => {
    const p = await newProduct();
    const res = await upload(p._id, PNG_1PX, 'logo.png');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('logo.png file uploaded successfully');
    expect(res.body.data).toMatchObject({ _id: p._id, image_extension: '.png' });
    const served = await t.http.get(`/images/${p._id}.png`).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG_1PX)).toBe(0);

    const jpg = await upload(p._id, await jpegOf(3, 2), 'photo.jpeg', wa.token, 'one/product');
    expect(jpg.status).toBe(201);
    expect((await product(p._id)).image_extension).toBe('.jpg');
    expect((await imageFiles())).toContain(`${p._id}.jpg`);
    expect((await imageFiles())).not.toContain(`${p._id}.png`);
    expect((await t.http.get(`/images/${p._id}.png`)).status).toBe(404);
    expect((await t.http.get(`/images/${p._id}.jpg`)).headers['content-type']).toBe('image/jpeg');
  });

  it('judges the type by content: a PNG named .jpg is stored as .png', async () => {
    const p = await newProduct();
    const res = await upload(p._id, PNG_1PX, 'renamed.jpg');
    expect(res.status).toBe(201);
    expect(res.body.data.image_extension).toBe('.png');
    expect((await imageFiles())).toContain(`${p._id}.png`);
  });

  it('rejects a text file named .png (415) and a 3 MB image (413), changing nothing', async () => {
    const p = await newProduct();
    const files = (await imageFiles());
    const text = await upload(p._id, Buffer.from('just some text, not an image'), 'fake.png');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('You can only upload JPG/PNG files!');
    const big = await upload(p._id, Buffer.concat([PNG_1PX, Buffer.alloc(3 * 1024 * 1024)]), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Image must be smaller than 2MB!');
    expect((await product(p._id)).image_extension).toBeNull();
    expect((await imageFiles())).toEqual(files);
  });

  it('accepts an image just under 2 MB', async () => {
    const p = await newProduct();
    const res = await upload(p._id, Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 - PNG_1PX.length - 1)]), 'edge.png');
    expect(res.status).toBe(201);
  });

  it('answers 404 for an unknown product, 400 for a malformed id, a missing file or another field, 409 for a removed product', async () => {
    const files = (await imageFiles());
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
    expect((await imageFiles())).toEqual(files);
  });

  describe('accepts only files that decode as JPG or PNG (issue 12, point 17)', () => {
    it('refuses a bare PNG signature and truncated PNG and JPEG files with 400, storing nothing', async () => {
      const p = await newProduct();
      const files = (await imageFiles());
      const cases: [Buffer, string][] = [
        [PNG_1PX.subarray(0, 8), 'signature.png'],
        [firstHalf(await noisy('png')), 'cut.png'],
        [firstHalf(await noisy('jpeg')), 'cut.jpg'],
      ];
      for (const [buf, name] of cases) {
        const res = await upload(p._id, buf, name);
        expect({ name, status: res.status, message: res.body.message }).toEqual({
          name,
          status: 400,
          message: 'The image could not be read: the JPG/PNG file is damaged or incomplete',
        });
      }
      expect((await product(p._id)).image_extension).toBeNull();
      expect((await imageFiles())).toEqual(files);
    });

    it('accepts real PNG and JPEG files made by the image library', async () => {
      const p = await newProduct();
      const png = await upload(p._id, await pngOf(64, 48), 'made.png');
      expect(png.status).toBe(201);
      expect(png.body.data.image_extension).toBe('.png');
      const jpg = await upload(p._id, await noisy('jpeg', 120), 'made.jpg');
      expect(jpg.status).toBe(201);
      expect(jpg.body.data.image_extension).toBe('.jpg');
      expect((await imageFiles()).filter((f) => f.startsWith(p._id))).toEqual([`${p._id}.jpg`]);
    });

    it('refuses more than 8000 pixels a side or 40 megapixels with 413 naming the limit', async () => {
      const p = await newProduct();
      for (const [w, h] of [
        [8001, 1],
        [6400, 6400],
      ]) {
        const res = await upload(p._id, await pngOf(w, h, '#fff'), 'huge.png');
        expect(res.status).toBe(413);
        expect(res.body.message).toBe(`Image must be at most 8000 x 8000 pixels and 40 megapixels (this one is ${w} x ${h})`);
      }
      expect((await upload(p._id, await pngOf(8000, 1, '#fff'), 'wide.png')).status).toBe(201);
    });

    it('never echoes the raw file name: markup, quotes and control characters are dropped', async () => {
      const p = await newProduct();
      const named = async (name: string) => (await upload(p._id, PNG_1PX, name)).body.message;
      expect(await named('<img src=x onerror=alert(1)>.png')).toBe('img srcx onerroralert(1).png file uploaded successfully');
      expect(await named('"quote\'s"\tand tab.png')).toBe('quotes and tab.png file uploaded successfully');
      expect(await named('ምስል ፎቶ.png')).toBe('ምስል ፎቶ.png file uploaded successfully');
      // control characters, in a plain filename="..." or decoded from the RFC 5987 form filename*=, reach the message filter
      const raw = await upload(p._id, PNG_1PX, 'a\u0007b.png');
      expect([raw.status, raw.body.message]).toEqual([201, 'ab.png file uploaded successfully']);
      const encoded = (filename: string) => {
        const boundary = 'x-boundary-x';
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="product_image"; filename*=UTF-8''${filename}\r\nContent-Type: image/png\r\n\r\n`),
          PNG_1PX,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        return t.http.post(`/api/images/save/product/${p._id}`).set(bearer(wa.token)).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body);
      };
      const control = await encoded('%3Cscript%3E%07%1B%5B31m%09x.png');
      expect(control.status).toBe(201);
      expect(control.body.message).toBe('script31m x.png file uploaded successfully');
      // a name holding a line break is dropped with its part by the multipart parser: no file
      const lineBreak = await encoded('a%0D%0Ab.png');
      expect([lineBreak.status, lineBreak.body.message]).toEqual([400, 'Choose an image file (form field "product_image")']);
      const amharic = await encoded(encodeURIComponent('ምስል ፎቶ.png'));
      expect(amharic.body.message).toBe('ምስል ፎቶ.png file uploaded successfully');

      const bad = await upload(p._id, Buffer.from('<b>not an image</b>'), '<b>bold</b>.png');
      expect(bad.status).toBe(415);
      expect(bad.body.message).toBe('You can only upload JPG/PNG files!');
    });
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

/** The public /images route and the one-off move of image files into the database. */
describe('GET /images (public)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('moves image files left in DATA_DIR/images into the database at start and serves them with caching headers', async () => {
    const category = (await t.db.execute(sql`INSERT INTO categories (name, description, quantity_measurement) VALUES (${`Img ${randomUUID()}`}, '', ARRAY['pcs']) RETURNING id`)) as unknown as { rows: { id: string }[] };
    const id = randomUUID();
    await t.db.execute(sql`INSERT INTO products (id, category_id, name, code, units, buffer_unit, image_extension) VALUES (${id}, ${category.rows[0].id}, 'Pictured', ${`IMG-${id}`}, ARRAY['pcs'], 'pcs', '.png')`);
    const dir = path.join(t.dataDir, 'images');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${id}.png`), PNG_1PX);
    fs.writeFileSync(path.join(dir, `${id}.jpg`), await jpegOf(2, 2)); // a leftover the product no longer names
    await t.app.get(ImageFilesMove).onApplicationBootstrap();
    expect(fs.existsSync(dir)).toBe(false);
    expect(fs.readdirSync(`${dir}.moved`).sort()).toEqual([`${id}.jpg`, `${id}.png`]);
    const png = await t.http.get(`/images/${id}.png`).buffer(true);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('public, max-age=3600');
    expect(Buffer.compare(png.body as Buffer, PNG_1PX)).toBe(0);
    const again = await t.http.get(`/images/${id}.png`).set('If-None-Match', png.headers.etag);
    expect(again.status).toBe(304);
    expect((await t.http.get(`/images/${id}.jpg`)).status).toBe(404);
    expect((await t.http.get(`/images/${randomUUID()}.png`)).status).toBe(404);
    expect((await t.http.get('/images/..%2Fsecret.png')).status).toBe(404);
  });
});
