import type { ResourceConfig } from '../providers/resources';
import { searchBody } from './api';

/**
 * Column source -> API `sort` field of the ledger search (docs/api.md "Sorting": the date, type,
 * GRN, GIN and the product, category and warehouse names). The route is a POST list, so the
 * dataProvider sends them in the search body, not the query string.
 */
const TRANSACTION_SORT_FIELDS: Readonly<Record<string, string>> = {
  transaction_date: 'transaction_date',
  transaction_type: 'transaction_type',
  grn: 'grn',
  gin: 'gin',
  'product.name': 'product',
  'product.category.name': 'category',
  'warehouse.name': 'warehouse',
};

/**
 * The `transactions` resource: the stock ledger search, POST /api/transactions/search?page&limit
 * with the filters (and sort) as the body (`{transactionsList, total_count}`),
 * and its export POST /api/transactions/export?format with the same body (transactions_YYYY-MM-DD).
 */
export const transactionResource: ResourceConfig = {
  list: '/transactions/search',
  listMethod: 'POST',
  body: searchBody,
  paged: { listKey: 'transactionsList' },
  sortFields: TRANSACTION_SORT_FIELDS,
  export: '/transactions/export',
};
