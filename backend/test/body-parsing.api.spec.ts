import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { signIn, startApiProcess, tempDataDir, type ApiProcess } from './api-process';
import { createServerDatabase } from './test-db';
import { bearer, createTestApp, createUser, createWarehouse, STRONG_PASSWORD, uniq, type TestApp } from './test-app';

type Answer = { status: number; body: { message?: string; data?: unknown } };
type Send = (method: 'POST' | 'PUT', path: string, headers: Record<string, string>, body?: string) => Promise<Answer>;

const LOGIN = '/api/users/login';
const json = { 'Content-Type': 'application/json' };

/**
 * The body contract of every API process (docs/api.md Conventions). A real
 * process matters: there the admin UI's ServeStaticModule is active and used to turn every
 * body-parser error on /api into 404 "Cannot POST /api/..."; the in-process test app must agree.
 */
function bodyContract(name: string, setup: () => Promise<{ send: Send; token: string; uploader: string; close: () => Promise<void> }>) {
  describe(name, () => {
    let send: Send;
    let token: string;
    let uploader: string;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ send, token, uploader, close } = await setup());
    }, 120_000);
    afterAll(() => close());

    it.each([
      ['malformed JSON', '{"email":', 'Malformed JSON body'],
      ['a trailing comma', '{"email":"a@b.co",}', 'Malformed JSON body (at position 18)'],
      ['a bare null', 'null', 'Malformed JSON body: it must be a JSON object'],
      ['a bare number', '42', 'Malformed JSON body: it must be a JSON object'],
      ['a bare string', '"x"', 'Malformed JSON body: it must be a JSON object'],
      ['an array', '[{"email":"a@b.co"}]', 'Malformed JSON body: it must be a JSON object'],
    ])('answers 400 to %s', async (_case, text, message) => {
      expect(await send('POST', LOGIN, json, text)).toEqual({ status: 400, body: expect.objectContaining({ message }) });
      expect(await send('POST', '/api/customers/create', { ...json, ...bearer(token) }, text)).toMatchObject({ status: 400, body: { message } });
    });

    it('answers 413 naming the limit to a body over 100 kB', async () => {
      const text = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(110_000) });
      expect(await send('POST', LOGIN, json, text)).toMatchObject({ status: 413, body: { message: 'The body is too large: the limit is 100 kB' } });
    });

    it.each([
      ['charset=utf-16', { 'Content-Type': 'application/json; charset=utf-16' }, 'Unsupported charset "utf-16": send JSON as UTF-8'],
      ['text/plain', { 'Content-Type': 'text/plain' }, 'Unsupported media type "text/plain": send application/json'],
      ['form data on a JSON route', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'Unsupported media type "application/x-www-form-urlencoded": send application/json'],
      ['multipart on a JSON route', { 'Content-Type': 'multipart/form-data; boundary=b' }, 'Unsupported media type "multipart/form-data; boundary=b": send application/json'],
      ['an unknown content encoding', { ...json, 'Content-Encoding': 'zz' }, 'Unsupported content encoding "zz"'],
    ])('answers 415 to %s', async (_case, headers, message) => {
      expect(await send('POST', LOGIN, headers, '{"email":"a@b.co","password":"x"}')).toMatchObject({ status: 415, body: { message } });
    });

    it('answers 415 to JSON on the multipart image upload', async () => {
      const res = await send('POST', `/api/images/save/product/${randomUUID()}`, { ...json, ...bearer(uploader) }, '{}');
      expect(res).toMatchObject({ status: 415, body: { message: 'Unsupported media type "application/json": send multipart/form-data' } });
    });

    it('still reads UTF-8 JSON (with or without a charset) and empty bodies', async () => {
      const login = JSON.stringify({ email: 'nobody@test.local', password: 'Wrong#Pass1' });
      expect((await send('POST', LOGIN, json, login)).status).toBe(401);
      expect((await send('POST', LOGIN, { 'Content-Type': 'application/json; charset=UTF-8' }, login)).status).toBe(401);
      // a body-less PUT (no media type to check) reaches the route: unknown user
      expect((await send('PUT', `/api/users/activate/${randomUUID()}`, bearer(token))).status).toBe(404);
    });

    it('answers 401 before reading the body of a route that needs a token', async () => {
      expect((await send('POST', '/api/customers/create', json, '{"a":')).status).toBe(401);
    });
  });
}

bodyContract('body parsing in the in-process test app', async () => {
  const t: TestApp = await createTestApp();
  const uploader = (await createUser(t, 'warehouseAdmin', await createWarehouse(t))).token;
  const send: Send = async (method, path, headers, body) => {
    const req = (method === 'POST' ? t.http.post(path) : t.http.put(path)).set(headers);
    const res = await (body === undefined ? req : req.send(body));
    return { status: res.status, body: res.body as Answer['body'] };
  };
  return { send, token: t.adminToken, uploader, close: () => t.close() };
});

bodyContract('body parsing in a real API process (main.ts, admin UI served)', async () => {
  const dataDir = tempDataDir();
  const server = process.env.TEST_DATABASE_URL ? await createServerDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const api: ApiProcess = await startApiProcess({ DATA_DIR: dataDir, DATABASE_URL: server?.url });
  const send: Send = async (method, path, headers, body) => {
    const res = await fetch(`${api.url}${path}`, { method, headers, body });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const token = await signIn(api);
  const warehouse = await send('POST', '/api/warehouses', { ...json, ...bearer(token) }, JSON.stringify({ name: `W ${uniq()}`, address: 'Addis Ababa' }));
  const email = `wa.${uniq()}@test.local`;
  const person = { first_name: 'Test', last_name: 'Uploader', phone: '911223344', email, role: 'warehouseAdmin', password: STRONG_PASSWORD };
  await send('POST', '/api/users/register', { ...json, ...bearer(token) }, JSON.stringify({ ...person, warehouse: (warehouse.body as { data: { _id: string } }).data._id }));
  return {
    send,
    token,
    uploader: await signIn(api, email, STRONG_PASSWORD),
    close: async () => {
      await api.stop();
      await server?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
