/** class-transformer helpers shared by the DTOs: `@Transform(trim)`. */

/** Trims a string value; other values pass through for the validators to judge. */
export const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** Trims every string of an array value. */
export const trimAll = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v)) : value;

/**
 * A whole number written in digits (a query string's `"2"`) becomes a number; anything else
 * (`true`, `"2.5"`, `""`) is left as sent for `@IsInt` to refuse: no coercion.
 */
export const toInteger = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value);
