import { Global, Inject, Injectable, Logger, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { Subject, type Observable } from 'rxjs';
import { DB, DB_HANDLE } from './database.module';
import type { Database, DatabaseHandle } from './database';

/** The channel every API process LISTENs on (migration 0015). */
export const CHANGES_CHANNEL = 'backoffice_changes';

/**
 * A change announced on the channel (migrations 0015 and 0030): a list's, transfer's, count's or
 * adjustment's row (`id`, with `warehouses`: the warehouse, or a transfer's source and destination,
 * it belongs to), a user's role, warehouse, removal or session version (`users`, `id`), or `stock`
 * (levels moved).
 */
export interface Change {
  table: string;
  id?: string;
  warehouses?: string[];
}

/** How long stock announcements of one process are gathered into one NOTIFY. */
const STOCK_COALESCE_MS = 200;

/**
 * The changes of every API process on the database (live updates). Rows of lists,
 * transfers, counts and adjustments are announced by database triggers when their transaction
 * commits; stock movements by {@link stockMoved} after commit, gathered into at most one NOTIFY
 * per 200 ms (so postings never queue on the notification lock). Subscribers get every change,
 * from this process or another.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ChangeFeed.name);
  private readonly subject = new Subject<Change>();
  private stopListening?: () => Promise<void>;
  private stockTimer?: NodeJS.Timeout;

  constructor(
    @Inject(DB_HANDLE) private readonly handle: DatabaseHandle,
    @Inject(DB) private readonly db: Database,
  ) {}

  /** Every change, as it arrives. */
  get changes(): Observable<Change> {
    return this.subject.asObservable();
  }

  async onModuleInit(): Promise<void> {
    this.stopListening = await this.handle.listen(CHANGES_CHANNEL, (payload) => this.receive(payload));
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.stockTimer);
    await this.stopListening?.();
    this.subject.complete();
  }

  /** Announces that stock levels changed (a posting committed). */
  stockMoved(): void {
    if (this.stockTimer) return;
    this.stockTimer = setTimeout(() => {
      this.stockTimer = undefined;
      this.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, '{"table":"stock"}')`).catch((e: unknown) => this.logger.warn(`NOTIFY failed: ${e instanceof Error ? e.message : String(e)}`));
    }, STOCK_COALESCE_MS);
    this.stockTimer.unref();
  }

  private receive(payload: string): void {
    try {
      const change = JSON.parse(payload) as Change;
      if (typeof change?.table === 'string') this.subject.next(change);
    } catch {
      this.logger.warn(`Ignored a malformed change: ${payload.slice(0, 100)}`);
    }
  }
}

/** The change feed, for every module (the stock ledger announces postings through it). */
@Global()
@Module({ providers: [ChangeFeed], exports: [ChangeFeed] })
export class ChangeFeedModule {}
