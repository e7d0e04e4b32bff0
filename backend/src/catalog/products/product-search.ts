import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../common/http/list-sql';
import { products } from '../../database/schema';

/** Joins the searched fields; no search term holds it, so a match never spans two fields. */
const SEPARATOR = '\x1f';

/**
 * Name, code and description of a product as one lower-case text, the fields joined by
 * {@link SEPARATOR}: the stored generated column `search_text`, with its trigram index (migration
 * 0025; not in the Drizzle schema, so no product row read carries it).
 */
const SEARCH_TEXT = sql`${products}.search_text`;

/**
 * Products whose name, code or description contains `term`, case-insensitively (spec 2 product and
 * inventory searches; issue 13): one LIKE over {@link SEARCH_TEXT} with the pattern in lower case,
 * read from its trigram index or, when many products match, scanned at ~0.25 µs a product (an ILIKE
 * over the three fields joined on the fly took ~1 µs). A term holding the separator itself is
 * matched field by field, so it still cannot match across two fields.
 */
export function productTextMatches(term: string): SQL {
  const like = containsPattern(term);
  if (term.includes(SEPARATOR)) return or(ilike(products.name, like), ilike(products.code, like), ilike(products.description, like))!;
  return sql`${SEARCH_TEXT} LIKE lower(${like})`;
}
