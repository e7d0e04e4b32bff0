import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import type TestAgent from 'supertest/lib/agent';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { APP_OPTIONS, createHttpAdapter } from '../src/common/http/http-adapter';
import { loadConfig } from '../src/config/app-config';
import { DB_HANDLE } from '../src/database/database.module';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, TEST_JWT_SECRET } from './test-app';
import { freshDatabase, type FreshDatabase } from './test-db';

/**
 * Every /api answer carries `Cache-Control: no-store`; product images keep
 * their own caching (served from the database). The app is set up as in main.ts.
 */
describe('Cache-Control on API answers (issue 12, point 24)', () => {
  let app: NestFastifyApplication;
  let http: TestAgent;
  let database: FreshDatabase;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-control-'));

  beforeAll(async () => {
    Object.assign(process.env, { NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD });
    delete process.env.DATABASE_URL;
    database = await freshDatabase();
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(DB_HANDLE)
      .useValue(database.handle)
      .compile();
    app = await configureApp(moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(loadConfig()), { ...APP_OPTIONS, logger: ['error'] }));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    http = request(app.getHttpServer());
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends no-store on success, error, login, unknown routes and the OpenAPI document', async () => {
    const token = (await http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body.data.token as string;
    const answers = await Promise.all([
      http.get('/api/users').set(bearer(token)),
      http.get('/api/users'),
      http.post('/api/users/login').send({ email: 'nobody@test.local', password: 'Wrong#Pass1' }),
      http.post('/api/warehouses').set(bearer(token)).send({}),
      http.get('/api/no-such-route').set(bearer(token)),
      http.get('/api/docs-json'),
    ]);
    expect(answers.map((r) => [r.status, r.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [401, 'no-store'],
      [400, 'no-store'],
      [404, 'no-store'],
      [200, 'no-store'],
    ]);
  });

  it('leaves product images cacheable', async () => {
    const db = database.handle.db;
    const id = randomUUID();
    const [category] = ((await db.execute(sql`INSERT INTO categories (name, description, quantity_measurement) VALUES ('Cache', '', ARRAY['pcs']) RETURNING id`)) as unknown as { rows: { id: string }[] }).rows;
    await db.execute(sql`INSERT INTO products (id, category_id, name, code, units, buffer_unit, image_extension) VALUES (${id}, ${category.id}, 'Cached', 'CACHE-1', ARRAY['pcs'], 'pcs', '.png')`);
    await db.execute(sql`INSERT INTO product_images (product_id, extension, content, etag) VALUES (${id}, '.png', decode('89504e470d0a1a0a', 'hex'), '"cache-test"')`);
    const res = await http.get(`/images/${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toBe('"cache-test"');
  });
});
