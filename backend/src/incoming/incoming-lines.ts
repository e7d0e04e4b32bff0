import type { QuantityEntry } from '../database/schema';

const THOUSANDTHS = 1000;

/**
 * Adds `extra` to `current` unit by unit (the same product added twice adds to its line).
 * Sums are exact to 3 decimals (done in thousandths, not floats). Units keep their first order.
 */
export function mergeQuantities(current: readonly QuantityEntry[], extra: readonly QuantityEntry[]): QuantityEntry[] {
  const merged = new Map<string, number>();
  for (const q of [...current, ...extra]) {
    merged.set(q.name, (merged.get(q.name) ?? 0) + Math.round(Number(q.value) * THOUSANDTHS));
  }
  return [...merged].map(([name, value]) => ({ name, value: value / THOUSANDTHS }));
}

/**
 * A validated decimal (price: 2 places, rate: 3) as NUMERIC text for a line's column:
 * undefined (not sent) keeps the column, null clears it.
 */
export function decimalText(value: number | null | undefined, places: number): string | null | undefined {
  return value == null ? value : value.toFixed(places);
}
