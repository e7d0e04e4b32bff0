import { StatsCache } from './stats-cache';

describe('StatsCache', () => {
  it('reuses a value while the version holds and the entry is young', async () => {
    const cache = new StatsCache(1000);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', 'v1', compute, 0)).toBe(1);
    expect(await cache.get('k', 'v1', compute, 999)).toBe(1);
    expect(await cache.get('k', 'v2', compute, 999)).toBe(2); // a new movement
    expect(await cache.get('k', 'v2', compute, 2000)).toBe(3); // too old
    expect(await cache.get('other', 'v2', compute, 2000)).toBe(4);
  });

  it('recomputes every time when the memo is off (STATS_MEMO_SECONDS=0)', async () => {
    const cache = new StatsCache(0);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', 'v', compute, 0)).toBe(1);
    expect(await cache.get('k', 'v', compute, 0)).toBe(2);
  });

  it('shares one computation between concurrent callers and forgets failures', async () => {
    const cache = new StatsCache();
    let calls = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++calls), 10));
    expect(await Promise.all([cache.get('k', 'v', slow), cache.get('k', 'v', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', 'v', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', 'v', async () => 7)).toBe(7);
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = new StatsCache(60_000, 2);
    let calls = 0;
    const compute = async () => ++calls;
    await cache.get('a', 'v', compute);
    await cache.get('b', 'v', compute);
    await cache.get('c', 'v', compute);
    expect(await cache.get('a', 'v', compute)).toBe(4);
  });
});
