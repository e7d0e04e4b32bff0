import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { IsoDateString } from '../../common/http/iso-date';
import { PERIODS, type Period } from '../periods';

const DATE_MESSAGE = '$property must be an ISO 8601 date (YYYY-MM-DD)';

/** POST /api/stats/rank/products body: an optional day range (UTC, inclusive) and warehouse. */
export class RankProductsDto {
  /** First day counted (UTC, inclusive); all history when absent. */
  @IsOptional()
  @IsoDateString({ message: DATE_MESSAGE })
  startDate?: string;

  /** Last day counted (UTC, inclusive); up to today when absent. */
  @IsOptional()
  @IsoDateString({ message: DATE_MESSAGE })
  endDate?: string;

  /** Limits to one warehouse; users tied to a warehouse always get theirs (403 for another). */
  @IsOptional()
  @IsUUID('all', { message: 'warehouseId must be a valid id' })
  warehouseId?: string;
}

/** POST /api/stats/rank/products/outgoing/periodic/numbers body. */
export class PeriodicOutgoingDto {
  /** First day (UTC, inclusive). */
  @IsoDateString({ message: DATE_MESSAGE })
  startDate: string;

  /** Last day (UTC, inclusive). */
  @IsoDateString({ message: DATE_MESSAGE })
  endDate: string;

  /** daily, weekly (ISO weeks, Monday first) or monthly. */
  @IsIn(PERIODS, { message: `period must be one of ${PERIODS.join(', ')}` })
  period: Period;
}

/** GET /api/stats/count `data`: active records. */
export interface CountsView {
  userCount: number;
  productCount: number;
  /** Inventory records of active products in active warehouses (the caller's warehouse when tied to one). */
  inventoryCount: number;
  customerCount: number;
  warehouseCount: number;
  categoryCount: number;
}

/** A top-selling product row: delivered (outgoing) quantity in one unit. */
export interface TopProductView {
  productId: string;
  productName: string;
  unit: string;
  totalQuantity: number;
  /** Number of outgoing movements. */
  frequency: number;
}

/** Incoming against outgoing quantity of one product in one unit. */
export interface InOutView {
  productId: string;
  productName: string;
  unit: string;
  incomingQuantity: number;
  outgoingQuantity: number;
}

/** A top customer row: outgoing movements and quantity in one unit. */
export interface TopCustomerView {
  customerId: string;
  customerName: string;
  unit: string;
  totalTransactions: number;
  totalQuantity: number;
}

/** One product-unit line of the interval chart: `quantities[i]` belongs to `periods[i]`. */
export interface PeriodicSeriesView {
  productId: string;
  productName: string;
  unit: string;
  totalQuantity: number;
  quantities: number[];
}

/** The interval outgoing chart: period start days and up to 10 product-unit series. */
export interface PeriodicView {
  period: Period;
  startDate: string;
  endDate: string;
  periods: string[];
  series: PeriodicSeriesView[];
}
