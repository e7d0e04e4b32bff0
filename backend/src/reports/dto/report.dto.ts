import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { VALUATION_SORT_FIELDS } from '@inventory/common';
import { OptionalPageDto } from '../../common/http/pagination.dto';
import { Sortable } from '../../common/http/sort';

/**
 * Which inventory records the asset valuation report holds: optional filters, all records when
 * absent. The body of POST /api/reports/asset/valuations/totals; the report's other routes take
 * it with their sort and paging ({@link ValuationReportDto}).
 */
export class ValuationFilterDto {
  /** Only this product category. */
  @IsOptional()
  @IsUUID('all', { message: 'productCategoryId must be a valid id' })
  productCategoryId?: string;

  /** Only this warehouse; users tied to a warehouse always get theirs (403 for another). */
  @IsOptional()
  @IsUUID('all', { message: 'warehouseId must be a valid id' })
  warehouseId?: string;
}

/**
 * POST /api/reports/asset/valuations(/excel) body: the filters of {@link ValuationFilterDto} and,
 * for the JSON rows, `sort`/`order` (without `sort`: warehouse, category, product name) and
 * `page`/`limit` (also accepted in the query string; the body wins): without either, every row.
 * The workbook keeps its order and holds every row (`sort`, `order`, `page` and `limit` accepted
 * and ignored).
 */
export class ValuationReportDto extends Sortable(VALUATION_SORT_FIELDS, IntersectionType(ValuationFilterDto, OptionalPageDto)) {}

/** One inventory record of the asset valuation report. Money: decimal strings, 2 places. */
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

/**
 * POST /api/reports/asset/valuations/totals `data`: the number of records matching the filters and
 * the exact sums of their money, computed in the database at the instant of the request (money as
 * decimal strings with two places). The Excel export's Total row has the same fields.
 */
export class ValuationTotals {
  /** Matching inventory records. */
  @ApiProperty({ example: 6057 })
  records!: number;

  /** Sum of the purchased prices (a record without one counts 0). */
  @ApiProperty({ example: '1269.99' })
  purchasedPrice!: string;

  /** Sum of the current values of one unit. */
  @ApiProperty({ example: '964.99' })
  currentValue!: string;

  /** Sum of the valuations (current value × on-hand quantity). */
  @ApiProperty({ example: '2749.96' })
  valuation!: string;
}

/** The success envelope of POST /api/reports/asset/valuations/totals. */
export class ValuationTotalsResponse {
  @ApiProperty({ example: 'Asset valuation totals fetched successfully' })
  message!: string;

  @ApiProperty({ type: ValuationTotals })
  data!: ValuationTotals;
}

/**
 * POST /api/reports/asset/valuations `data`: the rows (one page of them with `page`/`limit`, else
 * all); `total_count`, the number of matching rows, only when paged. The totals are a route of
 * their own (asked once per filter, not per page).
 */
export interface ValuationReportView {
  valuations: ValuationView[];
  total_count?: number;
}
