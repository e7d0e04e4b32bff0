/**
 * Classifies database failures that are not the client's fault:
 * the database cannot be reached, and transaction conflicts worth retrying. Both drivers'
 * errors are read (node-postgres and PGlite), also when Drizzle wraps them (`cause`).
 */

/** Socket and DNS errors of a connection attempt or of a dropped connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs meaning the server is not available: admin or crash shutdown, cannot connect now
 * (starting up, recovering), too many connections. Class 08 (connection exception) is matched whole.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and PGlite messages of a connection that ended or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^PGlite is clos(ed|ing)/,
];

/** Deadlock detected and serialization failure: the transaction can be run again as a whole. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

interface ErrorLike {
  code?: unknown;
  detail?: unknown;
  severity?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and its causes (Drizzle wraps driver errors in DrizzleQueryError), at most 5 deep. */
function* chain(err: unknown): Generator<ErrorLike> {
  for (let e = err as ErrorLike | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as ErrorLike, i++) yield e;
}

/**
 * True when `err` says the database cannot be reached or ended the session: a network error,
 * SQLSTATE class 08, 57P01-57P03 or 53300, any FATAL/PANIC error (the server closed the
 * session, e.g. "database is not currently accepting connections"), a pool connect timeout,
 * a terminated connection, or a closed PGlite.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  }
  return false;
}

/** True when `err` is a deadlock (40P01) or a serialization failure (40001). */
export function isRetryableConflict(err: unknown): boolean {
  for (const e of chain(err)) if (typeof e.code === 'string' && RETRYABLE_STATES.has(e.code)) return true;
  return false;
}

/** A stock level as a failed issue posting locked it: quantities as NUMERIC texts. */
export interface ShortfallLevel {
  inventoryId: string;
  unit: string;
  onHand: string;
  reserved: string;
}

/**
 * When a posting statement found a stock level short (SQLSTATE SL001, raised by `stock_shortfall`,
 * migration 0021): the levels it locked, as its DETAIL lists them; undefined for any other error.
 */
export function shortfallLevels(err: unknown): ShortfallLevel[] | undefined {
  for (const e of chain(err)) {
    if (e.code !== 'SL001' || typeof e.detail !== 'string' || !e.detail.startsWith('[')) continue;
    const rows = JSON.parse(e.detail) as { inventory_id: string; unit: string; on_hand: number | string; reserved: number | string }[];
    return rows.map((r) => ({ inventoryId: r.inventory_id, unit: r.unit, onHand: String(r.on_hand), reserved: String(r.reserved) }));
  }
  return undefined;
}
