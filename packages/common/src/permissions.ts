/**
 * The one permission table (spec section 6 and the side menus of section 2).
 * The server's RolesGuard and the admin UI both read it; docs/api.md mirrors it.
 * This file has no imports; it lives in @inventory/common (packages/common).
 */
export const ROLES = ['admin', 'warehouseAdmin', 'finance', 'salesSupervisor', 'importAdmin', 'sales'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ROLES;

export const PERMISSIONS = {
  /** One's own account: change one's password. */
  'account.self': ALL,
  'staff.read': ALL,
  'staff.manage': ['admin'],
  'warehouses.read': ALL,
  'warehouses.manage': ['admin'],
  'categories.read': ALL,
  'categories.manage': ['warehouseAdmin'],
  'products.read': ALL,
  'products.manage': ['warehouseAdmin'],
  'customers.read': ['admin', 'sales'],
  'customers.manage': ['admin', 'sales'],
  'inventory.read': ALL,
  /** Direct receipts and issues (Outgoing Inventory by warehouse screen). */
  'inventory.move': ['warehouseAdmin'],
  'transactions.read': ALL,
  /** Reverse a direct receipt or issue: the warehouseAdmin of the movement's warehouse. */
  'transactions.reverse': ['warehouseAdmin'],
  'incoming.read': ['admin', 'warehouseAdmin', 'importAdmin', 'finance'],
  'incoming.create': ['warehouseAdmin'],
  'incoming.editLines': ['warehouseAdmin', 'importAdmin'],
  'incoming.submit': ['warehouseAdmin'],
  'incoming.confirm': ['importAdmin'],
  'incoming.approve': ['finance'],
  /** Send a list back to draft with a reason: importAdmin and finance, each at its own step. */
  'incoming.return': ['importAdmin', 'finance'],
  /** Cancel a draft: the warehouseAdmin of the list's warehouse. */
  'incoming.cancel': ['warehouseAdmin'],
  'outgoing.read': ['admin', 'warehouseAdmin', 'sales', 'salesSupervisor', 'finance'],
  'outgoing.create': ['sales'],
  'outgoing.editLines': ['sales', 'salesSupervisor'],
  'outgoing.submit': ['sales'],
  'outgoing.verify': ['salesSupervisor'],
  'outgoing.approve': ['finance'],
  'outgoing.deliver': ['warehouseAdmin'],
  /** Send a list back to draft with a reason: salesSupervisor and finance, each at its own step. */
  'outgoing.return': ['salesSupervisor', 'finance'],
  /** Cancel a list: sales in draft, finance once approved (releasing the reservation). */
  'outgoing.cancel': ['sales', 'finance'],
  /** Take goods a customer sends back from a delivered list into stock: the warehouseAdmin of the list's warehouse. */
  'outgoing.customerReturn': ['warehouseAdmin'],
  'outgoing.documents': ['warehouseAdmin', 'admin'],
  'badges.read': ALL,
  'stats.read': ALL,
  'reports.read': ['admin', 'finance'],
  /** Stock adjustments: read (warehouseAdmin its own warehouse's), request, approve or reject. */
  'adjustments.read': ['admin', 'warehouseAdmin', 'finance'],
  'adjustments.create': ['warehouseAdmin'],
  'adjustments.approve': ['finance'],
  /** Transfers between warehouses: read (warehouseAdmin those from or to its warehouse). */
  'transfers.read': ['admin', 'warehouseAdmin', 'finance'],
  /** Create, edit the lines of, dispatch and cancel a transfer: the warehouseAdmin of its source warehouse. */
  'transfers.create': ['warehouseAdmin'],
  /** Receive a transfer: the warehouseAdmin of its destination warehouse. */
  'transfers.receive': ['warehouseAdmin'],
  /** Stock counts: read (warehouseAdmin its own warehouse's). */
  'stockCounts.read': ['admin', 'warehouseAdmin', 'finance'],
  /** Start, count (lines, sheet upload), submit and cancel a count: the warehouseAdmin of its warehouse. */
  'stockCounts.count': ['warehouseAdmin'],
  /** Approve (posting the differences) or return a submitted count. */
  'stockCounts.approve': ['finance'],
  /** Bulk import: the Import page and the history of imports (each sees the kinds it may import). */
  'imports.read': ['admin', 'warehouseAdmin', 'sales', 'finance'],
  /** Import categories and products. */
  'imports.catalog': ['warehouseAdmin'],
  /** Import customers. */
  'imports.customers': ['admin', 'sales'],
  /** Import opening stock into one's own warehouse. */
  'imports.openingStock': ['warehouseAdmin'],
  /** Import sales history (recorded in the ledger at its own dates; levels unchanged). */
  'imports.salesHistory': ['admin', 'finance'],
  /** Search the whole audit trail. */
  'audit.read': ['admin', 'finance'],
  /** One record's history: further limited to who may read that record. */
  'audit.history': ALL,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** True when `role` holds `permission`. */
export function can(role: string | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly string[]).includes(role);
}
