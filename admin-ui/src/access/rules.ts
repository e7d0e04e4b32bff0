import { can, type Permission } from '@inventory/common';

/**
 * What each react-admin resource, and each screen that is no resource (dashboard, reports), needs
 * from the one permission table (@inventory/common): `read` for the actions `list`, `show`
 * and `export`, `write` for every other action (`create`, `edit`, `delete`). A resource without
 * `write` is changed only through its workflow calls, never a react-admin form.
 */
const RESOURCE_RULES: Readonly<Record<string, { read: Permission; write?: Permission }>> = {
  dashboard: { read: 'stats.read' },
  reports: { read: 'reports.read' },
  /** The asset valuation report's rows, read a page at a time. */
  valuations: { read: 'reports.read' },
  users: { read: 'staff.read', write: 'staff.manage' },
  warehouses: { read: 'warehouses.read', write: 'warehouses.manage' },
  categories: { read: 'categories.read', write: 'categories.manage' },
  products: { read: 'products.read', write: 'products.manage' },
  customers: { read: 'customers.read', write: 'customers.manage' },
  incomingLists: { read: 'incoming.read' },
  outgoingLists: { read: 'outgoing.read' },
  inventory: { read: 'inventory.read' },
  lowStock: { read: 'inventory.read' },
  transactions: { read: 'transactions.read' },
  /** The whole audit trail; one record's history is asked for on that record's screen. */
  audit: { read: 'audit.read' },
  /** Stock adjustments: read by admin, warehouseAdmin (its warehouse's) and finance; asked for by a warehouseAdmin through its own dialog. */
  adjustments: { read: 'adjustments.read', write: 'adjustments.create' },
  /** Transfers and stock counts: read by admin, warehouseAdmin and finance; changed through their own calls. */
  transfers: { read: 'transfers.read', write: 'transfers.create' },
  stockCounts: { read: 'stockCounts.read', write: 'stockCounts.count' },
  /** Bulk import: the page and history for admin, warehouseAdmin, sales and finance; each kind's own permission is checked by the page and the server. */
  imports: { read: 'imports.read' },
};

const READ_ACTIONS = new Set(['list', 'show', 'export']);

/** A react-admin access question: `action` on `resource` (as `authProvider.canAccess` receives it). */
export interface Access {
  resource: string;
  action: string;
}

/**
 * Whether `role` may do `action` on `resource`. A resource with no rule here is left to
 * the server (true), so a new react-admin resource never locks its screen by accident.
 */
export function allows(role: string | undefined, { resource, action }: Access): boolean {
  const rule = RESOURCE_RULES[resource];
  if (!rule) return true;
  const permission = READ_ACTIONS.has(action) ? rule.read : rule.write;
  return permission !== undefined && can(role, permission);
}

/**
 * The access each spec route needs, as a react-admin question: lists and
 * detail pages read, forms create or edit. routes.tsx guards every route with it.
 */
export const ROUTE_ACCESS = {
  '/dashboard': { resource: 'dashboard', action: 'show' },
  '/userRegistration': { resource: 'users', action: 'create' },
  '/userRegistration/:id': { resource: 'users', action: 'edit' },
  '/viewUser': { resource: 'users', action: 'list' },
  '/addWarehouse': { resource: 'warehouses', action: 'create' },
  '/addWarehouse/:id': { resource: 'warehouses', action: 'edit' },
  '/viewWarehouse': { resource: 'warehouses', action: 'list' },
  '/addCategory': { resource: 'categories', action: 'create' },
  '/addCategory/:id': { resource: 'categories', action: 'edit' },
  '/viewCategory': { resource: 'categories', action: 'list' },
  '/viewProduct': { resource: 'products', action: 'list' },
  '/addProduct': { resource: 'products', action: 'create' },
  '/addProduct/:id': { resource: 'products', action: 'edit' },
  '/incomingInventory': { resource: 'incomingLists', action: 'list' },
  '/singleIncomingList/:id': { resource: 'incomingLists', action: 'show' },
  '/pendingIncoming': { resource: 'incomingLists', action: 'list' },
  '/pendingIncoming/:id': { resource: 'incomingLists', action: 'show' },
  '/outGoingInventory': { resource: 'inventory', action: 'list' },
  '/sales/outgoing': { resource: 'outgoingLists', action: 'list' },
  '/sales/outgoing/:id': { resource: 'outgoingLists', action: 'show' },
  '/inventoryInAllWarehouse': { resource: 'inventory', action: 'list' },
  '/transactionRange': { resource: 'transactions', action: 'list' },
  '/report': { resource: 'reports', action: 'show' },
  '/customers/list': { resource: 'customers', action: 'list' },
  '/customer/add': { resource: 'customers', action: 'create' },
  '/auditLog': { resource: 'audit', action: 'list' },
  '/adjustments': { resource: 'adjustments', action: 'list' },
  '/adjustments/:id': { resource: 'adjustments', action: 'show' },
  '/transfers': { resource: 'transfers', action: 'list' },
  '/transfers/:id': { resource: 'transfers', action: 'show' },
  '/stockCounts': { resource: 'stockCounts', action: 'list' },
  '/stockCounts/:id': { resource: 'stockCounts', action: 'show' },
  '/import': { resource: 'imports', action: 'list' },
} as const satisfies Record<string, Access>;

/** A path of the spec's route table. */
export type RoutePath = keyof typeof ROUTE_ACCESS;
