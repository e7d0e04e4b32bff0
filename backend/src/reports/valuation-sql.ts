/**
 * Straight-line depreciation of spec 9 as SQL, the one computation of the asset valuation report
 * (the JSON rows, their sort and totals, and the Excel export). NUMERIC arithmetic only,
 * so it is exact to the cent:
 * - years = whole years from the purchased date to `now` (one year = 31,536,000 s), never negative;
 *   0 without a purchased date;
 * - current value = max(0, price − price × rate% × years), rounded half up to the cent; 0.00 when
 *   the price or the rate is missing;
 * - valuation = current value × on-hand quantity of the first unit, rounded half up to the cent.
 * PostgreSQL's `round(numeric, 2)` rounds half away from zero, which is half up for these values
 * (never negative: the max and the stock_levels check `on_hand >= 0`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { YEAR_MS } from './depreciation';

/** Seconds in the year of spec 9, inlined as a NUMERIC literal. */
const YEAR_SECONDS = sql.raw(String(YEAR_MS / 1000));

/** `now` as a timestamptz parameter: the instant the service values the report at. */
export const atInstant = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;

/** Whole years (int) from `purchasedDate` (timestamptz, may be null) to `now`. */
export function yearsSql(purchasedDate: SQL, now: Date): SQL<number> {
  // div() truncates, which is the floor here: a negative span (a future date) gives 0 either way
  return sql<number>`CASE WHEN ${purchasedDate} IS NULL THEN 0
    ELSE greatest(0, div(extract(epoch FROM ${atInstant(now)} - ${purchasedDate}), ${YEAR_SECONDS}))::int END`;
}

/** Current value of one unit (NUMERIC, 2 places) from price NUMERIC(14,2), rate NUMERIC(6,3) in percent and whole `years`. */
export function currentValueSql(price: SQL, rate: SQL, years: SQL): SQL<string> {
  return sql<string>`CASE WHEN ${price} IS NULL OR ${rate} IS NULL THEN 0.00
    ELSE round(greatest(0, ${price} - ${price} * ${rate} * ${years} * 0.01), 2) END`;
}

/** Valuation (NUMERIC, 2 places): `currentValue` (2 places) × `quantity` (NUMERIC(14,3), not negative). */
export function valuationSql(currentValue: SQL, quantity: SQL): SQL<string> {
  return sql<string>`round(${currentValue} * ${quantity}, 2)`;
}
