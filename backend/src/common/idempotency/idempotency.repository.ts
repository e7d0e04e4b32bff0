import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../database/database';
import { idempotencyKeys } from '../../database/schema';

/** A request claiming an `Idempotency-Key`. */
export interface KeyClaim {
  userId: string;
  key: string;
  /** `METHOD /path` */
  route: string;
  /** SHA-256 (hex) of the canonical JSON body. */
  requestHash: string;
}

/** A stored key: `statusCode` 0 while the first request is still running. */
export interface StoredKey {
  route: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/** The status code of a reservation whose request has not finished yet. */
export const IN_PROGRESS = 0;

/** Every query on idempotency_keys. */
export class IdempotencyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts an in-progress reservation (status 0, response `{}`) unless the user already holds
   * the key; true when this call took it. The primary key (user_id, key) makes it atomic.
   */
  async reserve(c: KeyClaim): Promise<boolean> {
    const rows = await this.db
      .insert(idempotencyKeys)
      .values({ ...c, statusCode: IN_PROGRESS, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length === 1;
  }

  /** The stored key of this user, if any. */
  async find(userId: string, key: string): Promise<StoredKey | undefined> {
    const [row] = await this.db
      .select({
        route: idempotencyKeys.route,
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row;
  }

  /** Stores the final answer of a reservation. */
  async complete(userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ statusCode, response: response ?? {} })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  /** Drops a reservation that is still in progress (its request failed: the client may retry). */
  async release(userId: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.statusCode, IN_PROGRESS)));
  }

  /** Deletes keys created more than `hours` ago (index on created_at). */
  async purgeOlderThan(hours: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`));
  }
}
