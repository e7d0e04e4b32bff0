import { createTestApp, type TestApp } from './test-app';

/** Every route must name its roles (@Allow) or be @Public: the guard denies the rest. */
describe('route permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents x-roles on every operation in the OpenAPI document', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    const missing: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries<Record<string, { 'x-roles'?: string[] }>>(res.body.paths)) {
      for (const [method, op] of Object.entries(item)) {
        operations++;
        if (!op['x-roles']?.length) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('serves health without a token', async () => {
    expect((await t.http.get('/api/health')).body.status).toBe('ok');
    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info.database.status).toBe('up');
  });

  it('answers 400 for malformed JSON and 404 for unknown API paths', async () => {
    const bad = await t.http.post('/api/users/login').set('Content-Type', 'application/json').send('{"email":');
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe(400);
    expect((await t.http.get('/api/nothing-here').set('Authorization', `Bearer ${t.adminToken}`)).status).toBe(404);
  });
});
