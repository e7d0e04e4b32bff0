/**
 * Postings that arrive while earlier ones run, posted together (issue 17: "group commit" of direct
 * issues). `submit` queues an item; up to `lanes` postings run at once, and a lane that frees takes
 * everything queued (at most `max` items) as one group, so under load a hot stock level is locked,
 * and the WAL flushed, once per group instead of once per item, and an idle process posts each item
 * at once, with no timer and no added wait.
 *
 * A group is all or nothing (`postGroup`); when it fails for any reason (a level is short, a line is
 * refused) it is split in halves, posted in order, down to single items posted through `postOne`,
 * so each caller gets the answer it would have had alone (its own 409, or success) and a short
 * level costs a few statements, not one per item. A single queued item goes straight to `postOne`.
 */
export class GroupedPostings<T> {
  private readonly queue: { item: T; done: (err?: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly postGroup: (items: T[]) => Promise<void>,
    private readonly postOne: (item: T) => Promise<void>,
    private readonly lanes = 1,
    private readonly max = 100,
  ) {}

  /** Resolves once `item` is posted (alone or in a group); rejects with `postOne`'s error. */
  submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (this.running < this.lanes) void this.lane();
    });
  }

  /** Posts queued groups until the queue is empty. */
  private async lane(): Promise<void> {
    this.running++;
    try {
      while (this.queue.length > 0) await this.post(this.queue.splice(0, this.max));
    } finally {
      this.running--;
    }
  }

  /**
   * Posts `group` as one, or, when that fails, its first half then its second half the same way,
   * down to single items: the outcome of posting every item alone in arrival order, since a group
   * of issues fits exactly when each of its issues fits after the ones before.
   */
  private async post(group: { item: T; done: (err?: unknown) => void }[]): Promise<void> {
    if (group.length === 1) {
      const [one] = group;
      await this.postOne(one.item).then(() => one.done(), (err: unknown) => one.done(err ?? new Error('posting failed')));
      return;
    }
    if (await this.postGroup(group.map((g) => g.item)).then(() => true, () => false)) {
      for (const g of group) g.done();
      return;
    }
    const half = Math.ceil(group.length / 2);
    await this.post(group.slice(0, half));
    await this.post(group.slice(half));
  }
}
