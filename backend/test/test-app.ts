import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { APP_OPTIONS, createHttpAdapter } from '../src/common/http/http-adapter';
import { loadConfig } from '../src/config/app-config';
import { DB_HANDLE } from '../src/database/database.module';
import type { Database } from '../src/database/database';
import { freshDatabase } from './test-db';
import type { Role } from '@inventory/common';
import { incomingFixture, type IncomingFixture } from '../src/incoming/testing';

export const ADMIN_EMAIL = 'admin@test.local';
export const ADMIN_PASSWORD = 'Admin#Pass1!';
export const STRONG_PASSWORD = 'Str0ng@Pass';
/** The JWT secret of every test app (tokens signed with anything else are refused). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret';

/** A running app on a fresh database, with helpers that go through the real API. */
export interface TestApp {
  app: NestFastifyApplication;
  http: TestAgent;
  db: Database;
  driver: 'pglite' | 'postgres';
  adminToken: string;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the whole app (every module, guards, pipes, filter, on the adapter and setup of main.ts) on a fresh database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...env,
  });
  delete process.env.DATABASE_URL;
  const { handle, drop } = await freshDatabase();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(DB_HANDLE)
    .useValue(handle)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(loadConfig()), { ...APP_OPTIONS, logger: ['error'] });
  await configureApp(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const http = request(app.getHttpServer());
  const login = await http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return {
    app,
    http,
    db: handle.db,
    driver: handle.driver,
    adminToken: login.body.data.token,
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `Authorization` header value for a token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let seq = 0;
/** A unique suffix for names, emails and references within a run. */
export const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Creates a warehouse through the API as admin; returns its id. */
export async function createWarehouse(t: TestApp, name = `Warehouse ${uniq()}`): Promise<string> {
  const res = await t.http.post('/api/warehouses').set(bearer(t.adminToken)).send({ name, address: 'Addis Ababa' });
  if (res.status !== 201) throw new Error(`createWarehouse: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id;
}

/** A signed-in staff member created through the API. */
export interface TestUser {
  id: string;
  email: string;
  token: string;
  role: Role;
  warehouse: string | null;
}

/** Registers a user with `role` (and warehouse) as admin, signs in, returns id and token. */
export async function createUser(t: TestApp, role: Role, warehouse: string | null = null): Promise<TestUser> {
  const email = `${role.toLowerCase()}.${uniq()}@test.local`;
  const res = await t.http
    .post('/api/users/register')
    .set(bearer(t.adminToken))
    .send({ first_name: 'Test', last_name: role, phone: '911223344', email, role, password: STRONG_PASSWORD, ...(warehouse ? { warehouse } : {}) });
  if (res.status !== 201) throw new Error(`createUser: ${res.status} ${JSON.stringify(res.body)}`);
  const login = await t.http.post('/api/users/login').send({ email, password: STRONG_PASSWORD });
  return { id: res.body.data._id, email, token: login.body.data.token, role, warehouse };
}

/** One signed-in user per role; warehouseAdmin tied to `warehouse`. */
export async function createRoleUsers(t: TestApp, warehouse: string): Promise<Record<Role, TestUser>> {
  const admin: TestUser = { id: '', email: ADMIN_EMAIL, token: t.adminToken, role: 'admin', warehouse: null };
  const [warehouseAdmin, finance, salesSupervisor, importAdmin, sales] = await Promise.all([
    createUser(t, 'warehouseAdmin', warehouse),
    createUser(t, 'finance'),
    createUser(t, 'salesSupervisor'),
    createUser(t, 'importAdmin'),
    createUser(t, 'sales'),
  ]);
  return { admin, warehouseAdmin, finance, salesSupervisor, importAdmin, sales };
}

/**
 * The setup of the list specs: an app, two warehouses, one user per role (warehouseAdmin in the
 * first), the second warehouse's admin, and two products (see {@link incomingFixture}).
 */
export async function createListsApp(): Promise<{ t: TestApp; fx: IncomingFixture }> {
  const t = await createTestApp();
  const warehouse = await createWarehouse(t);
  const otherWarehouse = await createWarehouse(t);
  const [users, otherAdmin] = await Promise.all([createRoleUsers(t, warehouse), createUser(t, 'warehouseAdmin', otherWarehouse)]);
  return { t, fx: await incomingFixture(t, { warehouse, otherWarehouse, users, otherAdmin }) };
}
