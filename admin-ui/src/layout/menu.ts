import type { SvgIconComponent } from '@mui/icons-material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StoreIcon from '@mui/icons-material/Store';
import ChecklistIcon from '@mui/icons-material/Checklist';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import type { Role } from '@inventory/common';
import { allows, ROUTE_ACCESS, type RoutePath } from '../access/rules';

/** A red blinking count badge on a menu entry. */
export interface MenuBadge {
  /** GET path under /api whose `data` holds the count. */
  path: string;
  /** Reads the count from the response `data`. */
  count: (data: unknown) => number;
}

/** One side-menu entry: the spec's path and title (an i18n key in src/i18n/en.ts). */
export interface MenuEntry {
  path: string;
  title: string;
  icon: SvgIconComponent;
  badge?: MenuBadge;
}

/** Every entry that appears in some role's menu. */
const E = {
  dashboard: { path: '/dashboard', title: 'menu.dashboard', icon: DashboardIcon },
  userRegistration: { path: '/userRegistration', title: 'menu.userRegistration', icon: PersonAddIcon },
  viewUser: { path: '/viewUser', title: 'menu.viewUser', icon: PeopleIcon },
  viewProduct: { path: '/viewProduct', title: 'menu.viewProduct', icon: Inventory2Icon },
  addProduct: { path: '/addProduct', title: 'menu.addProduct', icon: PlaylistAddIcon },
  addWarehouse: { path: '/addWarehouse', title: 'menu.addWarehouse', icon: AddBusinessIcon },
  viewWarehouse: { path: '/viewWarehouse', title: 'menu.viewWarehouse', icon: StoreIcon },
  addCategory: { path: '/addCategory', title: 'menu.addCategory', icon: CategoryIcon },
  viewCategory: { path: '/viewCategory', title: 'menu.viewCategory', icon: ViewListIcon },
  incomingInventory: { path: '/incomingInventory', title: 'menu.incomingInventory', icon: MoveToInboxIcon },
  pendingIncoming: { path: '/pendingIncoming', title: 'menu.pendingIncoming', icon: MoveToInboxIcon },
  outgoing: { path: '/sales/outgoing', title: 'menu.outgoing', icon: LocalShippingIcon },
  inventory: { path: '/inventoryInAllWarehouse', title: 'menu.inventory', icon: InventoryIcon },
  transactionRange: { path: '/transactionRange', title: 'menu.transactionRange', icon: ReceiptLongIcon },
  customers: { path: '/customers/list', title: 'menu.customers', icon: PeopleIcon },
  addCustomer: { path: '/customer/add', title: 'menu.addCustomer', icon: PersonAddIcon },
  /** The asset valuation report: for the roles holding reports.read. */
  report: { path: '/report', title: 'report.menu', icon: AssessmentIcon },
  /** The audit trail: for the roles the access rules let open /auditLog (audit.read). */
  auditLog: { path: '/auditLog', title: 'audit.menu', icon: HistoryIcon },
  /** Stock adjustments: for the roles the access rules let open /adjustments (adjustments.read). */
  adjustments: { path: '/adjustments', title: 'adjustments.menu', icon: TuneIcon },
  /** Transfers and stock counts: for the roles the access rules let open them (transfers.read, stockCounts.read). */
  transfers: { path: '/transfers', title: 'transfers.menu', icon: SyncAltIcon },
  stockCounts: { path: '/stockCounts', title: 'stockCounts.menu', icon: ChecklistIcon },
  /** Bulk import: for the roles the access rules let open /import (imports.read). */
  imports: { path: '/import', title: 'imports.menu', icon: UploadFileIcon },
} satisfies Record<string, MenuEntry>;

/** The counts of GET /api/badges (docs/api.md, Badges). */
type BadgeKey =
  | 'incomingAwaitingFinance'
  | 'incomingAwaitingImportAdmin'
  | 'outgoingAwaitingFinance'
  | 'outgoingAwaitingSupervisor'
  | 'outgoingAwaitingDelivery'
  | 'incomingReturned'
  | 'outgoingReturned'
  | 'pendingAdjustments'
  | 'transfersAwaitingReceipt'
  | 'pendingStockCounts';

