import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { DecimalField } from '../../common/http/decimal';
import { ListQuery } from '../../common/http/list-query.dto';
import { RemarkField } from '../../common/http/remark';
import { ReasonField } from '../../incoming/dto/reason';
import { MAX_QUANTITY } from '../../inventory/quantity';
import { ADJUSTMENT_REASONS, ADJUSTMENT_STATUSES, ALL_ADJUSTMENT_REASONS, type AdjustmentReason } from '../adjustment-rules';

const uuid = (field: string) => IsUUID('all', { message: `${field} must be a valid id` });
const REASON_MESSAGE = `reason must be one of ${ADJUSTMENT_REASONS.join(', ')}`;

/**
 * One signed quantity `{name, value}` of an adjustment: `name` a unit of the record's product
 * (checked by the service, 400 naming `quantity.<i>.name`), `value` non-zero with at most 3
 * decimals: positive adds, negative removes.
 */
export class AdjustmentQuantityDto {
  /** The unit of measure, e.g. "pcs". */
  @IsString()
  @IsNotEmpty({ message: 'Missing unit name' })
  @MaxLength(100)
  name: string;

  /** The change in this unit: > 0 adds, < 0 removes; never 0; at most 3 decimals. */
  @DecimalField({ places: 3, min: -MAX_QUANTITY, max: MAX_QUANTITY })
  @ValidateBy({ name: 'nonZero', validator: { validate: (v: unknown) => v !== 0, defaultMessage: () => 'value must not be 0: positive adds, negative removes' } })
  value: number;
}

/** POST /api/adjustments/create: a request to add or remove stock of one inventory record. */
export class CreateAdjustmentDto {
  /** The inventory record (a product in a warehouse) to adjust. */
  @uuid('inventory')
  inventory: string;

  /** One entry per unit of the product, each unit once. */
  @IsArray()
  @ArrayNotEmpty({ message: 'quantity must list at least one unit' })
  @ArrayMaxSize(20)
  @IsObject({ each: true, message: 'quantity must list {name, value} entries' })
  @ValidateNested({ each: true })
  @Type(() => AdjustmentQuantityDto)
  quantity: AdjustmentQuantityDto[];

  /** damaged, expired, lost, found or other. */
  @IsIn(ADJUSTMENT_REASONS, { message: REASON_MESSAGE })
  reason: AdjustmentReason;

  /** What happened, a string or `{content}` (1 to 2000 characters). */
  @ReasonField()
  remark: string;
}

/** POST /api/adjustments/approve: finance posts a pending adjustment, with an optional remark. */
export class ApproveAdjustmentDto {
  @uuid('adjustment_id')
  adjustment_id: string;

  @RemarkField()
  remark?: string;
}

/** POST /api/adjustments/reject: finance refuses a pending adjustment; the reason is required. */
export class RejectAdjustmentDto {
  @uuid('adjustment_id')
  adjustment_id: string;

  /** Why, a string or `{content}` (1 to 2000 characters). */
  @ReasonField()
  remark: string;
}

/** Sort fields of the adjustments page. */
export const ADJUSTMENT_SORT_FIELDS = ['createdAt', 'status', 'reason'] as const;
export type AdjustmentSortField = (typeof ADJUSTMENT_SORT_FIELDS)[number];

/** `reason=a&reason=b` or `reason=a,b` as one list without blanks or repeats; other shapes stay for the validators. */
const reasonList = ({ value }: { value: unknown }): unknown => {
  const parts = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(parts) || !parts.every((p): p is string => typeof p === 'string')) return value;
  const list = [...new Set(parts.flatMap((p) => p.split(',')).map((s) => s.trim()).filter(Boolean))];
  return list.length > 0 ? list : undefined;
};

/**
 * GET /api/adjustments/all query: paging, `search` over the product's name and code, `status`
 * and `reason` (one or several each), `warehouse`, created days `from`/`to` and `sort`/`order`.
 */
export class AdjustmentListQueryDto extends ListQuery(ADJUSTMENT_STATUSES, ADJUSTMENT_SORT_FIELDS, 'product name or code') {
  /** One or several reasons. */
  @ApiPropertyOptional({ enum: ALL_ADJUSTMENT_REASONS, isArray: true, description: 'One or several reasons: reason=a&reason=b or reason=a,b' })
  @IsOptional()
  @Transform(reasonList)
  @IsArray({ message: `reason must be one or several of ${ALL_ADJUSTMENT_REASONS.join(', ')}` })
  @IsIn(ALL_ADJUSTMENT_REASONS, { each: true, message: `reason must be one or several of ${ALL_ADJUSTMENT_REASONS.join(', ')}` })
  reason?: AdjustmentReason[];
}
