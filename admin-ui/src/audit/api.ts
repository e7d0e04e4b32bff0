import { allows, ROUTE_ACCESS, type RoutePath } from '../access/rules';

/**
 * The audit trail as the API serves it (issue 14; backend/src/audit/audit-actions.ts and
 * dto/audit.dto.ts): the record kinds, the actions, one event, a page of events.
 */
export const AUDIT_ENTITIES = ['product', 'category', 'warehouse', 'customer', 'user', 'incoming_list', 'outgoing_list', 'transaction'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create', 'update', 'remove', 'activate', 'reset_password', 'change_password', 'add_line', 'update_line', 'remove_line',
  'submit', 'confirm', 'approve', 'deliver', 'return', 'cancel', 'customer_return', 'receipt', 'issue', 'reverse',
  'sign_in', 'sign_in_failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its dotted path (`buffer_stock.quantity`) and the values before and after (null: none). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One audit event; `user` is who did it as recorded then (`_id` and `role` null for the system). */
export interface AuditEvent {
  _id: string;
  at: string;
  user: { _id: string | null; name: string; role: string | null };
  action: AuditAction;
  entity: AuditEntity;
  entity_id: string | null;
  changes: AuditChange[];
  request_id: string | null;
  client_address: string | null;
}

/** An event as react-admin lists it (the dataProvider adds `id` = `_id`). */
export type AuditRecord = AuditEvent & { id: string };

/** A page of GET /api/audit or /api/audit/{entity}/{id}. */
export interface AuditPage {
  events: AuditEvent[];
  total_count: number;
}

/** How a missing value (null, undefined) shows in a change. */
export const NONE = '—';

/**
 * A value of a change, compactly and as the server's export writes it (backend audit.export.ts):
 * text and numbers as they are, lists and objects as compact JSON, {@link NONE} for null.
 */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return NONE;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A change as one line: `price: 120.00 -> 135.00`. */
export const changeText = (c: AuditChange): string => `${c.field}: ${formatValue(c.before)} -> ${formatValue(c.after)}`;

/** The screen of each kind of record that has one (customers on their form's `?id=`; ledger rows have none). */
const RECORD_SCREENS: Partial<Record<AuditEntity, { route: RoutePath; path: (id: string) => string }>> = {
  product: { route: '/addProduct/:id', path: (id) => `/addProduct/${id}` },
  category: { route: '/addCategory/:id', path: (id) => `/addCategory/${id}` },
  warehouse: { route: '/addWarehouse/:id', path: (id) => `/addWarehouse/${id}` },
  user: { route: '/userRegistration/:id', path: (id) => `/userRegistration/${id}` },
  customer: { route: '/customer/add', path: (id) => `/customer/add?id=${encodeURIComponent(id)}` },
  incoming_list: { route: '/singleIncomingList/:id', path: (id) => `/singleIncomingList/${id}` },
  outgoing_list: { route: '/sales/outgoing/:id', path: (id) => `/sales/outgoing/${id}` },
};

/**
 * The path of the screen of `entity` `id`, when it has one and `role` may open it (the one access
 * table, access/rules.ts); otherwise null, so no link leads to the access page.
 */
export function recordPath(role: string | undefined, entity: AuditEntity, id: string | null): string | null {
  const screen = RECORD_SCREENS[entity];
  if (!screen || !id) return null;
  return allows(role, ROUTE_ACCESS[screen.route]) ? screen.path(id) : null;
}
