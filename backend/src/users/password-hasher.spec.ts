import { AppConfig } from '../config/app-config';
import { HASHING_BUSY_RETRY_SECONDS, PasswordChecksBusyException, PasswordHasher } from './password-hasher';

/** The bounded argon2 work of issue 12, points 3 and 4. */
describe('PasswordHasher', () => {
  const hasher = (concurrency: number, queue: number) =>
    new PasswordHasher(Object.assign(new AppConfig(), { PASSWORD_HASH_CONCURRENCY: concurrency, PASSWORD_HASH_QUEUE: queue }));

  it('hashes and verifies with argon2id', async () => {
    const h = hasher(2, 2);
    const hash = await h.hash('Str0ng@Pass');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await h.verify(hash, 'Str0ng@Pass')).toBe(true);
    expect(await h.verify(hash, 'Wr0ng@Pass')).toBe(false);
  });

  it('answers false without a hash, after checking the password against the dummy hash', async () => {
    expect(await hasher(1, 0).verify(undefined, 'Str0ng@Pass')).toBe(false);
  });

  it('runs one check per slot, queues up to the limit in order, and refuses the rest at once (503, Retry-After)', async () => {
    const h = hasher(1, 1);
    const hash = await h.hash('Str0ng@Pass');
    const finished: number[] = [];
    const running = h.verify(hash, 'Str0ng@Pass').then((ok) => (finished.push(1), ok));
    const queued = h.verify(hash, 'Wr0ng@Pass').then((ok) => (finished.push(2), ok));
    const refused = h.verify(hash, 'Str0ng@Pass');
    await expect(refused).rejects.toBeInstanceOf(PasswordChecksBusyException);
    await expect(refused).rejects.toMatchObject({ status: 503, retryAfterSeconds: HASHING_BUSY_RETRY_SECONDS });
    expect(finished).toEqual([]); // refused while the others were still waiting or running
    expect(await Promise.all([running, queued])).toEqual([true, false]);
    expect(finished).toEqual([1, 2]);
    // the slot and the queue place are free again
    expect(await h.verify(hash, 'Str0ng@Pass')).toBe(true);
  });
});
