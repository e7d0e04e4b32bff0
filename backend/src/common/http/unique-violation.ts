/**
 * Readable 409 messages for unique violations (PostgreSQL 23505), by unique index name
 * (backend/src/database/schema.ts). A request that loses a race past a service's own check
 * (two creates with the same GRN at once) still learns which value is taken. Indexes on
 * `lower(...)` report the lower-cased value.
 */
const MESSAGES: Record<string, (value: string) => string> = {
  incoming_lists_grn_uq: (v) => `GRN "${v}" is already used`,
  outgoing_lists_gin_uq: (v) => `GIN "${v}" is already used`,
  stock_transfers_trn_uq: (v) => `TRN "${v}" is already used`,
  stock_transfer_lines_transfer_inventory_uq: () => 'This stock record is already on the transfer',
  products_active_code_uq: (v) => `A product with code "${v}" already exists`,
  categories_active_name_uq: (v) => `A category named "${v}" already exists`,
  warehouses_active_name_uq: (v) => `A warehouse named "${v}" already exists`,
  users_email_uq: (v) => `The email "${v}" is already used`,
};

/** The generic message when the index is not known or the detail cannot be read. */
export const UNIQUE_FALLBACK = 'This record already exists';

/** The duplicate value of a one-column key from `Key (grn)=(GRN-1) already exists.`, or undefined. */
export function duplicateValue(detail: string | undefined): string | undefined {
  const suffix = ') already exists.';
  if (!detail?.startsWith('Key (') || !detail.endsWith(suffix)) return undefined;
  const start = detail.indexOf(')=(');
  return start < 0 ? undefined : detail.slice(start + 3, detail.length - suffix.length);
}

/** The 409 message for a unique violation of `constraint` with PostgreSQL's `detail`. */
export function uniqueViolationMessage(constraint: string | undefined, detail: string | undefined): string {
  const message = constraint ? MESSAGES[constraint] : undefined;
  const value = duplicateValue(detail);
  return message && value !== undefined ? message(value) : UNIQUE_FALLBACK;
}
