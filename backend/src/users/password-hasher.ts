import { HttpStatus, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { AppConfig } from '../config/app-config';
import { RetryLaterException } from './retry-later';

/** Seconds a client is asked to wait when every hashing slot and queue place is taken. */
export const HASHING_BUSY_RETRY_SECONDS = 2;

/** Thrown when the hashing queue is full: 503 with Retry-After. */
export class PasswordChecksBusyException extends RetryLaterException {
  constructor() {
    super('The server is busy checking passwords; please try again in a few seconds', HttpStatus.SERVICE_UNAVAILABLE, HASHING_BUSY_RETRY_SECONDS);
  }
}

/**
 * Argon2 (the library's default argon2id settings) with a bound on the work in flight
 *. At most PASSWORD_HASH_CONCURRENCY hashes run at once, at most
 * PASSWORD_HASH_QUEUE wait for a slot (first come, first served), and any further one fails at
 * once with {@link PasswordChecksBusyException}: a burst of sign-ins cannot take every core and
 * every libuv thread from the other requests.
 */
@Injectable()
export class PasswordHasher {
  private readonly limit: pLimit.Limit;
  /** Checks allowed in flight: running plus queued. */
  private readonly capacity: number;
  /** Hash of a random secret: checked when there is no user, so a miss takes as long as a wrong password. */
  private readonly dummyHash: Promise<string>;

  constructor(config: AppConfig) {
    this.limit = pLimit(config.PASSWORD_HASH_CONCURRENCY);
    this.capacity = config.PASSWORD_HASH_CONCURRENCY + config.PASSWORD_HASH_QUEUE;
    this.dummyHash = argon2.hash(randomBytes(32));
  }

  /** The argon2 hash of `password`; 503 when busy. */
  hash(password: string): Promise<string> {
    return this.bounded(() => argon2.hash(password));
  }

  /**
   * True when `password` matches `hash`. Without a hash (unknown email, removed user) it verifies
   * against a dummy hash and answers false, taking the time a wrong password takes; 503 when busy.
   */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    const target = hash ?? (await this.dummyHash);
    const matches = await this.bounded(() => argon2.verify(target, password));
    return matches && hash !== undefined;
  }

  /** Runs `work` in a free slot (first come, first served); busy when the queue is full. */
  private bounded<T>(work: () => Promise<T>): Promise<T> {
    const { limit } = this;
    if (limit.activeCount + limit.pendingCount >= this.capacity) return Promise.reject(new PasswordChecksBusyException());
    return limit(work);
  }
}
