import http from 'node:http';
import type { AddressInfo } from 'node:net';
import argon2 from 'argon2';
import { AppConfig } from '../config/app-config';
import { bearer, createTestApp, createUser, STRONG_PASSWORD, uniq, type TestApp } from '../../test/test-app';
import { HASHING_BUSY_RETRY_SECONDS } from './password-hasher';

interface Answer {
  status: number;
  body: { message?: string; data?: { token?: string } };
  retryAfter?: string;
  /** ms since the request was sent */
  ms: number;
}

/**
 * Sign-in limits and password hashing through the real API. Each test
 * signs in from its own loopback address (127.0.0.x as the socket's source address), so the
 * per-address count of one test never reaches another.
 */
describe('sign-in under attack', () => {
  let t: TestApp;
  let url: string;
  let nextHost = 10;
  const newAddress = () => `127.0.0.${nextHost++}`;

  /** POST /api/users/login from `localAddress`. */
  const login = (localAddress: string, email: string, password: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const req = http.request(`${url}/api/users/login`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), retryAfter: res.headers['retry-after'], ms: Date.now() - started }),
        );
      });
      req.on('error', reject);
      req.end(JSON.stringify({ email, password }));
    });

  /** Wraps argon2.verify (the real one runs) to see how many run at once and on which hashes. */
  const watchVerify = () => {
    const real = argon2.verify;
    const seen = { calls: [] as string[], inFlight: 0, peak: 0 };
    const spy = jest.spyOn(argon2, 'verify').mockImplementation(async (hash, password, options) => {
      seen.calls.push(hash);
      seen.peak = Math.max(seen.peak, ++seen.inFlight);
      try {
        return await real(hash, password, options);
      } finally {
        seen.inFlight--;
      }
    });
    return { seen, restore: () => spy.mockRestore() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('point 1: 100 parallel wrong guesses for one email evaluate at most 5, then the right password answers 429, never a token', async () => {
    const u = await createUser(t, 'finance');
    const from = newAddress();
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(from, u.email, `Wr0ng@Guess${i}`)));
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const right = await login(from, u.email, STRONG_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body.data).toBeUndefined();
    expect(right.body.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minute/);
    expect(Number(right.retryAfter)).toBeGreaterThan(60);
    // the account is not locked for its owner elsewhere
    expect((await login(newAddress(), u.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('point 1: the 6th attempt within the window is refused even with the right password; a success clears the count', async () => {
    const u = await createUser(t, 'sales');
    const from = newAddress();
    for (let i = 0; i < 4; i++) expect((await login(from, u.email, 'Wr0ng@Guess')).status).toBe(401);
    expect((await login(from, u.email, STRONG_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(from, u.email, 'Wr0ng@Guess')).status).toBe(401);
    expect((await login(from, u.email, STRONG_PASSWORD)).status).toBe(429);
  });

  it('point 3: a burst of 40 wrong sign-ins runs a bounded number of hashes and does not hold up an authenticated read', async () => {
    const u = await createUser(t, 'importAdmin');
    const { PASSWORD_HASH_CONCURRENCY } = t.app.get(AppConfig);
    const watch = watchVerify();
    try {
      const started = Date.now();
      // 40 client addresses, so that no sign-in limit stops the burst before the hashing
      const burst = Promise.all(Array.from({ length: 40 }, () => login(newAddress(), u.email, 'Wr0ng@Guess')));
      while (watch.seen.inFlight === 0) await new Promise((r) => setTimeout(r, 5));
      const readStarted = Date.now();
      const read = await t.http.get('/api/users/getUser').set(bearer(t.adminToken));
      const readMs = Date.now() - readStarted;
      const inFlightAfterRead = watch.seen.inFlight;
      const answers = await burst;
      const burstMs = Date.now() - started;

      expect(read.status).toBe(200);
      expect(inFlightAfterRead).toBeGreaterThan(0); // answered while the burst was still hashing
      expect(watch.seen.peak).toBeLessThanOrEqual(PASSWORD_HASH_CONCURRENCY);
      const checked = answers.filter((a) => a.status === 401);
      const busy = answers.filter((a) => a.status === 503);
      expect(checked.length + busy.length).toBe(40);
      expect(checked.length).toBeGreaterThan(PASSWORD_HASH_CONCURRENCY);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].retryAfter).toBe(String(HASHING_BUSY_RETRY_SECONDS));
      expect(busy[0].body.message).toMatch(/busy checking passwords/);
      // refused at once, not after waiting behind the hashes; the read did not wait for them either
      expect(Math.max(...busy.map((a) => a.ms))).toBeLessThan(burstMs / 2);
      expect(readMs).toBeLessThan(burstMs / 2);
    } finally {
      watch.restore();
    }
    // a refused attempt was never checked, so it does not count against the account
    expect((await login(newAddress(), u.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('point 4: unknown emails and removed users are checked against a hash like a wrong password, and answer the same', async () => {
    const removed = await createUser(t, 'sales');
    await t.http.delete(`/api/users/remove/${removed.id}`).set(bearer(t.adminToken)).expect(200);
    const known = await createUser(t, 'sales');
    const watch = watchVerify();
    try {
      const from = newAddress();
      const answers = [
        await login(from, `nobody.${uniq()}@test.local`, STRONG_PASSWORD),
        await login(from, removed.email, STRONG_PASSWORD),
        await login(from, known.email, 'Wr0ng@Guess'),
      ];
      expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(3).fill([401, 'Invalid email or password']));
      expect(watch.seen.calls).toHaveLength(3);
      expect(watch.seen.calls.every((hash) => hash.startsWith('$argon2id$'))).toBe(true);
    } finally {
      watch.restore();
    }
  });
});
