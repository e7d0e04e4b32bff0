import { GroupedPostings } from './grouped-postings';

/** A posting that takes `ms` milliseconds, like a statement waiting for the database. */
const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('GroupedPostings', () => {
  it('posts what arrives while a posting runs as groups, and an idle first item alone', async () => {
    const groups: number[][] = [];
    const singles: number[] = [];
    const posting = new GroupedPostings<number>(
      async (items) => {
        groups.push(items);
        await later(5);
      },
      async (item) => {
        singles.push(item);
        await later(5);
      },
      1,
    );
    await Promise.all(Array.from({ length: 30 }, (_, i) => posting.submit(i)));
    expect(singles).toEqual([0]);
    expect(groups).toEqual([Array.from({ length: 29 }, (_, i) => i + 1)]);
  });

  it('caps a group and runs at most `lanes` postings at once', async () => {
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const track = async (n: number) => {
      sizes.push(n);
      most = Math.max(most, ++running);
      await later(3);
      running--;
    };
    const posting = new GroupedPostings<number>((items) => track(items.length), () => track(1), 2, 10);
    await Promise.all(Array.from({ length: 50 }, (_, i) => posting.submit(i)));
    expect(most).toBe(2);
    expect(Math.max(...sizes)).toBe(10);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(50);
  });

  it('splits a failed group in halves down to single items, in arrival order, so each item gets its own answer', async () => {
    const stock = { left: 3 };
    const alone: number[] = [];
    const tried: number[][] = [];
    const posting = new GroupedPostings<number>(
      async (items) => {
        tried.push(items);
        await later(2);
        if (items.length > stock.left) throw new Error('short for the group');
        stock.left -= items.length;
      },
      async (item) => {
        alone.push(item);
        await later(1);
        if (stock.left === 0) throw new Error(`short for ${item}`);
        stock.left--;
      },
      1,
    );
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => posting.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(results.slice(3).map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(['short for 3', 'short for 4', 'short for 5']);
    // 0 alone leaves 2; [1..5] and [1, 2, 3] are too many; [1, 2] fits; 3 alone is short; [4, 5] too; 4 and 5 alone
    expect(tried).toEqual([[1, 2, 3, 4, 5], [1, 2, 3], [1, 2], [4, 5]]);
    expect(alone).toEqual([0, 3, 4, 5]);
    expect(stock.left).toBe(0);
  });
});
