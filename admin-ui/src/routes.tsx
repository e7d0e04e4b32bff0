import type { ReactElement } from 'react';
import { ComingSoon } from './common/ComingSoon';
import { Dashboard } from './dashboard/Dashboard';
import { ValuationReport } from './reports/ValuationReport';
import { PendingIncomingList, SingleIncomingList } from './incoming/IncomingListDetail';
import { IncomingInventory, PendingIncoming } from './incoming/IncomingLists';
import { UserCreate, UserEdit } from './users/UserForm';
import { UserList } from './users/UserList';
import { WarehouseCreate, WarehouseEdit } from './warehouses/WarehouseForm';
import { WarehouseList } from './warehouses/WarehouseList';

/**
 * Every screen path of the spec's route table (spec 2). Paths match case-insensitively, so the
 * lower-case variants (/addproduct, /viewuser) reach the same screen. Unknown paths go to /dashboard
 * (App.tsx). To build a screen, replace its `<ComingSoon>` element with the screen component.
 */
export const ROUTES: { path: string; element: ReactElement }[] = [
  { path: '/dashboard', element: <Dashboard /> },
  { path: '/userRegistration', element: <UserCreate /> },
  { path: '/userRegistration/:id', element: <UserEdit /> },
  { path: '/viewUser', element: <UserList /> },
  { path: '/addWarehouse', element: <WarehouseCreate /> },
  { path: '/addWarehouse/:id', element: <WarehouseEdit /> },
  { path: '/viewWarehouse', element: <WarehouseList /> },
  { path: '/addCategory', element: <ComingSoon title="pages.editCategory" /> },
  { path: '/addCategory/:id', element: <ComingSoon title="pages.editCategory" /> },
  { path: '/viewCategory', element: <ComingSoon title="menu.viewCategory" /> },
  { path: '/viewProduct', element: <ComingSoon title="menu.viewProduct" /> },
  { path: '/addProduct', element: <ComingSoon title="menu.addProduct" /> },
  { path: '/addProduct/:id', element: <ComingSoon title="pages.editProduct" /> },
  { path: '/incomingInventory', element: <IncomingInventory /> },
  { path: '/singleIncomingList/:id', element: <SingleIncomingList /> },
  { path: '/pendingIncoming', element: <PendingIncoming /> },
  { path: '/pendingIncoming/:id', element: <PendingIncomingList /> },
  { path: '/outGoingInventory', element: <ComingSoon title="pages.outGoingInventory" /> },
  { path: '/sales/outgoing', element: <ComingSoon title="menu.outgoing" /> },
  { path: '/sales/outgoing/:id', element: <ComingSoon title="pages.outgoingList" /> },
  { path: '/inventoryInAllWarehouse', element: <ComingSoon title="menu.inventory" /> },
  { path: '/transactionRange', element: <ComingSoon title="menu.transactionRange" /> },
  { path: '/report', element: <ValuationReport /> },
  { path: '/customers/list', element: <ComingSoon title="menu.customers" /> },
  { path: '/customer/add', element: <ComingSoon title="menu.addCustomer" /> },
];
