import type { ReactElement } from 'react';
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

/**
 * Every screen path of the spec's route table (spec 2). Paths match case-insensitively, so the
 * lower-case variants (/addproduct, /viewuser) reach the same screen. Unknown paths go to /dashboard
 * (App.tsx).
 */
export const ROUTES: { path: string; element: ReactElement }[] = [
  { path: '/dashboard', element: <Dashboard /> },
  { path: '/userRegistration', element: <UserCreate /> },
  { path: '/userRegistration/:id', element: <UserEdit /> },
  { path: '/viewUser', element: <UserList /> },
  { path: '/addWarehouse', element: <WarehouseCreate /> },
  { path: '/addWarehouse/:id', element: <WarehouseEdit /> },
  { path: '/viewWarehouse', element: <WarehouseList /> },
  { path: '/addCategory', element: <CategoryCreate /> },
  { path: '/addCategory/:id', element: <CategoryEdit /> },
  { path: '/viewCategory', element: <CategoryList /> },
  { path: '/viewProduct', element: <ProductList /> },
  { path: '/addProduct', element: <ProductCreate /> },
  { path: '/addProduct/:id', element: <ProductEdit /> },
  { path: '/incomingInventory', element: <IncomingInventory /> },
  { path: '/singleIncomingList/:id', element: <SingleIncomingList /> },
  { path: '/pendingIncoming', element: <PendingIncoming /> },
  { path: '/pendingIncoming/:id', element: <PendingIncomingList /> },
  { path: '/outGoingInventory', element: <OutgoingInventory /> },
  { path: '/sales/outgoing', element: <OutgoingLists /> },
  { path: '/sales/outgoing/:id', element: <OutgoingListDetail /> },
  { path: '/inventoryInAllWarehouse', element: <InventoryList /> },
  { path: '/transactionRange', element: <TransactionRange /> },
  { path: '/report', element: <ValuationReport /> },
  { path: '/customers/list', element: <CustomerList /> },
  { path: '/customer/add', element: <CustomerForm /> },
];
