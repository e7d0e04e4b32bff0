import { useGetList } from 'react-admin';
import { readSession } from '../providers/session';
import { ALL_BY_NAME } from './StockFilters';

/**
 * Whether the signed-in user sees the stock of more than one warehouse (the Warehouse
 * column of Inventory and low stock): not tied to a warehouse (admin, finance...), and more than
 * one warehouse exists. A warehouseAdmin sees only their own.
 */
export function useSeesManyWarehouses(): boolean {
  const tied = Boolean(readSession()?.warehouse);
  const { total } = useGetList('warehouses', ALL_BY_NAME, { enabled: !tied });
  return !tied && (total ?? 0) > 1;
}
