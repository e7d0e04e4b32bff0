import { GroupedPostings } from './grouped-postings';

/** A posting that takes `ms` milliseconds, like a statement waiting for the database. */
const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('GroupedPostings', () => {
  it('posts what arrives while a posting runs as groups, and an idle first item alone', async () => {
    const groups: number[][] = [];
    const singles: number[] = [];
    const posting = new GroupedPostings<number>({
      group: async (items) => {
        groups.push(items);
        await later(5);
      },
      one: async (item) => {
        singles.push(item);
        await later(5);
      },
    });
    await Promise.all(Array.from({ length: 30 }, (_, i) => posting.submit(i)));
    expect(singles).toEqual([0]);
    expect(groups).toEqual([Array.from({ length: 29 }, (_, i) => i + 1)]);
  });

  it("answers each item with the result of the posting that took it: its group's, or its own", async () => {
    const posting = new GroupedPostings<number, string>({
      group: async (items) => {
        await later(5);
        return `group ${items.join(',')}`;
      },
      one: async (item) => {
        await later(5);
        return `alone ${item}`;
      },
    });
    expect(await Promise.all([1, 2, 3].map((i) => posting.submit(i)))).toEqual(['alone 1', 'group 2,3', 'group 2,3']);
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
    const posting = new GroupedPostings<number>({ group: (items) => track(items.length), one: () => track(1) }, 2, 10);
    await Promise.all(Array.from({ length: 50 }, (_, i) => posting.submit(i)));
    expect(most).toBe(2);
    expect(Math.max(...sizes)).toBe(10);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(50);
  });

  it('splits a failed group in halves down to single items, in arrival order, so each item gets its own answer', async () => {
    const stock = { left: 3 };
    const alone: number[] = [];
    const tried: number[][] = [];
    const posting = new GroupedPostings<number>({
      group: async (items) => {
        tried.push(items);
        await later(2);
        if (items.length > stock.left) throw new Error('short for the group');
        stock.left -= items.length;
      },
      one: async (item) => {
        alone.push(item);
        await later(1);
        if (stock.left === 0) throw new Error(`short for ${item}`);
        stock.left--;
      },
    });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => posting.submit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(results.slice(3).map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(['short for 3', 'short for 4', 'short for 5']);
    // 0 alone leaves 2; [1..5] and [1, 2, 3] are too many; [1, 2] fits; 3 alone is short; [4, 5] too; 4 and 5 alone
    expect(tried).toEqual([[1, 2, 3, 4, 5], [1, 2, 3], [1, 2], [4, 5]]);
    expect(alone).toEqual([0, 3, 4, 5]);
    expect(stock.left).toBe(0);
  });

  it("answers at once the items a group's failure refuses for certain, and posts the rest again", async () => {
    // items are quantities; a group fails naming what was left; an item larger than that is refused
    const stock = { left: 10 };
    const tried: number[][] = [];
    const posting = new GroupedPostings<number>({
      group: async (items) => {
        tried.push(items);
        await later(2);
        const sum = items.reduce((a, b) => a + b, 0);
        if (sum > stock.left) throw Object.assign(new Error('short'), { left: stock.left });
        stock.left -= sum;
      },
      one: async (item) => {
        await later(1);
        if (item > stock.left) throw new Error(`${item} is more than ${stock.left}`);
        stock.left -= item;
      },
      refusal: (failure, item) => (item > (failure as { left: number }).left ? new Error(`refused ${item}`) : undefined),
    });
    const items = [1, 20, 3, 30, 4, 2];
    const results = await Promise.allSettled(items.map((i) => posting.submit(i)));
    // 1 alone (9 left); [20, 3, 30, 4, 2] fails with 9 left: 20 and 30 refused; [3, 4, 2] fits
    expect(tried).toEqual([[20, 3, 30, 4, 2], [3, 4, 2]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'posted' : (r.reason as Error).message))).toEqual(['posted', 'refused 20', 'posted', 'refused 30', 'posted', 'posted']);
    expect(stock.left).toBe(0);
  });
});
