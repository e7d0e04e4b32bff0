import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsNumber, IsOptional, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { QuantityEntryDto } from '../../inventory/dto/quantity.dto';

/** Fields shared by product/add and product/update: the quantity per unit and a price. */
class LineQuantityDto {
  /** One entry per unit of the product, each value > 0 (units checked against the product: 400). */
  @IsArray()
  @ArrayNotEmpty({ message: 'quantity must list at least one unit' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => QuantityEntryDto)
  quantity: QuantityEntryDto[];

  /** Purchase price per unit in ETB (>= 0, 2 decimals), recorded on the inventory at approval. */
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'purchasedPrice must be a number with at most 2 decimals' })
  @Min(0)
  @Max(999_999_999_999.99)
  purchasedPrice?: number;
}

/** POST /api/incomingLists/product/add body: the same product twice adds to its line. */
export class AddIncomingLineDto extends LineQuantityDto {
  @IsUUID('all', { message: 'list_id must be a valid id' })
  list_id: string;

  /** The product id. */
  @IsUUID('all', { message: 'product must be a valid id' })
  product: string;
}

/** POST /api/incomingLists/product/update body: replaces the line's quantity. */
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
