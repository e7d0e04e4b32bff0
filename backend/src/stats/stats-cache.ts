/**
 * A small memo of statistics results. A ranking over a million movements costs a few hundred
 * milliseconds of database time; the dashboard asks the same questions again and again. An entry
 * is reused while the ledger `version` is unchanged (any new movement changes it) and for at most
 * `ttlMs`, and concurrent identical requests share one query (single flight).
 */
export class StatsCache {
  private readonly entries = new Map<string, { version: string; at: number; value: Promise<unknown> }>();

  /**
   * @param ttlMs the longest an entry is served, even when the version did not change
   * @param maxEntries the oldest entries are dropped beyond this many
   */
  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
  ) {}

  /** The cached value of `key` at `version`, else `compute()` (stored; failures are not kept). */
  get<T>(key: string, version: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = compute();
    const entry = { version, at: now, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    value.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
