import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/database/database';
import { ADMIN_EMAIL } from './test-app';
import { signIn, startApiProcess, tempDataDir, type ApiProcess } from './api-process';
import { createServerDatabase } from './test-db';

/**
 * A failed insert logged its parameters (the argon2 hash, the email, the
 * phone). The real process logs JSON lines with the request id, returned in X-Request-Id, and
 * no password, hash, token, email or phone. A trigger makes the user insert fail (a database
 * error the API does not map, so a 500 that is logged).
 */
describe('Structured logs without personal data (issue 12, point 23)', () => {
  let api: ApiProcess;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL;
    const dataDir = tempDataDir();
    const server = base ? await createServerDatabase(base) : undefined;
    const handle = await openDatabase(server?.url, path.join(dataDir, 'pgdata'));
    await handle.db.execute(sql.raw(`
      CREATE FUNCTION refuse_test_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email LIKE '%@refused.test' THEN RAISE EXCEPTION 'users refused by the test'; END IF;
        RETURN NEW;
      END $$`));
    await handle.db.execute(sql`CREATE TRIGGER refuse_test_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_test_users()`);
    await handle.close();
    api = await startApiProcess({ DATA_DIR: dataDir, DATABASE_URL: server?.url, LOG_LEVEL: 'info' });
    cleanUp = async () => {
      await api.stop();
      await server?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }, 120_000);
  afterAll(() => cleanUp?.());

  /** The JSON log lines printed so far. */
  const logLines = () =>
    api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown> & { msg?: string; reqId?: string });

  it('logs a failed insert with its request id and error code, but without the hash, email, phone or token', async () => {
    const token = await signIn(api, ADMIN_EMAIL);
    const person = { email: 'leaky.person@refused.test', phone: '+251911765432', password: 'Leak@Pass9' };
    const res = await fetch(`${api.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': 'req-leak-1' },
      body: JSON.stringify({ first_name: 'Leaky', last_name: 'Person', role: 'sales', ...person }),
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('req-leak-1');
    await new Promise((r) => setTimeout(r, 300)); // let the pipe deliver the last lines

    const error = logLines().find((l) => l.msg === 'Unexpected error');
    expect(error).toMatchObject({ reqId: 'req-leak-1', error: { type: 'DrizzleQueryError', cause: { code: 'P0001', message: 'users refused by the test' } } });
    expect(logLines().find((l) => l.msg === 'request errored' && l.reqId === 'req-leak-1')).toMatchObject({ res: { statusCode: 500 } });
    const out = api.output();
    for (const secret of [person.email, '911765432', person.password, '$argon2', token, 'Bearer', 'params:']) expect(out).not.toContain(secret);
  });

  it('writes no email to any log line, the first admin\'s included', async () => {
    await signIn(api, ADMIN_EMAIL);
    await fetch(`${api.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@unknown.test', password: 'Wrong#Pass1' }) });
    await new Promise((r) => setTimeout(r, 300)); // let the pipe deliver the last lines
    expect(logLines().find((l) => l.msg?.startsWith('Created the first admin'))).toBeDefined();
    expect(api.output()).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
  });

  it('keeps a safe incoming X-Request-Id and replaces anything else with a UUID', async () => {
    const idOf = async (headers: Record<string, string>) => (await fetch(`${api.url}/api/health`, { headers })).headers.get('x-request-id');
    expect(await idOf({ 'x-request-id': 'trace.42_A-b' })).toBe('trace.42_A-b');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(await idOf({})).toMatch(uuid);
    expect(await idOf({ 'x-request-id': 'no spaces {"or":"json"}' })).toMatch(uuid);
    expect(await idOf({ 'x-request-id': 'x'.repeat(65) })).toMatch(uuid);
  });
});
