import type { AuditAction, AuditChange, AuditEntity } from '@inventory/common';
import { allows, ROUTE_ACCESS, type RoutePath } from '../access/rules';

/**
 * The audit trail as the API serves it (backend/src/audit/dto/audit.dto.ts): one event,
 * a page of events, and the screen of each kind of record. The record kinds, actions and how a
 * change reads come from @inventory/common.
 */

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
  /** The names of the records the events refer to by id (their record and the ids in their changes). */
  names: RecordNames;
  total_count: number;
}

/** Record id → the name people know it by (`Main store`, `Hex bolt (HB-1)`, `GRN 12`). */
export type RecordNames = Record<string, string>;

/** The screen of each kind of record that has one (customers on their form's `?id=`; ledger rows have none). */
const RECORD_SCREENS: Partial<Record<AuditEntity, { route: RoutePath; path: (id: string) => string }>> = {
  product: { route: '/addProduct/:id', path: (id) => `/addProduct/${id}` },
  category: { route: '/addCategory/:id', path: (id) => `/addCategory/${id}` },
  warehouse: { route: '/addWarehouse/:id', path: (id) => `/addWarehouse/${id}` },
  user: { route: '/userRegistration/:id', path: (id) => `/userRegistration/${id}` },
  customer: { route: '/customer/add', path: (id) => `/customer/add?id=${encodeURIComponent(id)}` },
  incoming_list: { route: '/singleIncomingList/:id', path: (id) => `/singleIncomingList/${id}` },
  outgoing_list: { route: '/sales/outgoing/:id', path: (id) => `/sales/outgoing/${id}` },
  adjustment: { route: '/adjustments/:id', path: (id) => `/adjustments/${id}` },
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
