import type { QuantityEntry, UnitPrices } from '../database/schema';
import { fieldError } from '../common/http/field-error';
import { toCents } from './money';

/** One unit's price as the API shows it: `{name: 'box', price: 140}` (ETB, VAT included). */
export interface UnitPriceEntry {
  name: string;
  price: number;
}

/** The price fields of a line edit: `unitPrice` (one price, for the first quantity entry's unit) or `unitPrices` (one per unit). */
export interface PriceRequest {
  unitPrice?: number | null;
  unitPrices?: UnitPriceEntry[] | null;
}

/**
 * The prices a line holds after an edit, for the units of `quantity` only (a unit no longer
 * delivered loses its price):
 * - `unitPrices` replaces every price (`null` or `[]` clears them); each name must be a unit of
 *   `quantity`, once (400 naming `unitPrices.<i>.name`);
 * - `unitPrice` sets the price of `quantity[0]`'s unit and keeps the others (`null` clears all);
 * - neither keeps `current`. Both at once is a 400 naming `unitPrices`.
 */
export function pricesAfter(req: PriceRequest, quantity: readonly QuantityEntry[], current: UnitPrices): UnitPrices {
  if (req.unitPrices !== undefined && req.unitPrice !== undefined) {
    throw fieldError('unitPrices', 'Send unitPrices (a price per unit) or unitPrice (one price for the first unit), not both');
  }
  const units = quantity.map((q) => q.name);
  let prices: UnitPrices;
  if (req.unitPrices !== undefined) {
    prices = {};
    (req.unitPrices ?? []).forEach((p, i) => {
      if (!units.includes(p.name)) {
        throw fieldError(`unitPrices.${i}.name`, `Unit "${p.name.slice(0, 60)}" is not delivered on this line (units: ${units.join(', ')})`);
      }
      if (p.name in prices) throw fieldError(`unitPrices.${i}.name`, `Unit "${p.name}" is priced twice`);
      prices[p.name] = p.price;
    });
  } else if (req.unitPrice === null) prices = {};
  else if (req.unitPrice !== undefined) prices = { ...current, [units[0]]: req.unitPrice };
  else prices = current;
  return Object.fromEntries(units.filter((u) => prices[u] != null).map((u) => [u, Number(prices[u])]));
}

const sameCents = (a: number | undefined, b: number | undefined) => (a == null || b == null ? a === b : toCents(a) === toCents(b));

/** The same unit prices: the same units priced, each at the same price. */
export function samePrices(a: UnitPrices, b: UnitPrices): boolean {
  const units = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...units].every((u) => sameCents(a[u], b[u]));
}

/**
 * True when an added quantity at `prices` belongs on a line priced `linePrices`: every unit
 * the addition names has the same price there (or none on both), so the line's prices stay.
 */
export function pricesAgree(linePrices: UnitPrices, quantity: readonly QuantityEntry[], prices: UnitPrices): boolean {
  return quantity.every((q) => sameCents(linePrices[q.name], prices[q.name]));
}

/** The priced units of a line in its quantity order: `[{name, price}]`. */
export function priceEntries(prices: UnitPrices, quantity: readonly QuantityEntry[]): UnitPriceEntry[] {
  return quantity.filter((q) => prices[q.name] != null).map((q) => ({ name: q.name, price: Number(prices[q.name]) }));
}

/** The delivered units of a line without a price. */
export function unpricedUnits(prices: readonly UnitPriceEntry[] | undefined, quantity: readonly QuantityEntry[]): string[] {
  return quantity.filter((q) => !prices?.some((p) => p.name === q.name)).map((q) => q.name);
}

/**
 * The line's prices for the audit trail: `unitPrice` is the first unit's (as before lines had a
 * price per unit), `unitPrice <unit>` each further unit's.
 */
export function auditPrices(prices: UnitPrices, quantity: readonly QuantityEntry[]): Record<string, number> {
  return Object.fromEntries(quantity.filter((q) => prices[q.name] != null).map((q) => [q === quantity[0] ? 'unitPrice' : `unitPrice ${q.name}`, prices[q.name]]));
}
