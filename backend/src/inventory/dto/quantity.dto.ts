import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { DecimalField } from '../../common/http/decimal';
import { MAX_QUANTITY } from '../quantity';

/**
 * One quantity entry `{name, value}` (Quantity entry): `name` is a unit of the
 * product, `value` a number > 0 with at most 3 decimals. Reuse it in any DTO that carries
 * a quantity list: `@IsArray() @ArrayNotEmpty() @ValidateNested({each:true}) @Type(() => QuantityEntryDto)`.
 * Unit membership is checked by the service with `assertUnits` (400).
 */
export class QuantityEntryDto {
  /** The unit of measure, e.g. "pcs". */
  @IsString()
  @IsNotEmpty({ message: 'Missing unit name' })
  @MaxLength(100)
  name: string;

  /** The amount, > 0, at most 3 decimals. */
  @DecimalField({ places: 3, min: 0, exclusiveMin: true, max: MAX_QUANTITY })
  value: number;
}

/**
 * A quantity that may be 0: what was counted of a unit, or what arrived of it on a
 * transfer's receipt; value >= 0 with at most 3 decimals.
 */
export class NonNegativeQuantityDto {
  /** The unit of measure, e.g. "pcs". */
  @IsString()
  @IsNotEmpty({ message: 'Missing unit name' })
  @MaxLength(100)
  name: string;

  /** The amount, >= 0, at most 3 decimals. */
  @DecimalField({ places: 3, min: 0, max: MAX_QUANTITY })
  value: number;
}
