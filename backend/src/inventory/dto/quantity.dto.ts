import { IsNotEmpty, IsNumber, IsString, Max, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { isValidQuantity, MAX_QUANTITY } from '../quantity';

/** Validates a quantity value: a number > 0 with at most 3 decimals. */
export function IsQuantityValue(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isQuantityValue',
      validator: {
        validate: (value: unknown) => isValidQuantity(value),
        defaultMessage: () => 'value must be greater than 0 with at most 3 decimals',
      },
    },
    options,
  );
}

/**
 * One quantity entry `{name, value}` (spec 3, Quantity entry): `name` is a unit of the
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
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'value must be a number' })
  @Max(MAX_QUANTITY)
  @IsQuantityValue()
  value: number;
}
