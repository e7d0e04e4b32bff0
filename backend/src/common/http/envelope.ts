/** The success body of every API route: `{message, data}` (docs/api.md). */
export interface Envelope<T> {
  message: string;
  data: T;
}

/** Wraps `data` in the success envelope. */
export function ok<T>(message: string, data: T): Envelope<T> {
  return { message, data };
}

/** A page of records: the spec's list shapes carry `total_count`. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** A page whose total is counted up to a cap (capped-count.ts): `capped` when more rows match than `total` says. */
export interface CappedPage<T> extends Page<T> {
  capped: boolean;
}

/**
 * How many records a paged list's `data` says match. Every paged list counts up to a cap: 1,000
 * when a search term is present, 10,000 without (capped-count.ts); the pages past the cap are still
 * served, in the same order, and the list's export still has every match.
 */
export interface ListCount {
  /** How many records match: exact up to the cap, else the cap (a floor). */
  total_count: number;
  /** True when more records match than the cap: `total_count` is then the cap. */
  total_capped: boolean;
}

/** The {@link ListCount} of a {@link CappedPage}. */
export const listCount = (page: { total: number; capped: boolean }): ListCount => ({ total_count: page.total, total_capped: page.capped });
