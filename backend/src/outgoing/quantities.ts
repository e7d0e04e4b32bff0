import type { QuantityEntry } from '../database/schema';
import { levelsHidden } from '../inventory/quantity';
import { LevelConflictException } from '../inventory/blind-count';

/** A quantity with at most 3 decimals as an integer count of thousandths (exact arithmetic). */
export const toMilli = (value: number | string): number => Math.round(Number(value) * 1000);
const fromMilli = (milli: number): number => milli / 1000;

/** Adds two quantity lists unit by unit: `[{pcs 2}] + [{pcs 3}, {box 1}]` = `[{pcs 5}, {box 1}]`. */
export function addQuantities(a: readonly QuantityEntry[], b: readonly QuantityEntry[]): QuantityEntry[] {
  const sum = new Map<string, number>();
  for (const q of [...a, ...b]) sum.set(q.name, (sum.get(q.name) ?? 0) + toMilli(q.value));
  return [...sum].map(([name, milli]) => ({ name, value: fromMilli(milli) }));
}

/**
 * Throws 409 when any unit of `requested` exceeds `available` of the record `inventoryId` (a line
 * asking more than is available in the warehouse), naming the product, unit and both quantities;
 * without the numbers for a blind count's counter (levelsHidden).
 */
export function assertCovered(productName: string, requested: readonly QuantityEntry[], available: readonly QuantityEntry[], inventoryId: string): void {
  for (const q of requested) {
    const have = available.find((a) => a.name === q.name)?.value ?? 0;
    if (toMilli(q.value) > toMilli(have)) {
      throw new LevelConflictException(
        `Not enough ${productName} available: ${q.name} requested ${Number(q.value)}, available ${Number(have)}`,
        [inventoryId],
        levelsHidden(productName, q.name),
      );
    }
  }
}

/** "5 pcs, 2 box": a quantity list as printed on documents. */
export function formatQuantity(quantity: readonly QuantityEntry[]): string {
  return quantity.map((q) => `${Number(q.value)} ${q.name}`).join(', ');
}
