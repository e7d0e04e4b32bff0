import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DB_HANDLE } from '../database/database.module';
import type { DatabaseHandle } from '../database/database';
import { RetryLaterException } from './retry-later';

/** Sign-in attempts allowed per email and client address within the window (5 failures per 15 min). */
export const LOGIN_FAILURES_ALLOWED = 5;
/** Sign-in attempts allowed per client address, whatever the email, within the window. */
export const LOGIN_ADDRESS_ATTEMPTS_ALLOWED = 50;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** The table of migration 0004 that holds the counts on PostgreSQL. */
const TABLE = 'login_rate_limits';

/** A counter in the shared PostgreSQL table, or in memory on PGlite (a single process). */
function counter(handle: DatabaseHandle, keyPrefix: string, points: number): RateLimiterAbstract {
  const opts = { keyPrefix, points, duration: LOGIN_WINDOW_SECONDS };
  if (!handle.pool) return new RateLimiterMemory(opts);
  return new RateLimiterPostgres({ ...opts, storeClient: handle.pool, storeType: 'pool', tableName: TABLE, tableCreated: true });
}

/**
 * Sign-in limits, with rate-limiter-flexible. Every attempt is counted
 * atomically BEFORE its password is checked, so parallel guesses cannot all slip through: per
 * email and client address (5 per 15 minutes; cleared by a successful sign-in) and per client
 * address (50 per 15 minutes; a successful sign-in gives its point back). On PostgreSQL the counts
 * live in `login_rate_limits`, shared by every API process on the database.
 */
@Injectable()
export class LoginLimiter {
  private readonly account: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;

  constructor(@Inject(DB_HANDLE) handle: DatabaseHandle) {
    this.account = counter(handle, 'login_account', LOGIN_FAILURES_ALLOWED);
    this.address = counter(handle, 'login_address', LOGIN_ADDRESS_ATTEMPTS_ALLOWED);
  }

  /** Counts one attempt for `email` from `ip`; throws 429 with Retry-After once either limit is used up. */
  async consume(email: string, ip: string): Promise<void> {
    const results = await Promise.allSettled([this.account.consume(accountKey(email, ip)), this.address.consume(ip)]);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const storeError = refused.find((reason) => !(reason instanceof RateLimiterRes));
    if (storeError) throw storeError;
    if (refused.length) throw tooMany(Math.max(...refused.map((r) => (r as RateLimiterRes).msBeforeNext)));
  }

  /** After a successful sign-in: the email's failures are forgotten, the address gets its point back. */
  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([this.account.delete(accountKey(email, ip)), this.address.reward(ip, 1)]);
  }

  /** Gives back an attempt whose password was never checked (the hashing queue was full). */
  async refund(email: string, ip: string): Promise<void> {
    await Promise.all([this.account.reward(accountKey(email, ip), 1), this.address.reward(ip, 1)]);
  }
}

/** Fixed-length key (the table's key is varchar(255)); case-insensitive like sign-in itself. */
function accountKey(email: string, ip: string): string {
  return createHash('sha256').update(`${email.toLowerCase()}|${ip}`).digest('base64url');
}

function tooMany(msBeforeNext: number): RetryLaterException {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60000));
  return new RetryLaterException(
    `Too many failed sign-in attempts. Try again in ${minutes} minute(s).`,
    HttpStatus.TOO_MANY_REQUESTS,
    Math.ceil(msBeforeNext / 1000),
  );
}
