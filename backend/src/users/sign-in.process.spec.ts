import fs from 'node:fs';
import { signIn, startApiProcess, tempDataDir, type ApiProcess } from '../../test/api-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../test/test-app';
import { createServerDatabase } from '../../test/test-db';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** POST /api/users/login on a process, optionally claiming a client address in X-Forwarded-For. */
async function login(api: ApiProcess, password: string, forwardedFor?: string): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${api.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ email: ADMIN_EMAIL, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  return { status: res.status, token: body.data?.token };
}

/** Where a test process keeps its data: a fresh server database with TEST_DATABASE_URL, else PGlite in a fresh DATA_DIR. */
async function processStorage(): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = tempDataDir();
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!TEST_DATABASE_URL) return { env: { DATA_DIR: dataDir }, remove: async () => removeDir() };
  const { url, drop } = await createServerDatabase(TEST_DATABASE_URL);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, remove: async () => (await drop(), removeDir()) };
}

/** Sign-in limits in real API processes (`node main.js`), where main.ts applies TRUST_PROXY. */
describe('sign-in limits in API processes', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = async (storage: { env: Record<string, string> }, env: Record<string, string> = {}) => {
    const api = await startApiProcess({ ...storage.env, ...env });
    cleanups.push(() => api.stop());
    return api;
  };
  const storage = async () => {
    const s = await processStorage();
    cleanups.push(s.remove);
    return s;
  };

  it('point 2: without TRUST_PROXY a new X-Forwarded-For per request does not reset the count; with it, it names the client', async () => {
    const api = await start(await storage());
    for (let i = 1; i <= 5; i++) expect((await login(api, 'Wr0ng@Guess', `198.51.100.${i}`)).status).toBe(401);
    expect(await login(api, ADMIN_PASSWORD, '198.51.100.99')).toEqual({ status: 429 });

    const behindProxy = await start(await storage(), { TRUST_PROXY: 'loopback' });
    for (let i = 1; i <= 5; i++) expect((await login(behindProxy, 'Wr0ng@Guess', '203.0.113.7')).status).toBe(401);
    expect((await login(behindProxy, ADMIN_PASSWORD, '203.0.113.7')).status).toBe(429);
    expect((await login(behindProxy, ADMIN_PASSWORD, '203.0.113.8')).status).toBe(200);
  }, 180_000);

  (TEST_DATABASE_URL ? it : it.skip)(
    'point 1 (runs with TEST_DATABASE_URL): two processes on one PostgreSQL database share the count: 100 parallel wrong guesses, then 429, never a token',
    async () => {
      const shared = await storage();
      const first = await start(shared);
      const second = await start(shared); // after the first: it found the first admin already created
      const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i % 2 ? first : second, `Wr0ng@Guess${i}`)));
      expect(guesses.filter((g) => g.token)).toEqual([]);
      expect(guesses.filter((g) => g.status === 401).length).toBeLessThanOrEqual(5);
      expect(guesses.filter((g) => g.status === 429).length).toBeGreaterThanOrEqual(95);
      for (const api of [first, second]) expect(await login(api, ADMIN_PASSWORD)).toEqual({ status: 429 });
      // the per-address count is shared as well: from this address even another email is refused
      await expect(signIn(first, 'nobody@test.local', ADMIN_PASSWORD)).rejects.toThrow(/429/);
    },
    180_000,
  );
});
