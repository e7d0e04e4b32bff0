import fs from 'node:fs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';
import { startApiProcess, tempDataDir } from '../../test/api-process';
import { ShutdownState } from './shutdown-state';

/** Stopping a process (SIGTERM): readiness 503 at once, in-flight requests finish, exit 0. */
describe('Shutdown (issue 17)', () => {
  describe('in process', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers readiness with 503 from the first shutdown hook on, while liveness and other routes still answer', async () => {
      expect((await t.http.get('/api/health/ready')).status).toBe(200);
      t.app.get(ShutdownState).beforeApplicationShutdown('SIGTERM');
      const ready = await t.http.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toBe('The server is temporarily unavailable, please try again shortly');
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.http.get('/api/health')).status).toBe(200);
      expect((await t.http.post('/api/users/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
    });
  });

  it('lets a request in flight at SIGTERM finish, then exits 0', async () => {
    const dataDir = tempDataDir();
    const api = await startApiProcess({ DATA_DIR: dataDir });
    try {
      // a sign-in hashes with argon2: long enough to be in flight when the signal arrives
      const pending = fetch(`${api.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
      await new Promise((r) => setTimeout(r, 30));
      const exit = api.stop('SIGTERM');
      expect((await pending).status).toBe(200);
      expect(await exit).toBe(0);
    } finally {
      await api.stop('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
