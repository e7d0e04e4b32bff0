import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { QuantityEntryDto } from './quantity.dto';
import { DecimalField, MONEY, RATE } from '../../common/http/decimal';
import { PastIsoDateField } from '../../common/http/iso-date';
import { RemarkField } from '../../common/http/remark';
import { trim } from '../../common/http/transforms';

/** POST /api/inventory/incoming body: a direct receipt. */
export class ReceiveDto {
  /** Warehouse id; a warehouseAdmin may only use its own (403). */
  @IsUUID('all', { message: 'warehouse must be a valid id' })
  warehouse: string;

  /** Product id. */
  @IsUUID('all', { message: 'product must be a valid id' })
  product: string;

  /** Optional category id sent by the original client; must be the product's category. */
  @IsOptional()
  @IsUUID('all', { message: 'productCategory must be a valid id' })
  productCategory?: string;

  /** One entry per unit received, units of the product, values > 0 with at most 3 decimals. */
  @IsArray()
  @ArrayNotEmpty({ message: 'Missing quantity' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => QuantityEntryDto)
  quantity: QuantityEntryDto[];

  /** Goods received note reference (Ref./GRN/). */
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing GRN' })
  @MaxLength(100)
  grn: string;

  /** A remark: text or `{content, remark_by}`. */
  @RemarkField()
  remarks?: string;

  /** Unit purchase price (ETB, 2 decimals); later receipts average it by quantity. */
  @DecimalField({ ...MONEY, optional: true })
  purchasedPrice?: number;

  /** Yearly depreciation rate in percent (0-100, 3 decimals). */
  @DecimalField({ ...RATE, optional: true })
  depreciationRate?: number;

  /** Purchase date: an ISO date from 1970-01-01 to today. */
  @PastIsoDateField()
  purchasedDate?: Date;
}

/** POST /api/inventory/outgoing body: a direct issue from an inventory record. */
export class IssueDto {
  /** Inventory record id. */
  @IsUUID('all', { message: 'id must be a valid id' })
  id: string;

  /** One entry per unit issued. */
  @IsArray()
  @ArrayNotEmpty({ message: 'Missing quantity' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => QuantityEntryDto)
  quantity: QuantityEntryDto[];

  /** Goods issue note reference (Ref./SIV/). */
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Missing GIN' })
  @MaxLength(100)
  gin: string;

  /** Who took the goods. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  taken_by?: string;
}
