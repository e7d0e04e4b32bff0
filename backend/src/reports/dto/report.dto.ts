import { IsOptional, IsUUID } from 'class-validator';
import { VALUATION_SORT_FIELDS } from '@inventory/common';
import { OptionalPageDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';

/**
 * POST /api/reports/asset/valuations(/excel) body: optional filters (all when absent) and, for the
 * JSON rows, `sort`/`order` (issue 13; without `sort`: warehouse, category, product name) and
 * `page`/`limit` (also accepted in the query string; the body wins): without either, every row. The
 * workbook keeps its order and holds every row (`page`/`limit` accepted and ignored).
 */
export class ValuationFilterDto extends Sortable(VALUATION_SORT_FIELDS, OptionalPageDto) {
  /** Only this product category. */
  @IsOptional()
  @IsUUID('all', { message: 'productCategoryId must be a valid id' })
  productCategoryId?: string;

  /** Only this warehouse; users tied to a warehouse always get theirs (403 for another). */
  @IsOptional()
  @IsUUID('all', { message: 'warehouseId must be a valid id' })
  warehouseId?: string;
}

/** One inventory record of the asset valuation report (spec 2, 9). Money: decimal strings, 2 places. */
export interface ValuationView {
  /** The inventory record id. */
  _id: string;
  productId: string;
  productName: string;
  productCode: string;
  categoryId: string;
  categoryName: string;
  warehouseId: string;
  warehouseName: string;
  /** On-hand quantity in the product's first unit. */
  quantity: { name: string; value: number };
  purchasedPrice: string | null;
  /** Percent per year. */
  depreciationRate: number | null;
  /** ISO 8601 UTC. */
  purchasedDate: string | null;
  /** Whole years since purchase (one year = 31,536,000,000 ms). */
  years: number;
  /** max(0, price − price × rate% × years). */
  currentValue: string;
  /** currentValue × quantity value. */
  valuation: string;
}

/** Sums over every matching row, computed in the database (money as decimal strings with two places). */
export interface ValuationTotals {
  records: number;
  purchasedPrice: string;
  currentValue: string;
  valuation: string;
}

/**
 * POST /api/reports/asset/valuations `data`: the rows (one page of them with `page`/`limit`, else
 * all) and the totals over every matching row; `total_count`, the number of matching rows, only
 * when paged (spec 9, issue 13).
 */
export interface ValuationReportView {
  valuations: ValuationView[];
  totals: ValuationTotals;
  total_count?: number;
}
