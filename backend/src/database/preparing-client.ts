import { createHash } from 'node:crypto';
import { Client, type QueryConfig } from 'pg';

/** Most statements one connection keeps prepared; later new texts run unnamed (planned each time). */
export const PREPARED_PER_CONNECTION = 100;

/** Longest statement text that is prepared (bulk statements with thousands of parameters are not). */
const MAX_PREPARED_TEXT = 16_384;

/** Names already computed, by text: hashing a list's 3 KB statement on every run cost 2 % of the API's CPU. */
const names = new Map<string, string>();

/** The prepared statement name of `text`: stable across connections and processes. */
export function preparedName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    // a process meets a bounded number of statement shapes; past this, names are just not kept
    if (names.size < 10 * PREPARED_PER_CONNECTION) names.set(text, name);
  }
  return name;
}

/**
 * A node-postgres client that keeps each parameterised statement prepared on its connection, as
 * pgx and npgsql do: the first run of a text parses and plans it; later runs on the connection
 * send only Bind and Execute, so PostgreSQL skips parsing, and plans again only while a generic
 * plan would cost more than a plan for the values (`plan_cache_mode = auto`). Drizzle builds the
 * same text for the same query shape, with every value a parameter, so the number of texts is
 * bounded; each connection still keeps at most {@link PREPARED_PER_CONNECTION} (
 * request overhead). A statement without parameters, or in a text longer than 16 KB, runs as before.
 */
export class PreparingClient extends Client {
  /** Most statements this connection keeps prepared. */
  protected readonly capacity: number = PREPARED_PER_CONNECTION;
  private readonly prepared = new Set<string>();
  /** Statements the server refused to run as prepared, by name, with how many times: they are prepared again under a new name. */
  private readonly retired = new Map<string, number>();

  // pg's overloads (text or config, callback or promise, Submittable) pass through untouched but for the name.
  override query(...args: unknown[]): never {
    const [first, values] = args as [QueryConfig | string, unknown[] | undefined];
    const config: QueryConfig | undefined = typeof first === 'string' ? { text: first } : first;
    const plain = typeof config === 'object' && config !== null && typeof config.text === 'string' && !config.name && !('submit' in config);
    const params = plain ? (Array.isArray(values) ? values : config.values) : undefined;
    let base: string | undefined;
    if (plain && params && params.length > 0 && config.text.length <= MAX_PREPARED_TEXT) {
      base = preparedName(config.text);
      const generation = this.retired.get(base);
      const name = generation === undefined ? base : `${base}_${generation}`;
      if (this.prepared.has(name) || this.prepared.size < this.capacity) {
        this.prepared.add(name);
        args[0] = { ...config, name };
      } else {
        base = undefined;
      }
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (base === undefined || !(result instanceof Promise)) return result as never;
    const named = base;
    return result.catch((err: unknown) => {
      if (isStalePrepared(err)) this.retired.set(named, (this.retired.get(named) ?? 0) + 1);
      throw err;
    }) as never;
  }
}

/**
 * A prepared statement the server can no longer run as it was prepared: a table it reads changed
 * the type of a column it returns (a migration applied by another process: "cached plan must not
 * change result type"), or it was dropped behind the client's back (DEALLOCATE ALL, a pooler).
 * That run fails; the next one prepares the text again under a new name.
 */
function isStalePrepared(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '26000' || (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? ''));
}
