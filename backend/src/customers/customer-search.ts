import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { customers } from '../database/schema';

/** Joins the searched fields of `search_text`; no search term holds it, so a match never spans two fields. */
const SEPARATOR = '\x1f';

/**
 * Customers whose name, email or company matches the LIKE `pattern` (from containsPattern),
 * case-insensitively: one LIKE over the stored lower-case `search_text` (the three fields joined by
 * {@link SEPARATOR}, migration 0025, with its trigram index; not in the Drizzle schema, so no
 * customer row read carries it). A pattern holding the separator is matched field by field.
 */
export function customerTextMatches(pattern: string): SQL {
  if (pattern.includes(SEPARATOR)) return or(ilike(customers.name, pattern), ilike(customers.email, pattern), ilike(customers.company, pattern))!;
  return sql`${customers}.search_text LIKE lower(${pattern})`;
}

/**
 * Customers one of whose phone numbers (all of them joined by spaces) matches the LIKE `pattern`,
 * case-insensitively: the stored lower-case `phones_text` (migration 0025), with its trigram index,
 * so a customer search reads a column instead of calling a function for every customer (issue 13).
 */
export const phonesMatch = (pattern: string): SQL => sql`${customers}.phones_text LIKE lower(${pattern})`;
