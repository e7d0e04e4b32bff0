import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ListQuery } from '../../common/http/list-query.dto';
import { RemarkField } from '../../common/http/remark';
import { NonNegativeQuantityDto, QuantityEntryDto } from '../../inventory/dto/quantity.dto';
import { TRANSFER_SORT_FIELDS, TRANSFER_STATUSES } from '../transfer-rules';

const uuid = (field: string) => IsUUID('all', { message: `${field} must be a valid id` });

/** Quantities to move: one entry per unit, each value > 0 with at most 3 decimals. */
function QuantityList(): PropertyDecorator {
  return (target, key) => {
    IsArray()(target, key);
    ArrayNotEmpty({ message: `${String(key)} must list at least one unit` })(target, key);
    ArrayMaxSize(20)(target, key);
    IsObject({ each: true, message: `${String(key)} must list {name, value} entries` })(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => QuantityEntryDto)(target, key);
  };
}

/** POST /api/transfers/create: a draft transfer out of the caller's warehouse. */
export class CreateTransferDto {
  /** The source warehouse: the caller's own (403 otherwise). */
  @uuid('from_warehouse')
  from_warehouse: string;

  /** The destination warehouse, another than the source (400). */
  @uuid('to_warehouse')
  to_warehouse: string;

  /** The transfer's reference (TRN), unique (409). */
  @IsString({ message: 'trn must be a text' })
  @IsNotEmpty({ message: 'trn is required' })
  @MaxLength(100)
  trn: string;

  /** A remark, a string or `{content}`. */
  @RemarkField()
  remark?: string;
}

/** POST /api/transfers/product/add: a line for one source record. */
export class AddTransferLineDto {
  @uuid('transfer_id')
  transfer_id: string;

  /** An inventory record of the source warehouse. */
  @uuid('inventory')
  inventory: string;

  /** Per unit, each at most the record's available stock (409). */
  @QuantityList()
  quantity: QuantityEntryDto[];
}

/** POST /api/transfers/product/update: a line's new quantity. */
export class UpdateTransferLineDto {
  @uuid('transfer_id')
  transfer_id: string;

  @uuid('line_id')
  line_id: string;

  @QuantityList()
  quantity: QuantityEntryDto[];
}

/** POST /api/transfers/product/remove. */
export class RemoveTransferLineDto {
  @uuid('transfer_id')
  transfer_id: string;

  @uuid('line_id')
  line_id: string;
}

/** POST /api/transfers/dispatch and /cancel: a step with an optional remark. */
export class TransferStepDto {
  @uuid('transfer_id')
  transfer_id: string;

  @RemarkField()
  remark?: string;
}

/** What arrived of one line. */
export class ReceivedLineDto {
  @uuid('line_id')
  line_id: string;

  @IsArray()
  @ArrayMaxSize(20)
  @IsObject({ each: true, message: 'quantity must list {name, value} entries' })
  @ValidateNested({ each: true })
  @Type(() => NonNegativeQuantityDto)
  quantity: NonNegativeQuantityDto[];
}

/**
 * POST /api/transfers/receive: lines not listed (and units not listed) arrived in full; a
 * shortfall requires `remark`.
 */
export class ReceiveTransferDto {
  @uuid('transfer_id')
  transfer_id: string;

  @ApiPropertyOptional({ type: [ReceivedLineDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsObject({ each: true, message: 'lines must list {line_id, quantity} entries' })
  @ValidateNested({ each: true })
  @Type(() => ReceivedLineDto)
  lines?: ReceivedLineDto[];

  @RemarkField()
  remark?: string;
}

/**
 * GET /api/transfers/all query: paging, `search` (TRN), `status` (one or several), `warehouse`
 * (from or to), created days `from`/`to`, `sort` createdAt|trn|status and `order`.
 */
export class TransferListQueryDto extends ListQuery(TRANSFER_STATUSES, TRANSFER_SORT_FIELDS, 'TRN') {}
