import { sql, type SQL } from 'drizzle-orm';
import { customers } from '../database/schema';

/**
 * Customers one of whose phone numbers (all of them joined by spaces) matches the ILIKE `pattern`:
 * through `customer_phones_text`, the expression of the trigram index `customers_phones_trgm_idx`
 * (migration 0023, with trigram indexes on name, email and company), so a customer search reads
 * indexes instead of scanning every customer (issue 13).
 */
export const phonesMatch = (pattern: string): SQL => sql`customer_phones_text(${customers.phoneNo}) ILIKE ${pattern}`;
