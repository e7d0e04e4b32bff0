import { sql, type SQL } from 'drizzle-orm';
import { searchTextMatches } from '../common/http/list-sql';
import { customers } from '../database/schema';

/**
 * Customers whose name, email or company matches the LIKE `pattern` (from containsPattern),
 * case-insensitively: the stored `customers.search_text` (migration 0025, with its trigram index;
 * not in the Drizzle schema, so no customer row read carries it). See {@link searchTextMatches}.
 */
export const customerTextMatches = (pattern: string): SQL =>
  searchTextMatches(sql`${customers}.search_text`, [customers.name, customers.email, customers.company], pattern);

/**
 * Customers one of whose phone numbers (all of them joined by spaces) matches the LIKE `pattern`,
 * case-insensitively: the stored lower-case `phones_text` (migration 0025), with its trigram index,
 * so a customer search reads a column instead of calling a function for every customer.
 */
export const phonesMatch = (pattern: string): SQL => sql`${customers}.phones_text LIKE lower(${pattern})`;
