/**
 * Money in exact integer cents (BigInt), for the invoice (prices include 15% VAT, ETB).
 * Prices arrive as NUMERIC(14,2) text or numbers with at most 2 decimals; quantities have at
 * most 3 decimals, so a line total is rounded half-up from thousandths of a cent once.
 */

/** "12.5" or 12.5 → 1250n cents. */
export function toCents(price: string | number): bigint {
  const [whole, frac = ''] = String(price).split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt((frac + '00').slice(0, 2)));
}

/** Quantity (≤ 3 decimals) as thousandths: "2.5" → 2500n. */
function toMilliUnits(quantity: string | number): bigint {
  const [whole, frac = ''] = String(quantity).split('.');
  return BigInt(whole) * 1000n + BigInt((frac + '000').slice(0, 3));
}

/** Divides by a positive divisor, rounding half up (amounts here are never negative). */
const divRound = (n: bigint, d: bigint): bigint => (n * 2n + d) / (2n * d);

/** Line total in cents: unit price × quantity, rounded half-up to the cent. */
export function lineTotalCents(unitPrice: string | number, quantity: string | number): bigint {
  return divRound(toCents(unitPrice) * toMilliUnits(quantity), 1000n);
}

/** The VAT contained in a VAT-inclusive amount: amount × rate / (100 + rate), rounded half-up. */
export function includedVatCents(grossCents: bigint, ratePercent = 15n): bigint {
  return divRound(grossCents * ratePercent, 100n + ratePercent);
}

/** 123456n → "1,234.56". */
export function formatCents(cents: bigint): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}
