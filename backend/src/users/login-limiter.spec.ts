import { freshDatabase, type FreshDatabase } from '../../test/test-db';
import { LOGIN_ADDRESS_ATTEMPTS_ALLOWED, LOGIN_FAILURES_ALLOWED, LoginLimiter } from './login-limiter';
import { RetryLaterException } from './retry-later';

/** The limiter on its real store: memory on PGlite, the `login_rate_limits` table on PostgreSQL. */
describe('LoginLimiter', () => {
  let fresh: FreshDatabase;
  let limiter: LoginLimiter;
  let seq = 0;
  const email = () => `limit.${++seq}@unit.local`;
  const settle = (calls: Promise<void>[]) => Promise.allSettled(calls);
  const allowed = (results: PromiseSettledResult<void>[]) => results.filter((r) => r.status === 'fulfilled').length;

  beforeAll(async () => {
    fresh = await freshDatabase();
    limiter = new LoginLimiter(fresh.handle);
  });
  afterAll(async () => {
    await fresh.handle.close();
    await fresh.drop();
  });

  it('counts parallel attempts atomically: 100 at once for one email and address, exactly 5 pass', async () => {
    const e = email();
    const results = await settle(Array.from({ length: 100 }, () => limiter.consume(e, '10.1.0.1')));
    expect(allowed(results)).toBe(LOGIN_FAILURES_ALLOWED);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RetryLaterException);
    expect(refused.reason).toMatchObject({ status: 429, message: expect.stringMatching(/Too many failed sign-in attempts/) });
    expect(refused.reason.retryAfterSeconds).toBeGreaterThan(60);
    // the same email from another address has its own count
    await expect(limiter.consume(e, '10.1.0.2')).resolves.toBeUndefined();
  });

  it('limits an address whatever the email: the 51st attempt from it is refused, other addresses are not', async () => {
    const results = await settle(Array.from({ length: LOGIN_ADDRESS_ATTEMPTS_ALLOWED + 10 }, () => limiter.consume(email(), '10.1.1.1')));
    expect(allowed(results)).toBe(LOGIN_ADDRESS_ATTEMPTS_ALLOWED);
    await expect(limiter.consume(email(), '10.1.1.1')).rejects.toMatchObject({ status: 429 });
    await expect(limiter.consume(email(), '10.1.1.2')).resolves.toBeUndefined();
  });

  it('a success clears the email and address count; a refund gives one attempt back', async () => {
    const e = email();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) await limiter.consume(e, '10.1.2.1');
    await limiter.succeeded(e, '10.1.2.1');
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) await limiter.consume(e, '10.1.2.1');
    await expect(limiter.consume(e, '10.1.2.1')).rejects.toMatchObject({ status: 429 });
    const f = email();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) await limiter.consume(f, '10.1.2.2');
    await limiter.refund(f, '10.1.2.2');
    await expect(limiter.consume(f, '10.1.2.2')).resolves.toBeUndefined();
    await expect(limiter.consume(f, '10.1.2.2')).rejects.toMatchObject({ status: 429 });
  });

  it('takes emails of any length and case as one key', async () => {
    const long = `${'x'.repeat(240)}@unit.local`;
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) await limiter.consume(i % 2 ? long.toUpperCase() : long, '10.1.3.1');
    await expect(limiter.consume(long, '10.1.3.1')).rejects.toMatchObject({ status: 429 });
  });

  (process.env.TEST_DATABASE_URL ? it : it.skip)('shares counts between limiters on one PostgreSQL database (one per API process)', async () => {
    const other = new LoginLimiter(fresh.handle);
    const e = email();
    const results = await settle(Array.from({ length: 40 }, (_, i) => (i % 2 ? limiter : other).consume(e, '10.1.4.1')));
    expect(allowed(results)).toBe(LOGIN_FAILURES_ALLOWED);
  });
});
