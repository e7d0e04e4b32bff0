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

/** A page whose total is counted up to a cap (issue 13, see capped-count.ts): `capped` when more rows match than `total` says. */
export interface CappedPage<T> extends Page<T> {
  capped: boolean;
}
