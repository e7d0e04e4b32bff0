/**
 * Document number series (GRN, GIN, TRN): the next number after the last one a warehouse used.
 * A number's series is its last run of digits with the text before and after it ("GRN-ADD-0041"
 * is "GRN-ADD-" + 41 in 4 digits + ""); the next number counts that run up, keeping its width
 * ("0099" → "0100", "9999" → "10000").
 */
export interface NumberSeries {
  prefix: string;
  /** The digit run's value. */
  value: bigint;
  /** Digits the run is padded to with zeros. */
  width: number;
  suffix: string;
}

const LAST_DIGITS = /^(.*?)(\d+)(\D*)$/s;

/** The series of `number` at its own place, or null when it holds no digit. */
export function parseSeries(number: string): NumberSeries | null {
  const m = LAST_DIGITS.exec(number);
  return m ? { prefix: m[1], value: BigInt(m[2]), width: m[2].length, suffix: m[3] } : null;
}

/** The number at `value` in `series` ("GRN-ADD-" + 42 → "GRN-ADD-0042"). */
export function formatSeries(series: NumberSeries, value: bigint): string {
  return `${series.prefix}${value.toString().padStart(series.width, '0')}${series.suffix}`;
}

/**
 * The series a warehouse starts with when none of its documents has a number with a digit:
 * `<KIND>-<CODE>-0001`, CODE the first three Latin letters or digits of the warehouse's name in
 * capitals ("Addis Main" → "GRN-ADD-0001"), or `<KIND>-0001` for a name without any.
 */
export function firstOfSeries(kind: string, warehouseName: string): NumberSeries {
  const code = warehouseName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();
  return { prefix: code ? `${kind}-${code}-` : `${kind}-`, value: 1n, width: 4, suffix: '' };
}

/** The first number of `series` from `from` on that `taken` does not hold. */
export function firstFree(series: NumberSeries, from: bigint, taken: ReadonlySet<string>): string {
  let value = from;
  while (taken.has(formatSeries(series, value))) value += 1n;
  return formatSeries(series, value);
}
