/**
 * Straight-line depreciation of spec 9 in TypeScript, exact to the cent (BigInt, no floats), for
 * values computed outside a report query (a stock count's difference value). The asset valuation
 * report computes the same rule in SQL (valuation-sql.ts); valuation-sql.api.spec.ts runs every
 * case through both so they cannot drift apart.
 * years = whole years since the purchased date (one year = 31,536,000,000 ms, never negative);
 * currentValue = max(0, price − price × rate% × years), rounded half up to the cent;
 * valuation = currentValue × quantity, rounded half up to the cent.
 * A missing price or rate gives 0; a missing purchased date counts as 0 years.
 */
export const YEAR_MS = 31_536_000_000;

/** Inputs as the database returns them: NUMERIC as strings. */
export interface DepreciationInput {
  /** NUMERIC(14,2) money, e.g. '1200.50'. */
  purchasedPrice: string | null;
  /** Percent per year, NUMERIC(6,3), e.g. '12.5'. */
  depreciationRate: string | null;
  purchasedDate: Date | null;
  /** NUMERIC(14,3) quantity of the first unit, e.g. '3.250'. */
  quantity: string;
}

/** The computed fields; money as decimal strings with two places. */
export interface Depreciation {
  years: number;
  currentValue: string;
  valuation: string;
}

/** Parses a non-negative-or-negative decimal string into an integer scaled by 10^scale (truncating extra digits). */
export function toScaled(value: string, scale: number): bigint {
  const [whole, frac = ''] = value.trim().split('.');
  const negative = whole.startsWith('-');
  const digits = `${negative ? whole.slice(1) : whole || '0'}${frac.padEnd(scale, '0').slice(0, scale)}`;
  const n = BigInt(digits);
  return negative ? -n : n;
}

/** Formats an integer number of cents as '1234.56' (or '-0.05'). */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${abs / 100n}.${frac}`;
}

/** numerator / denominator rounded half up (both non-negative). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Whole years between `purchasedDate` and `now` (0 when missing or in the future). */
function wholeYears(purchasedDate: Date | null, now: Date): number {
  if (!purchasedDate) return 0;
  return Math.max(0, Math.floor((now.getTime() - purchasedDate.getTime()) / YEAR_MS));
}

/** Current value in cents of one unit (see the file comment). */
function currentValueCents(price: string | null, rate: string | null, years: number): bigint {
  if (price === null || rate === null) return 0n;
  const cents = toScaled(price, 2);
  const rateMilli = toScaled(rate, 3); // percent × 1000
  const lost = cents * rateMilli * BigInt(years); // cents × 100_000
  const value = cents * 100_000n - lost;
  return value <= 0n ? 0n : divRound(value, 100_000n);
}

/** Years, current value and valuation of one inventory record at `now`. */
export function depreciate(input: DepreciationInput, now: Date): Depreciation {
  const years = wholeYears(input.purchasedDate, now);
  const value = currentValueCents(input.purchasedPrice, input.depreciationRate, years);
  const quantityMilli = toScaled(input.quantity, 3);
  const valuation = quantityMilli <= 0n ? 0n : divRound(value * quantityMilli, 1000n);
  return { years, currentValue: formatCents(value), valuation: formatCents(valuation) };
}
