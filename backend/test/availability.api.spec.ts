import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { DB_HANDLE } from '../src/database/database.module';
import type { DatabaseHandle } from '../src/database/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from './test-app';

/**
 * With the database unreachable every route answers 503 with Retry-After and
 * a readable message (never 401 "please sign in", never 500), and the API recovers when it is back.
 * PostgreSQL: the test database stops accepting connections and its sessions are terminated.
 * PGlite (one in-process connection): the database is closed, which it cannot come back from.
 */
describe('Database unavailable (issue 12, point 8)', () => {
  let t: TestApp;
  let dbName: string;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.db.execute(sql`select current_database() as name`);
    dbName = (res as unknown as { rows: { name: string }[] }).rows[0].name;
  });
  afterAll(async () => {
    if (t.driver === 'postgres') await serverSql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    await t.close().catch(() => undefined); // a closed PGlite refuses to close twice
  });

  /** Runs one statement on the server's maintenance connection (TEST_DATABASE_URL). */
  async function serverSql(text: string): Promise<void> {
    const c = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  }

  async function takeDatabaseDown(): Promise<void> {
    if (t.driver === 'pglite') {
      await t.app.get<DatabaseHandle>(DB_HANDLE).close();
      return;
    }
    await serverSql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await serverSql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND pid <> pg_backend_pid()`);
  }

  function expectUnavailable(res: { status: number; headers: Record<string, string>; body: { message?: string } }): void {
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 503,
      message: 'The server is temporarily unavailable, please try again shortly',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('answers 503 with Retry-After on authenticated routes, login and readiness, then recovers', async () => {
    expect((await t.http.get('/api/users').set(bearer(t.adminToken))).status).toBe(200);
    await takeDatabaseDown();

    expectUnavailable(await t.http.get('/api/users').set(bearer(t.adminToken)));
    expectUnavailable(await t.http.get('/api/inventory').set(bearer(t.adminToken)));
    expectUnavailable(await t.http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }));
    expectUnavailable(await t.http.get('/api/health/ready'));
    expect((await t.http.get('/api/health')).status).toBe(200);

    if (t.driver === 'pglite') return; // a closed embedded database stays closed
    await serverSql(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    expect((await t.http.get('/api/users').set(bearer(t.adminToken))).status).toBe(200);
    expect((await t.http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await t.http.get('/api/health/ready')).status).toBe(200);
  });
});
