import { Logger } from '@nestjs/common';
import { backOff } from 'exponential-backoff';
import type { Database, Tx } from '../../database/database';
import { isRetryableConflict } from '../../database/db-errors';
import type { ChangeFeed } from '../../database/change-feed';
import type { LedgerRollups } from './rollups';
import { Shortfall } from './shortfall';

/**
 * Tries of a posting transaction that hits a deadlock or serialization failure, and the backoff
 * between them: 20 ms growing threefold, at most 1 s, full jitter.
 */
const RETRY = { numOfAttempts: 5, startingDelay: 20, timeMultiple: 3, maxDelay: 1000, jitter: 'full' } as const;

/**
 * The transactions of the stock ledger and their retries: {@link run} opens one (its rollups
 * written at its end), {@link settle} runs a posting again on a deadlock or serialization failure,
 * explains a stock shortfall found by a posting statement (409) and announces committed postings
 * on the change feed.
 */
export class PostingRetry {
  private readonly logger = new Logger('StockLedgerService');

  constructor(
    private readonly db: Database,
    private readonly rollups: LedgerRollups,
    private readonly feed?: ChangeFeed,
  ) {}

  /**
   * Runs `fn` in one database transaction (rolled back when it throws) and writes the rollups of
   * its movements at the end. On a deadlock (40P01) or serialization failure (40001) the whole
   * transaction runs again, up to 5 tries with jittered exponential backoff; so `fn` must have
   * no effect outside the transaction. After the last try the error reaches the filter (503).
   */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.settle(() =>
      this.db.transaction(async (tx) => {
        this.rollups.open(tx);
        const result = await fn(tx);
        await this.rollups.write(tx);
        return result;
      }),
    );
  }

  /**
   * Runs a posting (a transaction, or one statement) with the retries of {@link run}; a
   * {@link Shortfall} becomes a 409 naming product, unit, requested and what is left, read after
   * the rollback. Once committed, the open event streams recount (levels may have crossed a
   * buffer stock).
   */
  async settle<T>(once: () => Promise<T>): Promise<T> {
    try {
      const result = await backOff(once, {
        ...RETRY,
        retry: (e: unknown, next: number) => {
          if (!isRetryableConflict(e)) return false;
          this.logger.warn(`A posting collided with a parallel one (deadlock or serialization failure): try ${next} of ${RETRY.numOfAttempts}`);
          return true;
        },
      });
      this.feed?.stockMoved();
      return result;
    } catch (e) {
      if (e instanceof Shortfall) throw e.conflict();
      throw e;
    }
  }
}
