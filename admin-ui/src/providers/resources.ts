import { userResource } from '../users/resource';
import { warehouseResource } from '../warehouses/resource';
import { categoryResource } from '../categories/resource';
import { productResource } from '../products/resource';
import { customerResource } from '../customers/resource';
import { incomingListResource } from '../incoming/resource';
import { outgoingListResource } from '../outgoing/resource';
import { inventoryResource, lowStockResource } from '../inventory/resource';
import { transactionResource } from '../transactions/resource';
import { auditResource } from '../audit/resource';
import { adjustmentResource } from '../adjustments/resource';
import { stockCountResource } from '../stock-counts/resource';
import { transferResource } from '../transfers/resource';
import { importResource } from '../imports/resource';
import { valuationResource } from '../reports/resource';

/**
 * How each react-admin resource maps onto the API as it is. Each screen folder declares its
 * resources in its own `resource.ts`; add one to {@link RESOURCES} and the generic dataProvider
 * methods work for it. Workflow steps use `dataProvider.api()` instead.
 */
export interface ResourceConfig {
  /** The active list (GET, or POST with {@link ResourceConfig.body}). */
  list: string;
  /** Lists read with POST take their filters as a JSON body (transactions search). */
  listMethod?: 'GET' | 'POST';
  /** The POST body built from react-admin's filter values (only with `listMethod: 'POST'`). */
  body?: (filter: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Query parameters built from react-admin's filter values, beside `search` (from `q`), `page`,
   * `limit`, `sort` and `order`; an array repeats the parameter (`status=a&status=b`).
   */
  filterParams?: (filter: Record<string, unknown>) => Record<string, string | readonly string[] | undefined>;
  /** The query parameter the search box (`q`) is sent as; default `search`. */
  searchParam?: string;
  /** GET: the removed list (Active/Removed filter value `removed`). */
  removed?: string;
  /** Paged lists take `page`, `limit` and `search` and answer `{[listKey]: [], total_count}`. */
  paged?: { listKey: string };
  /**
   * react-admin field -> API `sort` field of a paged list (docs/api.md "Sorting"). Only these
   * fields are sent as `sort`/`order` (in the query string, or in the body of a POST list); any other
   * sort (the list's default) leaves the server's usual order.
   */
  sortFields?: Readonly<Record<string, string>>;
  /**
   * POST: the totals of every record the list's filters match (the resource's `body`, without sort
   * or paging), for a screen that asks for them once per filter (`dataProvider.getTotals`).
   */
  totals?: string;
  /** GET: the server export of the active list (`format`, `search`, `sort`, `order`; docs/api.md "Exports"). */
  export?: string;
  /** Read one record; when absent getOne searches the lists. */
  one?: (id: string) => string;
  /** The key of `data` holding the record in the answer of {@link ResourceConfig.one} (`{import: {…}}`); absent: `data` is the record. */
  oneKey?: string;
  create?: string;
  update?: (id: string) => string;
  updateMethod?: 'PATCH' | 'PUT';
  remove?: (id: string) => string;
  activate?: (id: string) => string;
  activateMethod?: 'PATCH' | 'PUT';
  /** Body fields the API accepts on create and update (it rejects unknown fields). */
  fields?: readonly string[];
  /** Fields only sent on create (e.g. the password). */
  createOnly?: readonly string[];
}

export const RESOURCES: Record<string, ResourceConfig> = {
  users: userResource,
  warehouses: warehouseResource,
  categories: categoryResource,
  products: productResource,
  customers: customerResource,
  incomingLists: incomingListResource,
  outgoingLists: outgoingListResource,
  inventory: inventoryResource,
  lowStock: lowStockResource,
  transactions: transactionResource,
  audit: auditResource,
  adjustments: adjustmentResource,
  transfers: transferResource,
  stockCounts: stockCountResource,
  imports: importResource,
  valuations: valuationResource,
};

/** The config of `resource`, or an error naming it. */
export function resourceConfig(resource: string): ResourceConfig {
  const config = RESOURCES[resource];
  if (!config) throw new Error(`Unknown resource "${resource}" (add it to src/providers/resources.ts)`);
  return config;
}
