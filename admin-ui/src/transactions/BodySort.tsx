import { useContext, useMemo, type ReactNode } from 'react';
import { DataProviderContext, type GetListParams } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { TRANSACTION_SORT_FIELDS } from './resource';

/** The ledger filter plus react-admin's sort as the body's `sort`/`order` (none for a field the API does not sort by). */
function withBodySort(filter: Record<string, unknown>, sort: GetListParams['sort'] | undefined): Record<string, unknown> {
  const field = sort && Object.hasOwn(TRANSACTION_SORT_FIELDS, sort.field) ? TRANSACTION_SORT_FIELDS[sort.field] : undefined;
  return field ? { ...filter, sort: field, order: sort?.order === 'DESC' ? 'desc' : 'asc' } : filter;
}

/**
 * Sorting of the ledger (issue 13): POST /api/transactions/search and /export take `sort`/`order`
 * in the body (docs/api.md "Sorting") and refuse them in the query string, where the shared
 * dataProvider sends a resource's `sortFields`. Below this provider, the `transactions` list and its
 * export pass react-admin's sort to the resource's `body` builder as filter values instead.
 */
export const BodySort = ({ children }: { children: ReactNode }) => {
  const dataProvider = useContext(DataProviderContext) as AppDataProvider;
  const sorted = useMemo<AppDataProvider>(
    () => ({
      ...dataProvider,
      getList: (resource, params) =>
        dataProvider.getList(resource, resource === 'transactions' ? { ...params, filter: withBodySort(params.filter, params.sort) } : params),
      exportList: (resource, params) =>
        dataProvider.exportList(resource, resource === 'transactions' ? { ...params, filter: withBodySort(params.filter, params.sort) } : params),
    }),
    [dataProvider],
  );
  return <DataProviderContext.Provider value={sorted}>{children}</DataProviderContext.Provider>;
};
