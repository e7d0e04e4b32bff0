import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB } from '../database/database.module';
import type { Database, Tx } from '../database/database';
import { rowsOf } from '../database/raw-sql';
import { MONTH_END_LOCK, NIL_UUID } from '../inventory/movement-totals';

/** How long after a month's end it is sealed: longer than any posting transaction runs, so none dated in it is still open. */
const SEAL_AFTER = '1 hour';
/** The least time between two looks for months to seal, per process. */
const CHECK_EVERY_MS = 60_000;

/**
 * Writes the month-end totals (table stock_month_end_totals) of every month that is
 * over, oldest first, one transaction per month: the previous month's totals plus the month's
 * daily totals, per warehouse and for every warehouse together; a month without movements writes
 * no rows and points to the previous month's (a ledger imported from 2010 does not copy its last
 * totals into every month since). Movements are dated by their
 * transaction's start (the database's now()), so once a month has been over for SEAL_AFTER no
 * posting can add to it; imported history can, and forgets the later months first
 * (forgetMonthEndTotals), under the same advisory lock. Several processes may run this: the lock
 * lets one seal at a time. The statistics stay exact without these totals, only slower.
 */
@Injectable()
export class MonthEndSealer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MonthEndSealer.name);
  private running?: Promise<number>;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(@Inject(DB) private readonly db: Database) {}

  onApplicationBootstrap(): void {
    this.kick();
  }

  /** Lets a running seal finish before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** Starts {@link sealDue} in the background unless it runs or ran less than a minute ago. */
  kick(now = Date.now()): void {
    if (this.running || now - this.checkedAt < CHECK_EVERY_MS) return;
    this.checkedAt = now;
    this.running = this.sealAll(false)
      .catch((e: unknown) => {
        this.logger.warn(`Could not seal month-end totals: ${e instanceof Error ? e.message : String(e)}`);
        return 0;
      })
      .finally(() => (this.running = undefined));
  }

  /** Seals every month that is due, waiting for the lock when another process or an import holds it; returns how many it sealed. */
  sealDue(): Promise<number> {
    return this.sealAll(true);
  }

  /** Seals month after month while one is due; without `wait`, stops when another process or an import holds the lock. */
  private async sealAll(wait: boolean): Promise<number> {
    let sealed = 0;
    while (await this.db.transaction((tx) => this.sealNext(tx, wait))) sealed++;
    return sealed;
  }

  /** Seals the month after the last sealed one (or the ledger's first month) when it is due; false otherwise. */
  private async sealNext(tx: Tx, wait: boolean): Promise<boolean> {
    if (wait) await tx.execute(sql`SELECT pg_advisory_xact_lock(${MONTH_END_LOCK})`);
    else if (!(await rowsOf<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${MONTH_END_LOCK}) AS ok`))[0].ok) return false;
    const [next] = await rowsOf<{ month: string }>(
      tx,
      sql`SELECT to_char(m, 'YYYY-MM-DD') AS month FROM (SELECT coalesce(
          (SELECT max(month) + interval '1 month' FROM stock_sealed_months),
          date_trunc('month', (SELECT min(day) FROM stock_daily_totals)))::date AS m) x
        WHERE ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC') + ${SEAL_AFTER}::interval <= now()`,
    );
    if (!next) return false;
    const m = sql`${next.month}::date`;
    const previous = sql`(SELECT totals_month FROM stock_sealed_months WHERE month = (${m} - interval '1 month')::date)`;
    const [moved] = await rowsOf<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM stock_daily_totals WHERE day >= ${m} AND day < (${m} + interval '1 month')::date) AS any`);
    if (!moved.any) {
      // nothing moved: the month's totals are the previous month's, whose rows it points to
      await tx.execute(sql`INSERT INTO stock_sealed_months (month, totals_month) VALUES (${m}, ${previous})`);
      return true;
    }
    await tx.execute(sql`
      WITH w AS (
        SELECT warehouse_id, product_id, unit, sum(incoming) AS incoming, sum(outgoing) AS outgoing FROM (
          SELECT warehouse_id, product_id, unit, incoming_quantity AS incoming, outgoing_quantity AS outgoing FROM stock_month_end_totals
          WHERE month = ${previous} AND warehouse_id <> ${NIL_UUID}
          UNION ALL
          SELECT warehouse_id, product_id, unit, CASE WHEN transaction_type = 'incoming' THEN quantity ELSE 0 END,
            CASE WHEN transaction_type = 'outgoing' THEN quantity ELSE 0 END
          FROM stock_daily_totals WHERE day >= ${m} AND day < (${m} + interval '1 month')::date) x
        GROUP BY 1, 2, 3),
      per_warehouse AS (
        INSERT INTO stock_month_end_totals (month, warehouse_id, product_id, unit, incoming_quantity, outgoing_quantity)
        SELECT ${m}, warehouse_id, product_id, unit, incoming, outgoing FROM w),
      every_warehouse AS (
        INSERT INTO stock_month_end_totals (month, warehouse_id, product_id, unit, incoming_quantity, outgoing_quantity)
        SELECT ${m}, ${NIL_UUID}::uuid, product_id, unit, sum(incoming), sum(outgoing) FROM w GROUP BY product_id, unit)
      INSERT INTO stock_sealed_months (month, totals_month) VALUES (${m}, ${m})`);
    return true;
  }
}
