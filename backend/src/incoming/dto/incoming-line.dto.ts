import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsUUID, ValidateNested } from 'class-validator';
import { DecimalField, MONEY, RATE } from '../../common/http/decimal';
import { QuantityEntryDto } from '../../inventory/dto/quantity.dto';

/** Fields shared by product/add and product/update: the quantity per unit, a price and a depreciation rate. */
class LineQuantityDto {
  /** One entry per unit of the product, each value > 0 (units checked against the product: 400). */
  @IsArray()
  @ArrayNotEmpty({ message: 'quantity must list at least one unit' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => QuantityEntryDto)
  quantity: QuantityEntryDto[];

  /**
   * Purchase price per unit in ETB (>= 0, 2 decimals), written to the inventory record at
   * approval. Absent keeps the line's price, null clears it (as outgoing unitPrice does).
   */
  @DecimalField({ ...MONEY, optional: true, nullable: true })
  purchasedPrice?: number | null;

  /**
   * Yearly depreciation rate in percent (0-100, 3 decimals), written to the inventory record at
   * approval. Absent keeps the line's rate, null clears it.
   */
  @DecimalField({ ...RATE, optional: true, nullable: true })
  depreciationRate?: number | null;
}

/** POST /api/incomingLists/product/add body: the same product twice adds to its line. */
export class AddIncomingLineDto extends LineQuantityDto {
  @IsUUID('all', { message: 'list_id must be a valid id' })
  list_id: string;

  /** The product id. */
  @IsUUID('all', { message: 'product must be a valid id' })
  product: string;
}

/** POST /api/incomingLists/product/update body: replaces the line's quantity (and price and rate when sent). */
export class UpdateIncomingLineDto extends LineQuantityDto {
  @IsUUID('all', { message: 'list_id must be a valid id' })
  list_id: string;

  /** The product id of the line. */
  @IsUUID('all', { message: 'product_id must be a valid id' })
  product_id: string;
}

/** POST /api/incomingLists/product/remove body. */
export class RemoveIncomingLineDto {
  @IsUUID('all', { message: 'list_id must be a valid id' })
  list_id: string;

  @IsUUID('all', { message: 'product_id must be a valid id' })
  product_id: string;
}
