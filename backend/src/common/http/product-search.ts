import { sql, type SQL } from 'drizzle-orm';
import { products } from '../../database/schema';
import { containsPattern, searchTextMatches } from './list-sql';

/**
 * Products whose name, code or description contains `term`, case-insensitively (spec 2 product and
 * inventory searches): the stored `products.search_text` (migration 0025; not in the
 * Drizzle schema, so no product row read carries it), read from its trigram index or, when many
 * products match, scanned at ~0.25 µs a product (an ILIKE over the three fields joined on the fly
 * took ~1 µs). See {@link searchTextMatches}.
 */
export function productTextMatches(term: string): SQL {
  return searchTextMatches(sql`${products}.search_text`, [products.name, products.code, products.description], containsPattern(term));
}
