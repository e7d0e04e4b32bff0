/** How a group of items is posted: all together, one alone, and what a group's failure says of one item. */
export interface GroupPosting<T, R = void> {
  /** Posts every item or none (throws); what it answers is every item's answer. */
  group(items: T[]): Promise<R>;
  /** Posts one item; its answer or its error is the item's. */
  one(item: T): Promise<R>;
  /**
   * The answer `item` would certainly have had alone, read from `failure` (the error of a group it
   * was in), e.g. a 409 when the levels the group found could not hold the item by itself; undefined
   * when the failure says nothing certain of it.
   */
  refusal?(failure: unknown, item: T): unknown;
}

/** A queued item and how its caller is answered: an error, or the result of the posting that took it. */
interface Queued<T, R> {
  item: T;
  done: (err?: unknown, result?: R) => void;
}

/**
 * Postings that arrive while earlier ones run, posted together ("group commit" of direct
 * issues). `submit` queues an item; up to `lanes` postings run at once, and a lane that frees takes
 * everything queued (at most `max` items) as one group, so under load a hot stock level is locked,
 * and the WAL flushed, once per group instead of once per item, and an idle process posts each item
 * at once, with no timer and no added wait.
 *
 * A group is all or nothing; when it fails, the items its failure refuses for certain (a level it
 * locked holds less than the item alone) are answered at once, and the rest is posted again, split
 * in halves while nothing is refused, down to single items. So each caller gets the answer it would
 * have had alone (its own 409, or success), and a level running out costs a few statements, not
 * one per item. A single queued item is posted alone.
 */
export class GroupedPostings<T, R = void> {
  private readonly queue: Queued<T, R>[] = [];
  private running = 0;

  constructor(
    private readonly posting: GroupPosting<T, R>,
    private readonly lanes = 1,
    private readonly max = 100,
  ) {}

  /** Resolves, with what its posting (alone or in a group) answered, once `item` is posted; rejects with its answer when refused. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, done: (err, result) => (err === undefined ? resolve(result as R) : reject(err)) });
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
   * Posts `group` as one. When that fails, the items its failure refuses for certain are answered,
   * and the rest is posted the same way; when it refuses none, the first half then the second half
   * are, down to single items: the outcome of posting every item alone in arrival order, since a
   * group of issues fits exactly when each of its issues fits after the ones before.
   */
  private async post(group: Queued<T, R>[]): Promise<void> {
    if (group.length === 1) {
      const [one] = group;
      await this.posting.one(one.item).then((result) => one.done(undefined, result), (err: unknown) => one.done(err ?? new Error('posting failed')));
      return;
    }
    let failure: unknown;
    try {
      const result = await this.posting.group(group.map((g) => g.item));
      for (const g of group) g.done(undefined, result);
      return;
    } catch (err) {
      failure = err;
    }
    const rest = group.filter((g) => {
      const refused = this.posting.refusal?.(failure, g.item);
      if (refused !== undefined) g.done(refused);
      return refused === undefined;
    });
    if (rest.length < group.length) {
      if (rest.length > 0) await this.post(rest);
      return;
    }
    const half = Math.ceil(group.length / 2);
    await this.post(group.slice(0, half));
    await this.post(group.slice(half));
  }
}
