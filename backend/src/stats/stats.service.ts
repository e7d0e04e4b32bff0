import { BadRequestException, Injectable } from '@nestjs/common';
import { scopeWarehouse, type AuthUser } from '../common/auth/auth-user';
import type {
  CountsView,
  InOutView,
  PeriodicOutgoingDto,
  PeriodicSeriesView,
  PeriodicView,
  RankProductsDto,
  TopCustomerView,
  TopProductView,
} from './dto/stats.dto';
import { countPeriods, listPeriods, MAX_PERIODS, utcDay } from './periods';
import { AppConfig } from '../config/app-config';
import { MonthEndSealer } from './month-end-sealer';
import { StatsCache } from './stats-cache';
import { StatsRepository, type PeriodicRow, type StatsScope } from './stats.repository';

/** Rows of the top-selling, top-customer and interval charts. */
const TOP = 10;
/** Product-units in the in-vs-out chart. */
const IN_OUT = 20;

/**
 * Dashboard statistics.
 * Users tied to a warehouse see their warehouse's movements only. Quantities are summed per
 * unit: every ranking row names its `unit`. Days are UTC. Rankings are memoised until the next
 * movement (at most STATS_MEMO_SECONDS, 60 by default), so a busy dashboard costs one aggregation per change.
 */
@Injectable()
export class StatsService {
  /** Undefined when STATS_MEMO_SECONDS is 0: every request queries, without reading the ledger version first. */
  private readonly cache?: StatsCache;

  constructor(
    private readonly stats: StatsRepository,
    private readonly sealer: MonthEndSealer,
    config: AppConfig,
  ) {
    if (config.STATS_MEMO_SECONDS > 0) this.cache = new StatsCache(config.STATS_MEMO_SECONDS * 1000);
  }

  /** `compute` memoised per question while no movement is recorded (see {@link StatsCache}). */
  private async cached<T>(question: string, scope: StatsScope, compute: () => Promise<T>): Promise<T> {
    if (scope.from || scope.to) this.sealer.kick(); // date-ranged answers read the month-end totals
    if (!this.cache) return compute();
    const key = JSON.stringify([question, scope]);
    return this.cache.get(key, await this.stats.ledgerVersion(), compute);
  }

  counts(user: AuthUser): Promise<CountsView> {
    return this.stats.counts(scopeWarehouse(user));
  }

  topOutgoingProducts(user: AuthUser): Promise<TopProductView[]> {
    const scope = { warehouseId: scopeWarehouse(user) };
    return this.cached('top-products', scope, () => this.stats.topOutgoingProducts(scope.warehouseId, TOP));
  }

  topCustomers(user: AuthUser): Promise<TopCustomerView[]> {
    const scope = { warehouseId: scopeWarehouse(user) };
    return this.cached('top-customers', scope, () => this.stats.topCustomers(scope.warehouseId, TOP));
  }

  /** 400 when endDate is before startDate; 403 for another warehouse than the caller's own. */
  async inVsOut(user: AuthUser, dto: RankProductsDto): Promise<InOutView[]> {
    const scope = { warehouseId: scopeWarehouse(user, dto.warehouseId), ...dayRange(dto.startDate, dto.endDate) };
    return this.cached('in-vs-out', scope, () => this.stats.inVsOut(scope, IN_OUT));
  }

  /**
   * Outgoing quantity per period of the 10 product-units with most outgoing in the range;
   * periods without movements are 0. 400 when the range is reversed or spans > 366 periods.
   */
  async periodicOutgoing(user: AuthUser, dto: PeriodicOutgoingDto): Promise<PeriodicView> {
    const { from, to } = dayRange(dto.startDate, dto.endDate) as { from: string; to: string };
    if (countPeriods(from, to, dto.period) > MAX_PERIODS) {
      throw new BadRequestException(`The range holds more than ${MAX_PERIODS} ${dto.period} periods`);
    }
    const periods = listPeriods(from, to, dto.period);
    const scope = { warehouseId: scopeWarehouse(user), from, to };
    const rows = await this.cached(`periodic-${dto.period}`, scope, () => this.stats.periodicOutgoing(scope, dto.period, TOP));
    return { period: dto.period, startDate: from, endDate: to, periods, series: toSeries(rows, periods) };
  }
}

/** The UTC day range of optional ISO dates; 400 when reversed. */
function dayRange(start?: string, end?: string): { from?: string; to?: string } {
  const from = start ? utcDay(start) : undefined;
  const to = end ? utcDay(end) : undefined;
  if (from && to && to < from) throw new BadRequestException('endDate must not be before startDate');
  return { from, to };
}

/** Dense series (0 for empty periods), largest total first. */
function toSeries(rows: PeriodicRow[], periods: string[]): PeriodicSeriesView[] {
  const index = new Map(periods.map((p, i) => [p, i]));
  const series = rows.map((r) => {
    const quantities = periods.map(() => 0);
    r.buckets.forEach((bucket, i) => (quantities[index.get(bucket)!] = r.quantities[i]));
    return { productId: r.productId, productName: r.productName, unit: r.unit, totalQuantity: roundQty(quantities.reduce((a, b) => a + b, 0)), quantities };
  });
  return series.sort((a, b) => b.totalQuantity - a.totalQuantity || a.productName.localeCompare(b.productName));
}

/** Quantities have 3 decimals; this drops float noise from adding them. */
function roundQty(n: number): number {
  return Math.round(n * 1000) / 1000;
}
