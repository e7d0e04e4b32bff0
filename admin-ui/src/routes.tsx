import type { ReactElement } from 'react';
import { RouteGuard } from './access/RouteGuard';
import { AdjustmentDetail } from './adjustments/AdjustmentDetail';
import { AdjustmentList } from './adjustments/AdjustmentList';
import { ImportPage } from './imports/ImportPage';
import { StockCountDetail } from './stock-counts/StockCountDetail';
import { StockCountList } from './stock-counts/StockCountList';
import { TransferDetail } from './transfers/TransferDetail';
import { TransferList } from './transfers/TransferList';
import { ROUTE_ACCESS, type RoutePath } from './access/rules';
import { AuditLog } from './audit/AuditLog';
import { CategoryCreate, CategoryEdit } from './categories/CategoryForm';
import { CategoryList } from './categories/CategoryList';
import { CustomerForm } from './customers/CustomerForm';
import { CustomerList } from './customers/CustomerList';
import { Dashboard } from './dashboard/Dashboard';
import { ValuationReport } from './reports/ValuationReport';
import { ProductCreate, ProductEdit } from './products/ProductForm';
import { ProductList } from './products/ProductList';
import { PendingIncomingList, SingleIncomingList } from './incoming/IncomingListDetail';
import { InventoryList } from './inventory/InventoryList';
import { OutgoingInventory } from './inventory/OutgoingInventory';
import { IncomingInventory, PendingIncoming } from './incoming/IncomingLists';
import { OutgoingListDetail } from './outgoing/OutgoingListDetail';
import { OutgoingLists } from './outgoing/OutgoingLists';
import { TransactionRange } from './transactions/TransactionRange';
import { UserCreate, UserEdit } from './users/UserForm';
import { UserList } from './users/UserList';
import { WarehouseCreate, WarehouseEdit } from './warehouses/WarehouseForm';
import { WarehouseList } from './warehouses/WarehouseList';

/** The screen of each spec route; the type makes every route of ROUTE_ACCESS have one. */
const SCREENS: Record<RoutePath, ReactElement> = {
  '/dashboard': <Dashboard />,
  '/userRegistration': <UserCreate />,
  '/userRegistration/:id': <UserEdit />,
  '/viewUser': <UserList />,
  '/addWarehouse': <WarehouseCreate />,
  '/addWarehouse/:id': <WarehouseEdit />,
  '/viewWarehouse': <WarehouseList />,
  '/addCategory': <CategoryCreate />,
  '/addCategory/:id': <CategoryEdit />,
  '/viewCategory': <CategoryList />,
  '/viewProduct': <ProductList />,
  '/addProduct': <ProductCreate />,
  '/addProduct/:id': <ProductEdit />,
  '/incomingInventory': <IncomingInventory />,
  '/singleIncomingList/:id': <SingleIncomingList />,
  '/pendingIncoming': <PendingIncoming />,
  '/pendingIncoming/:id': <PendingIncomingList />,
  '/outGoingInventory': <OutgoingInventory />,
  '/sales/outgoing': <OutgoingLists />,
  '/sales/outgoing/:id': <OutgoingListDetail />,
  '/inventoryInAllWarehouse': <InventoryList />,
  '/transactionRange': <TransactionRange />,
  '/report': <ValuationReport />,
  '/customers/list': <CustomerList />,
  '/customer/add': <CustomerForm />,
  '/auditLog': <AuditLog />,
  '/adjustments': <AdjustmentList />,
  '/adjustments/:id': <AdjustmentDetail />,
  '/transfers': <TransferList />,
  '/transfers/:id': <TransferDetail />,
  '/stockCounts': <StockCountList />,
  '/stockCounts/:id': <StockCountDetail />,
  '/import': <ImportPage />,
};

/**
 * Every screen path of the spec's route table, each behind its access (access/rules.ts,
 * issue 13): a role without the right sees the access page. Paths match case-insensitively, so the
 * lower-case variants (/addproduct, /viewuser) reach the same screen. Unknown paths show the
 * not-found page (App.tsx).
 */
export const ROUTES: { path: string; element: ReactElement }[] = (Object.keys(SCREENS) as RoutePath[]).map((path) => ({
  path,
  element: <RouteGuard access={ROUTE_ACCESS[path]}>{SCREENS[path]}</RouteGuard>,
}));
