import { applyDecorators } from '@nestjs/common';
import { ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';

/** Plain decimal notation: an optional minus, digits, optionally a point and digits (no exponent). */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** The rule of one decimal field (money, rate, quantity). */
export interface DecimalRule {
  /** Most digits after the point. */
  places: number;
  /** Smallest value, inclusive unless `exclusiveMin`. */
  min: number;
  exclusiveMin?: boolean;
  /** Largest value, inclusive (what the NUMERIC column holds). */
  max: number;
  /** The field may be absent. */
  optional?: boolean;
  /** The field may be null (the service reads null as "clear it"). */
  nullable?: boolean;
  /** The name in messages; the property name by default. */
  label?: string;
}

/** Money in ETB: NUMERIC(14,2), not negative. */
export const MONEY = { places: 2, min: 0, max: 999_999_999_999.99 } as const;
/** A yearly depreciation rate in percent: NUMERIC(6,3), 0 to 100. */
export const RATE = { places: 3, min: 0, max: 100 } as const;

/**
 * Why `value` breaks `rule`, or undefined when it is a valid decimal: a JSON number (never a
 * string, boolean or null: no coercion) whose shortest form is plain decimal
 * notation (`1e-9` is refused: point 12) with at most `places` decimals, within [min, max].
 */
export function decimalProblem(value: unknown, rule: DecimalRule): string | undefined {
  const format = `must be a number in plain decimal notation with at most ${rule.places} decimals`;
  if (typeof value !== 'number' || !Number.isFinite(value)) return format;
  const text = String(value);
  if (!PLAIN_DECIMAL.test(text) || (text.split('.')[1]?.length ?? 0) > rule.places) return format;
  if (rule.exclusiveMin && value <= rule.min) return `must be greater than ${rule.min}`;
  if (!rule.exclusiveMin && value < rule.min) return rule.min === 0 ? 'must not be negative' : `must be at least ${rule.min}`;
  if (value > rule.max) return `must be at most ${rule.max}`;
  return undefined;
}

/**
 * The one decorator of every decimal field: purchasedPrice, depreciationRate,
 * unitPrice, quantity values, buffer quantity. One message per failure, e.g. "purchasedPrice must
 * be a number in plain decimal notation with at most 2 decimals" or "value must be greater than 0".
 */
export function DecimalField(rule: DecimalRule): PropertyDecorator {
  const skip = (value: unknown) => (value === undefined && rule.optional) || (value === null && rule.nullable);
  return applyDecorators(
    ValidateIf((_object: object, value: unknown) => !skip(value)),
    ValidateBy({
      name: 'decimalField',
      validator: {
        validate: (value: unknown) => decimalProblem(value, rule) === undefined,
        defaultMessage: (args?: ValidationArguments) => `${rule.label ?? args?.property} ${decimalProblem(args?.value, rule)}`,
      },
    }),
  );
}
