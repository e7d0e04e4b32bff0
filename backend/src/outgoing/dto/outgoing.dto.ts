import { Transform, Type } from 'class-transformer';
import {
  Allow as AllowField,
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { DecimalField, MONEY } from '../../common/http/decimal';
import { QuantityEntryDto } from '../../inventory/dto/quantity.dto';
import { OUTGOING_STATUSES } from '@inventory/common';
import { ReasonField } from '../../incoming/dto/reason';
import { RemarkField } from '../../common/http/remark';
import { trim } from '../../common/http/transforms';
import { ListQuery } from '../../common/http/list-query.dto';

const uuid = (field: string) => IsUUID('all', { message: `${field} must be a valid id` });

/** POST /api/outgoingLists/create: starts a draft list for a customer. */
export class CreateOutgoingListDto {
  /** The warehouse the goods leave from. */
  @uuid('warehouse')
  warehouse: string;

  /** The customer receiving the goods. */
  @uuid('customer')
  customer: string;

  /** The GIN/SIV reference, unique (409). */
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing GIN' })
  @MaxLength(100)
  gin: string;

  /** The fiscal receipt (FS) number, optional. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  fs_number?: string;

  /** `{content}` or a string: the first remark. */
  @RemarkField()
  remarks?: string;
}

/** The price of one of a delivered unit: `{name: 'box', price: 140}`. */
export class UnitPriceDto {
  /** A unit of the line's quantity. */
  @IsString()
  @IsNotEmpty({ message: 'Missing unit name' })
  @MaxLength(100)
  name: string;

  /** ETB, VAT included, at most 2 decimals, not negative. */
  @DecimalField(MONEY)
  price: number;
}

/** Product, quantity and prices of a line. */
export class LineQuantityDto {
  /** One entry per unit of the product, values > 0 with at most 3 decimals. */
  @IsArray()
  @ArrayNotEmpty({ message: 'quantity must list at least one unit' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => QuantityEntryDto)
  quantity: QuantityEntryDto[];

  /**
   * Price of one unit of the first quantity entry in ETB, VAT included, at most 2 decimals (the
   * other units keep their prices); null clears every price. For single-unit lines.
   */
  @DecimalField({ ...MONEY, optional: true, nullable: true })
  unitPrice?: number | null;

  /** A price per delivered unit, each unit of `quantity` at most once; replaces the line's prices (null or [] clears them). Not with `unitPrice`. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => UnitPriceDto)
  unitPrices?: UnitPriceDto[] | null;
}

/** POST /api/outgoingLists/product/add. The same inventory record twice adds to its line. */
export class AddLineDto extends LineQuantityDto {
  @uuid('list_id')
  list_id: string;

  /** The product id. */
  @uuid('product')
  product: string;

  /** The inventory record (product in the list's warehouse) the goods come from. */
  @uuid('inventory')
  inventory: string;

  /** The warehouse; when sent it must be the list's. */
  @IsOptional()
  @uuid('warehouse')
  warehouse?: string;
}

/** POST /api/outgoingLists/product/update: `product_id` is the line's `_id` or its product's id. */
export class UpdateLineDto extends LineQuantityDto {
  @uuid('list_id')
  list_id: string;

  @uuid('product_id')
  product_id: string;
}

/** POST /api/outgoingLists/product/remove. */
export class RemoveLineDto {
  @uuid('list_id')
  list_id: string;

  @uuid('product_id')
  product_id: string;
}

/** Body of every workflow step: the list and an optional remark (string or `{content}`). */
export class StepDto {
  @uuid('list_id')
  list_id: string;

  @RemarkField()
  remark?: string;

  /** Accepted for compatibility and ignored: the author is the signed-in user. */
  @AllowField()
  remark_by?: unknown;
}

/**
 * Body of return and cancel: the list and the reason, required (400 naming `remark`
 * when missing or blank); it is also stored as a remark of the list.
 */
export class CorrectionDto {
  @uuid('list_id')
  list_id: string;

  /** The reason, a string or `{content}` (1 to 2000 characters); its author is the signed-in user. */
  @ReasonField()
  remark: string;

  /** Accepted for compatibility and ignored: the author is the signed-in user. */
  @AllowField()
  remark_by?: unknown;
}

/** One line of a customer return: the list's line and how much of it comes back, per unit. */
export class CustomerReturnLineDto {
  /** The line `_id` (inventory_list[]._id of GET one/{id}). */
  @uuid('line_id')
  line_id: string;

  /** One entry per returned unit of the line's product, values > 0 with at most 3 decimals. */
  @IsArray()
  @ArrayNotEmpty({ message: 'quantity must list at least one unit' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => QuantityEntryDto)
  quantity: QuantityEntryDto[];
}

/**
 * POST /api/outgoingLists/customer-return: goods the customer of a delivered list
 * sends back, with the reason (required, 400 naming `remark`).
 */
export class CustomerReturnDto {
  @uuid('list_id')
  list_id: string;

  /** The returned lines, each line at most once. */
  @IsArray()
  @ArrayNotEmpty({ message: 'lines must list at least one line' })
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => CustomerReturnLineDto)
  lines: CustomerReturnLineDto[];

  /** The reason, a string or `{content}` (1 to 2000 characters). */
  @ReasonField()
  remark: string;

  /** Accepted for compatibility and ignored: the author is the signed-in user. */
  @AllowField()
  remark_by?: unknown;
}

/** GET /api/outgoingLists/{id}/credit-note query: which customer return to print. */
export class CreditNoteQueryDto {
  /** The `_id` of one of the list's customer_returns. */
  @uuid('return_id')
  return_id: string;
}

/** Sort fields of the outgoing lists: `customer` and `warehouse` are their names. */
export const OUTGOING_SORT_FIELDS = ['gin', 'status', 'customer', 'warehouse', 'fs_number', 'createdAt', 'updatedAt'] as const;
export type OutgoingSortField = (typeof OUTGOING_SORT_FIELDS)[number];

/**
 * GET /api/outgoingLists/all (and /api/outgoingLists) and /export query: paging,
 * `search` over the GIN, the customer's name and phones, the creator's name and the FS number,
 * `status` (one or several), `warehouse`, `from`/`to` and `sort`/`order`.
 */
export class ListQueryDto extends ListQuery(OUTGOING_STATUSES, OUTGOING_SORT_FIELDS, 'GIN, customer name or phone, creator name, FS number') {}
