import { BadRequestException, ConflictException } from '@nestjs/common';
import type { QuantityEntry } from '../database/schema';
import { LevelConflictException } from './blind-count';

/** Largest quantity a NUMERIC(14,3) column holds. */
export const MAX_QUANTITY = 99_999_999_999.999;

/** True for a finite number > 0 with at most 3 decimals (spec: exact quantities). */
export function isValidQuantity(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value > 0 &&
    value <= MAX_QUANTITY &&
    /^\d+(\.\d{1,3})?$/.test(String(value))
  );
}

/** The decimal text of a validated quantity, for NUMERIC parameters (no float arithmetic). */
export function toDecimal(value: number): string {
  return String(value);
}

/**
 * Checks a quantity list against the product's units: not empty, every unit one of
 * `productUnits`, no unit twice, every value > 0 with at most 3 decimals.
 * @throws BadRequestException (400) naming the offending unit or value.
 */
export function assertUnits(productUnits: readonly string[], quantity: readonly QuantityEntry[], productName = 'the product'): void {
  if (!Array.isArray(quantity) || quantity.length === 0) {
    throw new BadRequestException('quantity must list at least one unit');
  }
  const seen = new Set<string>();
  for (const q of quantity) {
    if (!productUnits.includes(q.name)) {
      throw new BadRequestException(
        `Unit "${String(q.name).slice(0, 60)}" is not a unit of ${productName} (units: ${productUnits.join(', ')})`,
      );
    }
    if (seen.has(q.name)) throw new BadRequestException(`Unit "${q.name}" is listed twice`);
    seen.add(q.name);
    if (!isValidQuantity(q.value)) {
      throw new BadRequestException(`Quantity of "${q.name}" must be greater than 0 with at most 3 decimals`);
    }
  }
}

/** Parses a NUMERIC text from the database into the API's number. */
export function fromDecimal(value: string | number | null | undefined): number {
  return value == null ? 0 : Number(value);
}

/**
 * The 409 of a posting that finds too little stock of the record `inventoryId`: names product,
 * unit, what was requested and what is `available` (or `reserved`, for a delivery from its
 * reservation); a blind count's counter gets the same without the numbers ({@link levelsHidden}).
 */
export function notEnoughStock(product: string, unit: string, requested: number, what: 'available' | 'reserved', have: number, inventoryId: string): LevelConflictException {
  return new LevelConflictException(`Not enough stock of ${product} (${unit}): requested ${requested}, ${what} ${have}`, [inventoryId], levelsHidden(product, unit, what));
}

/** The 409 of too little stock for a reader who may not see the record's levels (a blind count's counter). */
export function levelsHidden(product: string, unit: string, what: 'available' | 'reserved' = 'available'): ConflictException {
  return new ConflictException(
    what === 'available'
      ? `Not enough available stock of ${product} (${unit}): the record is being counted, so its quantities are not shown`
      : `Not enough reserved stock of ${product} (${unit}): the record is being counted, so its quantities are not shown`,
  );
}
