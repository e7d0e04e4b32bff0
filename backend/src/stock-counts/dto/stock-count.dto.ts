import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { ListQuery } from '../../common/http/list-query.dto';
import { RemarkField } from '../../common/http/remark';
import { ReasonField } from '../../incoming/dto/reason';
import { NonNegativeQuantityDto } from '../../inventory/dto/quantity.dto';
import { STOCK_COUNT_SORT_FIELDS, STOCK_COUNT_STATUSES } from '../stock-count-rules';

const uuid = (field: string) => IsUUID('all', { message: `${field} must be a valid id` });

/** POST /api/stockCounts/create: a count of the caller's warehouse, optionally of one category, optionally blind. */
export class CreateStockCountDto {
  @uuid('warehouse')
  warehouse: string;

  /** Only the records of this category. */
  @IsOptional()
  @uuid('category')
  category?: string;

  /** Hide the expected quantities from the counter. */
  @IsOptional()
  @IsBoolean({ message: 'blind must be true or false' })
  blind?: boolean;
}

/** POST /api/stockCounts/line/update: what was counted of one line, per unit (units of the product, each once). */
export class UpdateCountLineDto {
  @uuid('count_id')
  count_id: string;

  @uuid('line_id')
  line_id: string;

  @IsArray()
  @ArrayNotEmpty({ message: 'counted must list at least one unit' })
  @ArrayMaxSize(20)
  @IsObject({ each: true, message: 'counted must list {name, value} entries' })
  @ValidateNested({ each: true })
  @Type(() => NonNegativeQuantityDto)
  counted: NonNegativeQuantityDto[];
}

/** POST /api/stockCounts/submit, /approve, /cancel: a step with an optional remark. */
export class StockCountStepDto {
  @uuid('count_id')
  count_id: string;

  @RemarkField()
  remark?: string;
}

/** POST /api/stockCounts/return: back to counting; the reason is required. */
export class ReturnStockCountDto {
  @uuid('count_id')
  count_id: string;

  @ReasonField()
  remark: string;
}

/** GET /api/stockCounts/{id}/sheet query. */
export class CountSheetQueryDto {
  /** Only xlsx. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['xlsx'], { message: 'format must be xlsx' })
  format?: 'xlsx';
}

/**
 * GET /api/stockCounts/all query: paging, `search` (the count's number, `SC-12` or `12`), `status`
 * (one or several), `warehouse`, created days `from`/`to`, `sort` createdAt|number|status and `order`.
 */
export class StockCountListQueryDto extends ListQuery(STOCK_COUNT_STATUSES, STOCK_COUNT_SORT_FIELDS, 'count number (SC-12)') {}
