/**
 * How each react-admin resource maps onto the API as it is (spec 7). Add a resource here and the
 * generic dataProvider methods work for it; workflow steps use `dataProvider.api()` instead.
 */
export interface ResourceConfig {
  /** GET: the active list. */
  list: string;
  /** GET: the removed list (Active/Removed filter value `removed`). */
  removed?: string;
  /** Paged lists take `page`, `limit` and `search` and answer `{[listKey]: [], total_count}`. */
  paged?: { listKey: string };
  /**
   * react-admin field -> API `sort` field of a paged list (issue 13, docs/api.md "Sorting"). Only these
   * fields are sent as `sort`/`order`; any other sort (the list's default) leaves the server's usual order.
   */
  sortFields?: Readonly<Record<string, string>>;
  /** GET: the server export of the active list (`format`, `search`, `sort`, `order`; docs/api.md "Exports"). */
  export?: string;
  /** Read one record; when absent getOne searches the lists. */
  one?: (id: string) => string;
  create: string;
  update: (id: string) => string;
  updateMethod: 'PATCH' | 'PUT';
  remove: (id: string) => string;
  activate?: (id: string) => string;
  activateMethod?: 'PATCH' | 'PUT';
  /** Body fields the API accepts on create and update (it rejects unknown fields). */
  fields: readonly string[];
  /** Fields only sent on create (e.g. the password). */
  createOnly?: readonly string[];
}

export const RESOURCES: Record<string, ResourceConfig> = {
  users: {
    list: '/users',
    removed: '/users/removed/all',
    paged: { listKey: 'users' },
    sortFields: {
      first_name: 'first_name', last_name: 'last_name', email: 'email', phone: 'phone', role: 'role', warehouse_name: 'warehouse_name',
    },
    export: '/users/export',
    create: '/users/register',
    update: (id) => `/users/updateuser/${id}`,
    updateMethod: 'PATCH',
    remove: (id) => `/users/remove/${id}`,
    activate: (id) => `/users/activate/${id}`,
    activateMethod: 'PUT',
    fields: ['first_name', 'last_name', 'phone', 'email', 'role', 'warehouse'],
    createOnly: ['password'],
  },
  warehouses: {
    list: '/warehouses',
    removed: '/warehouses/removed/all',
    create: '/warehouses',
    update: (id) => `/warehouses/update/${id}`,
    updateMethod: 'PATCH',
    remove: (id) => `/warehouses/remove/${id}`,
    activate: (id) => `/warehouses/activate/${id}`,
    activateMethod: 'PATCH',
    fields: ['name', 'address'],
  },
  categories: {
    list: '/productCategories',
    one: (id) => `/productCategories/${id}`,
    create: '/productCategories/add',
    update: (id) => `/productCategories/update/${id}`,
    updateMethod: 'PUT',
    remove: (id) => `/productCategories/remove/${id}`,
    activate: (id) => `/productCategories/activate/${id}`,
    activateMethod: 'PUT',
    fields: ['name', 'description', 'specifications', 'quantity_measurement'],
  },
  products: {
    list: '/products',
    removed: '/products/removed/all',
    paged: { listKey: 'products' },
    one: (id) => `/products/${id}`,
    create: '/products',
    update: (id) => `/products/${id}`,
    updateMethod: 'PATCH',
    remove: (id) => `/products/${id}`,
    activate: (id) => `/products/activate/${id}`,
    activateMethod: 'PATCH',
    fields: ['category', 'name', 'code', 'description', 'specifications', 'quantity', 'buffer_stock'],
  },
  customers: {
    list: '/customers/all',
    removed: '/customers/removed/all',
    paged: { listKey: 'customers' },
    sortFields: { name: 'name', company: 'company', address: 'address', email: 'email' },
    export: '/customers/export',
    one: (id) => `/customers/${id}`,
    create: '/customers/create',
    update: (id) => `/customers/${id}`,
    updateMethod: 'PATCH',
    remove: (id) => `/customers/remove/${id}`,
    activate: (id) => `/customers/activate/${id}`,
    activateMethod: 'PUT',
    fields: ['name', 'company', 'address', 'phone_no', 'email'],
  },
};

/** The config of `resource`, or an error naming it. */
export function resourceConfig(resource: string): ResourceConfig {
  const config = RESOURCES[resource];
  if (!config) throw new Error(`Unknown resource "${resource}" (add it to src/providers/resources.ts)`);
  return config;
}
