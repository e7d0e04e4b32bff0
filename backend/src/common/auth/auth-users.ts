import { Inject, Injectable, Optional } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../../config/app-config';
import { DB } from '../../database/database.module';
import type { Database } from '../../database/database';
import { users } from '../../database/schema';

/** What the token guard reads of a user. */
export type AuthUserRow = Pick<typeof users.$inferSelect, 'id' | 'role' | 'firstName' | 'lastName' | 'email' | 'warehouseId' | 'removed' | 'sessionVersion' | 'calendar'>;

/** The token guard's user look-up, built and prepared once (a named statement whose plan each connection caches): it runs on every authenticated request. */
const prepareAuthUser = (db: Database) =>
  db
    .select({
      id: users.id,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      warehouseId: users.warehouseId,
      removed: users.removed,
      sessionVersion: users.sessionVersion,
      calendar: users.calendar,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_user');

/**
 * The signed-in users as the token guard reads them, each kept for AUTH_USER_CACHE_MS (0: read on
 * every request). Whoever writes users calls {@link forgetAll}, so a change made through this
 * process counts at once, and one made through another process within that time.
 */
@Injectable()
export class AuthUsers {
  private readonly authUser: ReturnType<typeof prepareAuthUser>;
  /** The users read lately (absent when AUTH_USER_CACHE_MS is 0); unknown ids are not kept. */
  private readonly cache?: LRUCache<string, AuthUserRow>;
  /** Raised by every write: a read that started before it is not kept. */
  private writes = 0;

  constructor(@Inject(DB) db: Database, @Optional() config?: AppConfig) {
    this.authUser = prepareAuthUser(db);
    const ttl = config?.AUTH_USER_CACHE_MS ?? 0;
    this.cache = ttl > 0 ? new LRUCache({ max: 10_000, ttl, ttlAutopurge: false }) : undefined;
  }

  /** What the token guard needs of user `id` (undefined when unknown). */
  async find(id: string): Promise<AuthUserRow | undefined> {
    const known = this.cache?.get(id);
    if (known) return known;
    const writes = this.writes;
    const [row] = await this.authUser.execute({ id });
    if (row && writes === this.writes) this.cache?.set(id, row);
    return row;
  }

  /**
   * Forgets what {@link find} read of user `id`, so its next read is the database's row now (an
   * event stream checks the account when it opens and when the user changes on any process).
   */
  forget(id: string): void {
    this.cache?.delete(id);
  }

  /** Forgets every user read (a user is being written). */
  forgetAll(): void {
    this.writes++;
    this.cache?.clear();
  }
}