/** `entry` with the red count badge of `key` from GET /api/badges (Menu badges). */
const withBadge = (entry: MenuEntry, key: BadgeKey): MenuEntry => ({
  ...entry,
  badge: { path: '/badges', count: (data) => Number((data as Record<BadgeKey, number> | undefined)?.[key] ?? 0) },
});

/**
 * The side menu of each role, in the spec's order ("Side menu per role"); the creators'
 * Incoming and Outgoing entries count their returned lists.
 * To add a badge to one role's entry: `{ ...E.outgoing, badge: { path: '/...', count: (d) => ... } }`.
 */
export const MENUS: Record<Role, MenuEntry[]> = {
  admin: [E.dashboard, E.userRegistration, E.viewUser, E.viewProduct, E.addWarehouse, E.viewWarehouse, E.viewCategory, E.inventory, E.transactionRange, E.report],
  warehouseAdmin: [E.dashboard, E.addProduct, E.viewProduct, E.viewWarehouse, E.addCategory, E.viewCategory, withBadge(E.incomingInventory, 'incomingReturned'), withBadge(E.outgoing, 'outgoingAwaitingDelivery'), E.inventory, E.transactionRange],
  sales: [E.dashboard, E.customers, E.addCustomer, E.viewProduct, withBadge(E.outgoing, 'outgoingReturned'), E.transactionRange, E.inventory],
  finance: [E.dashboard, E.viewProduct, withBadge(E.pendingIncoming, 'incomingAwaitingFinance'), withBadge(E.outgoing, 'outgoingAwaitingFinance'), E.inventory, E.transactionRange, E.report],
  importAdmin: [E.dashboard, E.viewProduct, withBadge(E.pendingIncoming, 'incomingAwaitingImportAdmin'), E.inventory, E.transactionRange],
  salesSupervisor: [E.dashboard, E.viewProduct, E.inventory, withBadge(E.outgoing, 'outgoingAwaitingSupervisor'), E.transactionRange],
};

/** An entry beyond the spec's menus; `badges` names the roles whose entry carries a count badge, and which. */
interface AccessEntry {
  entry: MenuEntry;
  badges?: Partial<Record<Role, BadgeKey>>;
}

/**
 * Entries beyond the spec's menus, each shown, after the role's own entries, to exactly the roles
 * the access rules (access/rules.ts) let open its route: the one role x route table decides the
 * menu as it decides the route. Finance's Adjustments and Stock Counts entries count
 * what awaits its decision, the warehouseAdmin's Transfers entry the transfers awaiting its receipt
 *.
 */
const BY_ACCESS: AccessEntry[] = [
  { entry: E.transfers, badges: { warehouseAdmin: 'transfersAwaitingReceipt' } },
  { entry: E.stockCounts, badges: { finance: 'pendingStockCounts' } },
  { entry: E.adjustments, badges: { finance: 'pendingAdjustments' } },
  { entry: E.imports },
  { entry: E.auditLog },
];

/** Whether `role` may open `path` by the access rules (a path outside the route table: yes). */
function mayOpen(role: string, path: string): boolean {
  const access = (ROUTE_ACCESS as Partial<Record<string, (typeof ROUTE_ACCESS)[RoutePath]>>)[path];
  return !access || allows(role, access);
}

/** The menu of `role` (empty for an unknown role): its entries the access rules let it open. */
export function menuFor(role: string | undefined): MenuEntry[] {
  const own = role ? MENUS[role as Role] : undefined;
  if (!role || !own) return [];
  const extra = BY_ACCESS.map(({ entry, badges }) => {
    const key = badges?.[role as Role];
    return key ? withBadge(entry, key) : entry;
  });
  return [...own, ...extra].filter((entry) => mayOpen(role, entry.path));
}
